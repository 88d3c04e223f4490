/**
 * Inventory's policy (spec 2 §2.1–2.4, §4 stock badge, §5, §6, §8, §9): categories, locations, the stock levels
 * and their thresholds, the quick adjustments, Generate SKU, who manages and who requests stock, and the texts.
 * zod-free, so the web app bundles it without the schemas (those are in http/inventory.ts and events/inventory.ts).
 */
import type { Role } from './access';
import type { Caller } from './records';

/** spec 2 §5: the inventory form's categories (the list's filter offers the first four, §2.1). */
export const INVENTORY_CATEGORIES = [
  'Collection',
  'Test Kits',
  'Supplies',
  'Equipment',
  'Reagents',
  'Consumables',
] as const;
export type InventoryCategory = (typeof INVENTORY_CATEGORIES)[number];
export const INVENTORY_FILTER_CATEGORIES: readonly InventoryCategory[] = INVENTORY_CATEGORIES.slice(0, 4);
export const DEFAULT_INVENTORY_CATEGORY: InventoryCategory = 'Test Kits';

/** spec 2 §2.1: the list's location filter. */
export const INVENTORY_FILTER_LOCATIONS = ['Central Supply', 'Lab Storage', 'Warehouse', 'Satellite Location'] as const;

/** spec 2 §9. */
export const INVENTORY_LIMITS = {
  defaultMinimumThreshold: 10,
  /** Warning: available at or below 1.5 × the threshold. */
  warningFactor: 1.5,
  /** The progress bar is full at 2 × the threshold. */
  fullBarFactor: 2,
  /** Restock in the alert panel adds 2 × the threshold. */
  restockFactor: 2,
  /** The list's page size (the server's: spec 2 §7 "the inventory page size comes from the server"). */
  pageSize: 20,
  /** The detail page's Recent Fulfillment Requests. */
  recentFulfillmentRequests: 5,
  /** Largest quantity an item may hold or an adjustment may move (a guard against typos, not a spec rule). */
  maxQuantity: 1_000_000,
} as const;

/** spec 2 §4: the stock badge. */
export const STOCK_LEVELS = ['low', 'warning', 'in_stock'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];
export const STOCK_LEVEL_LABELS: Record<StockLevel, string> = {
  low: 'Low Stock',
  warning: 'Warning',
  in_stock: 'In Stock',
};
/** spec 2 §4: red, yellow, green (Ant Design's tag colours). */
export const STOCK_LEVEL_COLORS: Record<StockLevel, 'red' | 'gold' | 'green'> = {
  low: 'red',
  warning: 'gold',
  in_stock: 'green',
};

/** The part of an item the stock rules look at. */
export interface StockFigures {
  quantity_available: number;
  quantity_reserved: number;
  minimum_threshold: number;
}

export function stockLevel(item: Pick<StockFigures, 'quantity_available' | 'minimum_threshold'>): StockLevel {
  if (item.quantity_available <= item.minimum_threshold) return 'low';
  if (item.quantity_available <= item.minimum_threshold * INVENTORY_LIMITS.warningFactor) return 'warning';
  return 'in_stock';
}

export const isLowStock = (item: Pick<StockFigures, 'quantity_available' | 'minimum_threshold'>): boolean =>
  stockLevel(item) === 'low';

/** Free units: available minus reserved. */
export const freeUnits = (item: Pick<StockFigures, 'quantity_available' | 'quantity_reserved'>): number =>
  item.quantity_available - item.quantity_reserved;

/** spec 2 §2.3: the bar's width in percent, available over twice the threshold, capped at 100. */
export function stockBarPercent(item: Pick<StockFigures, 'quantity_available' | 'minimum_threshold'>): number {
  const full = item.minimum_threshold * INVENTORY_LIMITS.fullBarFactor;
  if (full <= 0) return item.quantity_available > 0 ? 100 : 0;
  return Math.min(100, Math.round((item.quantity_available / full) * 100));
}

/** spec 2 §2.1: the managers' hover menu and the alert panel's Restock, each with its fixed reason. */
export const QUICK_ADJUSTMENTS = {
  addTen: { label: 'Add 10 units', adjustment: 10, reason: 'Stock replenishment' },
  removeOne: { label: 'Remove 1 unit', adjustment: -1, reason: 'Single unit usage' },
} as const;
export const RESTOCK_REASON = 'Emergency restock';
export const restockAmount = (item: Pick<StockFigures, 'minimum_threshold'>): number =>
  item.minimum_threshold * INVENTORY_LIMITS.restockFactor;

/**
 * spec 2 §5 Generate SKU: the first 3 letters of the category and of the name, upper-cased, and a random 3-digit
 * number, joined by hyphens (TES-COV-042). `random` is in [0, 1). Null without a name or a category.
 */
export function generateSku(name: string, category: string, random: number = Math.random()): string | null {
  const letters = (text: string) =>
    text
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 3)
      .toUpperCase();
  const namePart = letters(name);
  const categoryPart = letters(category);
  if (namePart === '' || categoryPart === '') return null;
  const number = String(Math.floor(random * 1000)).padStart(3, '0');
  return `${categoryPart}-${namePart}-${number}`;
}

