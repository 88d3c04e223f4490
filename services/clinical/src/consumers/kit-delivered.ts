/**
 * The kit's saga, clinical's step (issue 25 item 2; docs/architecture.md §2): a delivered kit fulfils its test
 * request. fulfillment's FulfillmentDelivered moves the request forward to `fulfilled` (through approved when it
 * was still pending: a partner shipped it, so the order was taken), one legal step per event, in the consumer's
 * transaction. A request that is already there or past it, or cancelled, does not move.
 */
import {
  FULFILLMENT_EVENT_SCHEMAS,
  FULFILLMENT_REQUEST_SUBJECTS,
  formatFulfillmentId,
  parseEventData,
} from '@labline/contracts';
import type { Reactor } from '@labline/service-kit';
import { advanceTestRequest } from '../commands/test-requests';
import type { ClinicalContext } from '../config';
import { testRequestFulfillmentsProjection } from '../projections/fulfillment-requests/projection';
import { fulfillmentTestRequestOf } from '../projections/fulfillment-requests/queries';

/** What the request's history names as the cause of the move. */
export const kitDeliveredCause = (fulfillmentRequestId: number) =>
  `Kit delivered (${formatFulfillmentId(fulfillmentRequestId)})`;

export function kitDelivered(context: ClinicalContext): Reactor {
  return {
    name: 'kit-delivered',
    subjects: FULFILLMENT_REQUEST_SUBJECTS,
    handles: ['FulfillmentDelivered'],
    // It reads which test request the kit is for from the projection of the same events.
    after: [testRequestFulfillmentsProjection],
    async react(event, transaction, metadata) {
      const { fulfillmentRequestId } = parseEventData(FULFILLMENT_EVENT_SCHEMAS, 'FulfillmentDelivered', event.data);
      const testRequestId = await fulfillmentTestRequestOf(transaction, fulfillmentRequestId);
      if (testRequestId === null) {
        context.logger.warn({ fulfillmentRequestId }, 'a delivered kit of no known fulfillment request: nothing moved');
        return;
      }
      const cause = kitDeliveredCause(fulfillmentRequestId);
      await advanceTestRequest(context, testRequestId, { to: 'fulfilled', cause }, metadata, transaction);
    },
  };
}
