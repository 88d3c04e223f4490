/**
 * Inventory's side of the fulfillment saga (issue 25 item 2; docs/architecture.md §2 "The fulfillment saga"):
 * fulfillment's events move the stock of the kit a request ships, through the item's own commands, so that the
 * stock is only ever changed by inventory and every movement names its fulfillment request.
 * - FulfillmentRequested, FulfillmentReopened: reserve the request's units (InventoryStockReserved), or, with too few
 *   free units, record InventoryReservationRefused (the request stays pending with that reason);
 * - FulfillmentCancelled: release what the request holds (nothing once dispatched: the kit has left);
 * - FulfillmentDispatched: consume its units, from its hold first and free units for the rest.
 * Which item and how many units a request takes is the `fulfillment_holds` read model (a projection of
 * FulfillmentRequested, rebuildable from fulfillment's stream); what the request holds now is the sum of its
 * movements, read from the movements table the item's own events write in the same transaction: a redelivered event
 * finds its movement there and moves nothing twice.
 */
import {
  FULFILLMENT_EVENT_SCHEMAS,
  parseEventData,
  type EventEnvelope,
  type FulfillmentEventType,
} from '@labline/contracts';
import { reactionMetadata, type CrossServiceProjection, type Reactor } from '@labline/service-kit';
import { sql, type CommonQueryMethods, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { moveStock, type CommandDependencies } from '../commands/items';

export const FULFILLMENT_SUBJECTS = ['lab.fulfillment.fulfillmentRequest.>'];

/** The kit a fulfillment request ships: from its FulfillmentRequested, once. */
export const fulfillmentHoldsProjection: CrossServiceProjection = {
  name: 'fulfillment-holds',
  version: 1,
  subjects: FULFILLMENT_SUBJECTS,
  handles: ['FulfillmentRequested'],
  tables: ['fulfillment_holds'],
  init: `
    CREATE TABLE IF NOT EXISTS fulfillment_holds (
      fulfillment_request_id integer PRIMARY KEY,
      item_id integer NOT NULL,
      quantity integer NOT NULL
    );`,
  async apply(db, event) {
    const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, 'FulfillmentRequested', event.data);
    await db.query(sql.unsafe`
      INSERT INTO fulfillment_holds (fulfillment_request_id, item_id, quantity)
      VALUES (${data.fulfillmentRequestId}, ${data.inventory_item_id}, ${data.quantity_requested})
      ON CONFLICT (fulfillment_request_id) DO NOTHING`);
  },
};

const holdSchema = z.object({ item_id: z.number().int(), quantity: z.number().int() });
const heldSchema = z.object({ held: z.number().int(), consumed: z.boolean() });

/** What the request holds now (reserved minus released and consumed) and whether its kit was consumed. */
async function heldBy(db: CommonQueryMethods, fulfillmentRequestId: number) {
  return db.one(sql.type(heldSchema)`
    SELECT coalesce(sum(reserved_change), 0)::int AS held, coalesce(bool_or(type = 'consumed'), false) AS consumed
    FROM inventory_movements WHERE fulfillment_request_id = ${fulfillmentRequestId}`);
}

const HANDLED: readonly FulfillmentEventType[] = [
  'FulfillmentRequested',
  'FulfillmentReopened',
  'FulfillmentCancelled',
  'FulfillmentDispatched',
];

/** One fulfillment event's movement of the kit's stock, if any. */
export async function moveHeldStock(
  deps: CommandDependencies,
  db: DatabaseTransactionConnection,
  event: EventEnvelope,
): Promise<void> {
  const type = event.type as FulfillmentEventType;
  if (!HANDLED.includes(type)) return;
  const { fulfillmentRequestId } = parseEventData(FULFILLMENT_EVENT_SCHEMAS, type, event.data);
  const hold = await db.maybeOne(sql.type(holdSchema)`
    SELECT item_id, quantity FROM fulfillment_holds WHERE fulfillment_request_id = ${fulfillmentRequestId}`);
  // A request inventory never heard of (its FulfillmentRequested not projected yet would be a bug: `after`).
  if (hold === null) return;
  const { held, consumed } = await heldBy(db, fulfillmentRequestId);
  const metadata = reactionMetadata(event);
  const target = { itemId: hold.item_id, fulfillmentRequestId };
  switch (type) {
    case 'FulfillmentRequested':
    case 'FulfillmentReopened':
      if (consumed || held > 0) return;
      await moveStock(deps, { type: 'ReserveStock', data: { ...target, quantity: hold.quantity } }, metadata, db);
      return;
    case 'FulfillmentCancelled':
      if (held === 0) return;
      await moveStock(deps, { type: 'ReleaseStock', data: { ...target, quantity: held } }, metadata, db);
      return;
    case 'FulfillmentDispatched':
      if (consumed) return;
      await moveStock(deps, { type: 'ConsumeStock', data: { ...target, quantity: hold.quantity, held } }, metadata, db);
      return;
    default:
      return;
  }
}

/** The reactor (durable consumer `inventory-fulfillment-stock`), after the holds projection has the request. */
export const fulfillmentStockReactor = (deps: CommandDependencies): Reactor => ({
  name: 'fulfillment-stock',
  subjects: FULFILLMENT_SUBJECTS,
  handles: HANDLED,
  after: [fulfillmentHoldsProjection],
  async react(event, transaction) {
    await moveHeldStock(deps, transaction, event);
  },
});
