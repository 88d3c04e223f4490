import { DEFAULT_INVENTORY_CATEGORY, INVENTORY_LIMITS, type InventoryItemDetail } from '@labline/contracts';
import type { DateBoxValue } from '../../shared/typedDate';
import { dateOfDateBox } from '../../shared/typedDate';
import type { InventoryItemBody } from './api';

/** The inventory form's values (spec 2 §2.4). */
export interface InventoryFormValues {
  item_name: string;
  item_sku: string;
  item_description: string;
  category: string | undefined;
  quantity_available: number | null;
  minimum_threshold: number | null;
  location: string | undefined;
  po_number: string;
  purchase_date: DateBoxValue;
  received_date: DateBoxValue;
  /** super_admin's choice; null: Global (All Institutions). */
  institution_id: number | null;
}

/** A new item: Test Kits, threshold 10 (spec 2 §5). */
export const EMPTY_INVENTORY_FORM: InventoryFormValues = {
  item_name: '',
  item_sku: '',
  item_description: '',
  category: DEFAULT_INVENTORY_CATEGORY,
  quantity_available: 0,
  minimum_threshold: INVENTORY_LIMITS.defaultMinimumThreshold,
  location: undefined,
  po_number: '',
  purchase_date: null,
  received_date: null,
  institution_id: null,
};

export function inventoryFormValuesOf(item: InventoryItemDetail): InventoryFormValues {
  return {
    item_name: item.item_name,
    item_sku: item.item_sku,
    item_description: item.item_description ?? '',
    category: item.category ?? undefined,
    quantity_available: item.quantity_available,
    minimum_threshold: item.minimum_threshold,
    location: item.location ?? undefined,
    po_number: item.po_number,
    purchase_date: item.purchase_date?.slice(0, 10) ?? null,
    received_date: item.received_date?.slice(0, 10) ?? null,
    institution_id: item.institution_id,
  };
}

/** The body of spec 2 §5: integers, institution_id an integer or null, dates as ISO timestamps or null. */
export function inventoryBodyOf(values: InventoryFormValues): InventoryItemBody {
  const day = (value: DateBoxValue) => {
    const date = dateOfDateBox(value);
    return date === null ? null : `${date}T00:00:00.000Z`;
  };
  return {
    item_name: values.item_name.trim(),
    item_sku: values.item_sku.trim(),
    item_description: values.item_description.trim() === '' ? null : values.item_description.trim(),
    category: (values.category ?? null) as InventoryItemBody['category'],
    quantity_available: values.quantity_available ?? 0,
    minimum_threshold: values.minimum_threshold ?? INVENTORY_LIMITS.defaultMinimumThreshold,
    location: values.location ?? null,
    po_number: values.po_number.trim(),
    purchase_date: day(values.purchase_date),
    received_date: day(values.received_date),
    institution_id: values.institution_id,
  };
}
