/**
 * Inventory's side of the fulfillment saga (issue 25 item 2; docs/architecture.md §2 "The fulfillment saga"):
 * fulfillment's events move the stock of the kit a request ships, through the item's own commands, so that the
 * stock is only ever changed by inventory and every movement names its fulfillment request.
 * - FulfillmentRequested, FulfillmentReopened: reserve the request's units (InventoryStockReserved), or, with too few
 *   free units, record InventoryReservationRefused (the request stays pending with that reason);
 * - FulfillmentCancelled: release what the request holds (nothing once dispatched: the kit has left);
 * - FulfillmentDispatched: consume its units, from its hold first and free units for the rest.
 * Which item and how many units a request takes is the kit's fulfillment-request summary (requests.ts, which
 * also lists an item's recent requests); what the request holds now is the sum of its
 * movements, read from the movements table the item's own events write in the same transaction: a redelivered event
 * finds its movement there and moves nothing twice.
 */
import {
  FULFILLMENT_EVENT_SCHEMAS,
  FULFILLMENT_REQUEST_SUBJECTS,
  parseEventData,
  type EventEnvelope,
  type FulfillmentEventType,
} from '@labline/contracts';
import { reactionMetadata, type Reactor } from '@labline/service-kit';
import { sql, type CommonQueryMethods, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { moveStock, type CommandDependencies } from '../commands/items';
import { itemFulfillmentRequestsProjection } from './requests';

const kitSchema = z.object({ item_id: z.number().int(), quantity: z.number().int() });
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
  const { fulfillmentRequestId } = parseEventData(FULFILLMENT_EVENT_SCHEMAS, type, event.data);
  const hold = await db.maybeOne(sql.type(kitSchema)`
    SELECT inventory_item_id AS item_id, quantity_requested AS quantity
    FROM fulfillment_request_summaries WHERE id = ${fulfillmentRequestId}`);
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

/**
 * The reactor (durable consumer `inventory-fulfillment-stock`), after the item's fulfillment requests projection has
 * the request (which item, how many units).
 */
export const fulfillmentStockReactor = (deps: CommandDependencies): Reactor => ({
  name: 'fulfillment-stock',
  subjects: FULFILLMENT_REQUEST_SUBJECTS,
  handles: HANDLED,
  after: [itemFulfillmentRequestsProjection],
  async react(event, transaction) {
    await moveHeldStock(deps, transaction, event);
  },
});