/** spec 2 §6: who manages inventory (add, edit, notify, adjust, restock). */
export const INVENTORY_MANAGERS: readonly Role[] = ['super_admin', 'client_admin', 'fulfillment_agent'];
export const canManageInventory = (caller: Pick<Caller, 'role'>): boolean => INVENTORY_MANAGERS.includes(caller.role);
/** The list and the detail: the managers, and institution_admin (Request Item on low rows, spec 2 §6). */
export const canViewInventory = (caller: Pick<Caller, 'role'>): boolean =>
  canManageInventory(caller) || caller.role === 'institution_admin';
/** spec 2 §6: the inventory form's institution selector (others' items go to their own institution). */
export const choosesItemInstitution = (caller: Pick<Caller, 'role'>): boolean => caller.role === 'super_admin';
/** spec 3 §7: the Storage Locations sub-screen of /cms. */
export const canManageStorageLocations = (caller: Pick<Caller, 'role'>): boolean =>
  caller.role === 'super_admin' || caller.role === 'client_admin';

/** The part of an item the access rules look at: null is a global item (all institutions). */
export interface InventoryAccessFacts {
  institution_id: number | null;
}

/**
 * Who sees an item: super_admin every item; the managers, institution_admin and everyone else with the section
 * (the gateway decides the section) the global items and their own institutions' items. Another institution's
 * item answers 404.
 */
export const canReadInventoryItem = (caller: Caller, item: InventoryAccessFacts): boolean =>
  caller.role === 'super_admin' || item.institution_id === null || caller.institutionIds.includes(item.institution_id);

/** Edit, adjust, notify: a manager who sees the item. */
export const canManageInventoryItem = (caller: Caller, item: InventoryAccessFacts): boolean =>
  canManageInventory(caller) && canReadInventoryItem(caller, item);

/** spec 2 §2.1 Request Item: an institution_admin, on a low-stock item they see. */
export const canRequestStock = (caller: Caller, item: InventoryAccessFacts & StockFigures): boolean =>
  caller.role === 'institution_admin' && canReadInventoryItem(caller, item) && isLowStock(item);

/** spec 2 §5, §8 and the server's rules behind them: the texts, word for word where the spec gives them. */
export const INVENTORY_TEXTS = {
  title: 'Inventory Management',
  emptyState: 'No inventory items found',
  adjustBoth: 'Please enter both adjustment amount and reason',
  adjusted: 'Inventory adjusted successfully.',
  itemNotFound: 'Item Not Found',
  failedToSendStockRequest: 'Failed to send stock request',
  failedToFetchItemDetails: 'Failed to fetch inventory item details',
  failedToAdjust: 'Failed to adjust inventory',
  failedToFetchItem: 'Failed to fetch inventory item',
  failedToSaveItem: 'Failed to save inventory item',
  failedToFetchInventory: 'Failed to fetch inventory',
  failedToFetchStorageLocations: 'Failed to fetch storage locations',
  unspecifiedLocation: 'Unspecified',
  uncategorized: 'Uncategorized',
  notAvailable: 'N/A',
  globalInstitution: 'Global',
  globalInstitutionOption: 'Global (All Institutions)',
} as const;

/** The server's refusals (400/404/409), each a sentence saying why. */
export const INVENTORY_ERRORS = {
  itemNotFound: 'Inventory item not found',
  skuTaken: 'An inventory item with this SKU already exists',
  adjustmentZero: 'The adjustment must be a non-zero whole number',
  reasonRequired: 'A reason is required for an adjustment',
  belowZero: (available: number, adjustment: number) =>
    `Cannot remove ${-adjustment} units: only ${available} are available.`,
  belowReserved: (available: number, reserved: number, adjustment: number) =>
    `Cannot remove ${-adjustment} units: ${reserved} of the ${available} available are reserved.`,
  aboveMaximum: `A quantity cannot exceed ${INVENTORY_LIMITS.maxQuantity.toLocaleString('en-US')}`,
  notEnoughFree: (free: number, quantity: number) => `Cannot reserve ${quantity} units: only ${free} are free.`,
  /** A dispatched kit that the count could not cover: the item's History shows it on the consumption. */
  dispatchedBeyondCount: (short: number) =>
    `${short} ${short === 1 ? 'unit' : 'units'} dispatched beyond the count: recount the stock and adjust it.`,
  notLowStock: 'Stock can be requested only for an item that is low on stock',
  storageLocationNotFound: 'Storage location not found',
  storageLocationNameTaken: 'A storage location with this name already exists',
  unknownInstitution: 'The institution does not exist',
} as const;

/** Success messages of the notify and request calls (their answers' `message`). */
export const INVENTORY_MESSAGES = {
  notified: (admins: number) =>
    admins === 1
      ? 'Low stock alert sent to 1 institution admin'
      : `Low stock alert sent to ${admins} institution admins`,
  requested: 'Stock request sent to the client admins',
} as const;
