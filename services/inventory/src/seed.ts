import type { Caller, InventoryItemInput, StorageLocationInput } from '@labline/contracts';
import { seedOnce, type SeedOutcome } from '@labline/service-kit';
import { sql } from 'slonik';
import { z } from 'zod';
import { createItem, type CommandDependencies } from './commands/items';
import { createStorageLocation } from './commands/storage-locations';

/** The demo seed acts as a super_admin; its events record the system as the actor. */
const SEED_CALLER: Caller = {
  userId: 0,
  role: 'super_admin',
  institutionId: null,
  institutionIds: [],
  permissions: [],
};

/** identity's demo institutions (README "Demo accounts"). */
const NORTHWIND = 'Northwind General Hospital';
const RIVERSIDE = 'Riverside Clinic';

/** spec 2 §2.1's four locations, in the sub-screen's order. */
export const DEMO_STORAGE_LOCATIONS: readonly StorageLocationInput[] = [
  { name: 'Central Supply', description: 'Main stores, ground floor', active: true, sort_order: 0 },
  { name: 'Lab Storage', description: 'Cold room and reagent shelves beside the lab', active: true, sort_order: 1 },
  { name: 'Warehouse', description: 'Off-site bulk stock', active: true, sort_order: 2 },
  { name: 'Satellite Location', description: 'Community clinic cupboard', active: true, sort_order: 3 },
];

type Where = 'northwind' | 'riverside' | 'global';
/** name, category, location, available, threshold, institution: some under their threshold, some near it. */
const ITEMS: readonly [string, InventoryItemInput['category'], string, number, number, Where][] = [
  ['COVID-19 Antigen Home Test Kit', 'Test Kits', 'Central Supply', 240, 50, 'global'],
  ['HbA1c Finger-Prick Kit', 'Test Kits', 'Central Supply', 8, 20, 'northwind'],
  ['Vitamin D Home Blood Kit', 'Test Kits', 'Warehouse', 35, 25, 'northwind'],
  ['Lipid Profile Dried Blood Spot Kit', 'Test Kits', 'Warehouse', 120, 30, 'riverside'],
  ['Faecal Immunochemical Test (FIT) Kit', 'Test Kits', 'Satellite Location', 12, 15, 'riverside'],
  ['Urine Collection Cup 100 mL', 'Collection', 'Lab Storage', 400, 100, 'global'],
  ['EDTA Vacutainer 4 mL (lavender)', 'Collection', 'Lab Storage', 140, 100, 'northwind'],
  ['Serum Separator Tube 5 mL (gold)', 'Collection', 'Lab Storage', 60, 80, 'northwind'],
  ['Nasopharyngeal Flocked Swab', 'Collection', 'Central Supply', 95, 40, 'riverside'],
  ['Nitrile Gloves (M), box of 100', 'Supplies', 'Central Supply', 75, 20, 'global'],
  ['Alcohol Prep Pads, box of 200', 'Supplies', 'Satellite Location', 9, 10, 'riverside'],
  ['Biohazard Specimen Bags', 'Supplies', 'Warehouse', 500, 150, 'global'],
  ['Sharps Container 1 L', 'Supplies', 'Lab Storage', 28, 20, 'northwind'],
  ['Benchtop Centrifuge', 'Equipment', 'Lab Storage', 2, 1, 'northwind'],
  ['Portable Specimen Cooler', 'Equipment', 'Warehouse', 6, 4, 'riverside'],
  ['Tourniquet, single use', 'Supplies', 'Central Supply', 18, 25, 'global'],
  // The home kits a fulfillment partner ships: each is named as the catalogue's collection device it is, the link
  // fulfillment follows from a test request's device to the item it reserves (docs/architecture.md §2).
  ['Capillary blood collection kit', 'Test Kits', 'Central Supply', 150, 40, 'global'],
  ['Saliva collection kit', 'Test Kits', 'Central Supply', 80, 20, 'global'],
  ['Stool collection kit', 'Test Kits', 'Warehouse', 60, 20, 'global'],
  ['Urine collection pot', 'Collection', 'Lab Storage', 300, 60, 'global'],
];

const idsByName = async (deps: CommandDependencies) => {
  const rows = await deps.pool.any(sql.type(z.object({ id: z.number().int(), name: z.string() }))`
    SELECT id, name FROM institutions WHERE name = ANY(${sql.array([NORTHWIND, RIVERSIDE], 'text')})`);
  const northwind = rows.find((row) => row.name === NORTHWIND)?.id;
  const riverside = rows.find((row) => row.name === RIVERSIDE)?.id;
  return northwind !== undefined && riverside !== undefined ? { northwind, riverside } : null;
};

/** A twenty-item store across the four categories and locations, and the four storage locations. */
export const seedDemoInventory = (deps: CommandDependencies, options: { waitMs: number }): Promise<SeedOutcome> =>
  seedOnce(
    deps.pool,
    {
      service: 'inventory',
      sequence: 'inventory_item_id_seq',
      waitMs: options.waitMs,
      awaitFacts: () => idsByName(deps),
      missing: 'identity demo data did not arrive',
    },
    async (institutions, metadata) => {
      for (const location of DEMO_STORAGE_LOCATIONS) {
        await createStorageLocation(deps, SEED_CALLER, location, metadata);
      }
      for (const [index, [name, category, location, available, threshold, where]] of ITEMS.entries()) {
        const sku = `${(category ?? 'GEN').slice(0, 3).toUpperCase()}-${name
          .replace(/[^A-Za-z]/g, '')
          .slice(0, 3)
          .toUpperCase()}-${String(101 + index * 37).slice(-3)}`;
        await createItem(
          deps,
          SEED_CALLER,
          {
            item_name: name,
            item_sku: sku,
            item_description: null,
            category,
            quantity_available: available,
            minimum_threshold: threshold,
            location,
            po_number: `PO-2026-${String(4100 + index * 13)}`,
            purchase_date: '2026-09-01T00:00:00.000Z',
            received_date: '2026-09-08T00:00:00.000Z',
            institution_id: where === 'global' ? null : institutions[where],
          },
          metadata,
        );
      }
      return DEMO_STORAGE_LOCATIONS.length + ITEMS.length;
    },
  );
