import type { Caller, FulfillmentStatus, TestRequestPriority } from '@labline/contracts';
import { seedOnce, type SeedOutcome } from '@labline/service-kit';
import { sql } from 'slonik';
import { z } from 'zod';
import { changeStatus, recordRequest, type CommandDependencies } from './commands/requests';

/** The demo seed acts as a super_admin; its events record the system as the actor. */
const SEED_CALLER: Caller = {
  userId: 0,
  role: 'super_admin',
  institutionId: null,
  institutionIds: [],
  permissions: [],
};

/** identity's demo partner (README "Demo accounts"). */
const DEMO_PARTNER_EMAIL = 'fulfillment@labline.test';

/** One request in every status, in the order the list shows them (newest last here, so first there). */
const DEMO_STATUSES: readonly FulfillmentStatus[] = [
  'delivered',
  'cancelled',
  'dispatched',
  'assigned',
  'pending',
  'pending',
];

const factsSchema = z.object({
  test_request_id: z.number().int(),
  patient_id: z.number().int(),
  institution_id: z.number().int(),
  item_id: z.number().int().nullable(),
});

/**
 * The demo's test requests without a fulfillment request yet, each with a kit it may use (its institution's or a
 * global test kit), and the demo partner: null until clinical's, inventory's and identity's demo data arrived.
 */
async function demoFacts(deps: CommandDependencies) {
  const partner = await deps.pool.maybeOneFirst(sql.type(z.object({ id: z.number().int() }))`
    SELECT id FROM users WHERE email = ${DEMO_PARTNER_EMAIL} AND role = 'fulfillment_agent'`);
  const rows = await deps.pool.any(sql.type(factsSchema)`
    SELECT t.id AS test_request_id, t.patient_id, t.institution_id,
      (SELECT i.id FROM fulfillment_items i WHERE i.institution_id IS NULL OR i.institution_id = t.institution_id
       ORDER BY i.item_name ILIKE '%kit%' DESC, i.id LIMIT 1) AS item_id
    FROM fulfillment_test_requests t
    WHERE NOT EXISTS (SELECT 1 FROM fulfillment_requests f WHERE f.test_request_id = t.id)
      AND EXISTS (SELECT 1 FROM fulfillment_patients p WHERE p.id = t.patient_id)
    ORDER BY t.id LIMIT ${DEMO_STATUSES.length}`);
  const usable = rows.filter((row): row is z.infer<typeof factsSchema> & { item_id: number } => row.item_id !== null);
  return partner !== null && usable.length === DEMO_STATUSES.length ? { partner, orders: usable } : null;
}

const PRIORITIES: readonly TestRequestPriority[] = ['normal', 'urgent', 'normal', 'stat', 'normal', 'urgent'];

/** Fulfillment requests in every status for the demo partner, tracking numbers where dispatched or delivered. */
export const seedDemoFulfillment = (deps: CommandDependencies, options: { waitMs: number }): Promise<SeedOutcome> =>
  seedOnce(
    deps.pool,
    {
      service: 'fulfillment',
      sequence: 'fulfillment_request_id_seq',
      waitMs: options.waitMs,
      awaitFacts: () => demoFacts(deps),
      missing: 'clinical, inventory or identity demo data did not arrive',
    },
    async ({ partner, orders }, metadata) => {
      for (const [index, status] of DEMO_STATUSES.entries()) {
        const order = orders[index]!;
        const id = await recordRequest(
          deps,
          {
            test_request_id: order.test_request_id,
            institution_id: order.institution_id,
            patient_id: order.patient_id,
            inventory_item_id: order.item_id,
            quantity_requested: 1,
            priority: PRIORITIES[index] ?? 'normal',
            assigned_to: status === 'pending' && index % 2 === 1 ? null : partner,
            notes: null,
            replaces_request_id: null,
          },
          metadata,
        );
        const move = (to: FulfillmentStatus, tracking_number: string | null = null) =>
          changeStatus(
            deps,
            SEED_CALLER,
            id,
            { status: to, tracking_number, notes: null, barcodeNumber: null },
            metadata,
          );
        if (status === 'assigned' || status === 'dispatched' || status === 'delivered') await move('assigned');
        if (status === 'dispatched' || status === 'delivered') {
          await move('dispatched', `1Z999AA1${String(1000000 + id * 7919).slice(-8)}`);
        }
        if (status === 'delivered') await move('delivered');
        if (status === 'cancelled') await move('cancelled');
      }
      return DEMO_STATUSES.length;
    },
  );
