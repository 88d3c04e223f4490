/**
 * The choreography's entry point (issue 25 item 2): a test request ordered with fulfillment by a partner asks for
 * the kit its collection device needs, assigned to that partner. clinical's TestRequestCreated (or an Updated that
 * turns fulfillment by a partner on) becomes one FulfillmentRequested, in the consumer's transaction with its
 * processed-event row. A test request gets one request from here however often its events arrive: the kit's
 * redelivery is skipped by the processed-event row, and a second event of the same request finds the first's
 * request (and the origin index refuses a concurrent second).
 *
 * The kit is the inventory item linked to the request's collection device by name (kitForDevice; docs/
 * architecture.md §2, fulfillment). Without a device or a linked item, nothing is recorded and the reason is logged
 * as a warning: there is no item to reserve, so a pending request would stand for nothing.
 */
import {
  CLINICAL_EVENT_SCHEMAS,
  parseEventData,
  TEST_REQUEST_SUBJECTS,
  type Caller,
  type EventEnvelope,
} from '@labline/contracts';
import type { Reactor } from '@labline/service-kit';
import type { DatabaseTransactionConnection } from 'slonik';
import { changeStatus, recordRequest } from '../commands/requests';
import type { FulfillmentContext } from '../config';
import { hasRequestFor, kitForDevice, unshippedRequestsOf } from '../projections/requests/queries';

/** The statuses in which an order still needs its kit. */
const AWAITING_KIT = new Set(['pending', 'approved']);

export type KitOutcome =
  | { recorded: number }
  | { skipped: 'not by a partner' | 'not awaiting a kit' | 'already requested' | 'no device' | 'no linked item' };

/** The reaction to one test request event (exported for the tests' reading of outcomes). */
export async function requestKitFor(
  context: Pick<FulfillmentContext, 'pool' | 'commands'>,
  event: EventEnvelope,
  transaction: DatabaseTransactionConnection,
  metadata: Parameters<Reactor['react']>[2],
): Promise<KitOutcome> {
  if (event.type !== 'TestRequestCreated' && event.type !== 'TestRequestUpdated')
    return { skipped: 'not by a partner' };
  const order = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
  if (!order.fulfillment_by_partner) return { skipped: 'not by a partner' };
  if (!AWAITING_KIT.has(order.status)) return { skipped: 'not awaiting a kit' };
  if (await hasRequestFor(transaction, order.testRequestId)) return { skipped: 'already requested' };
  const device = order.device_selections[0];
  if (!device) return { skipped: 'no device' };
  const itemId = await kitForDevice(transaction, device.device_name, order.institution_id);
  if (itemId === null) return { skipped: 'no linked item' };
  const id = await recordRequest(
    context,
    {
      test_request_id: order.testRequestId,
      institution_id: order.institution_id,
      patient_id: order.patient_id,
      inventory_item_id: itemId,
      quantity_requested: device.quantity,
      priority: order.priority,
      assigned_to: order.fulfillment_partner_id,
      notes: null,
      replaces_request_id: null,
    },
    metadata,
    transaction,
  );
  return { recorded: id };
}

/** The saga's compensation acts as the system: its events name the cancelling test request as their cause. */
const SYSTEM_CALLER: Caller = {
  userId: 0,
  role: 'super_admin',
  institutionId: null,
  institutionIds: [],
  permissions: [],
};
export const TEST_REQUEST_CANCELLED_NOTE = 'Test request cancelled';

/**
 * A cancelled test request cancels its fulfillment requests whose kit has not left (pending, assigned); their
 * cancellation releases the stock they hold (inventory's side of the saga). A dispatched kit is on its way and
 * stays as it is. Answers the requests cancelled.
 */
export async function cancelKitsOf(
  context: Pick<FulfillmentContext, 'pool' | 'commands'>,
  event: EventEnvelope,
  transaction: DatabaseTransactionConnection,
  metadata: Parameters<Reactor['react']>[2],
): Promise<readonly number[]> {
  const { testRequestId } = parseEventData(CLINICAL_EVENT_SCHEMAS, 'TestRequestCancelled', event.data);
  const open = await unshippedRequestsOf(transaction, testRequestId);
  for (const id of open) {
    await changeStatus(
      context,
      SYSTEM_CALLER,
      id,
      { status: 'cancelled', notes: TEST_REQUEST_CANCELLED_NOTE, tracking_number: null, barcodeNumber: null },
      metadata,
      transaction,
    );
  }
  return open;
}

export function testRequestKits(context: FulfillmentContext): Reactor {
  return {
    name: 'test-request-kits',
    subjects: TEST_REQUEST_SUBJECTS,
    handles: ['TestRequestCreated', 'TestRequestUpdated', 'TestRequestCancelled'],
    async react(event, transaction, metadata) {
      if (event.type === 'TestRequestCancelled') {
        await cancelKitsOf(context, event, transaction, metadata);
        return;
      }
      const outcome = await requestKitFor(context, event, transaction, metadata);
      if ('skipped' in outcome && (outcome.skipped === 'no device' || outcome.skipped === 'no linked item')) {
        context.logger.warn(
          { testRequestId: (event.data as { testRequestId?: number }).testRequestId, reason: outcome.skipped },
          outcome.skipped === 'no device'
            ? 'fulfillment by partner without a collection device: no kit requested'
            : 'no inventory item is named as the collection device: no kit requested',
        );
      }
    },
  };
}
