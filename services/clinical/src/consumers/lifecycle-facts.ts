/**
 * Other services' facts that move a test request along its lifecycle (docs/architecture.md §2): a delivered kit
 * fulfils it (fulfillment's FulfillmentDelivered, the kit's saga), a released result completes it (results'
 * ResultFinalized). Each reactor moves the request forward one legal step at a time (AdvanceTestRequest), in the
 * consumer's transaction, and names the fact as the cause in the request's history. A request that is there
 * already, past it or cancelled does not move.
 */
import {
  formatFulfillmentId,
  formatResultId,
  FULFILLMENT_EVENT_SCHEMAS,
  FULFILLMENT_REQUEST_SUBJECTS,
  parseEventData,
  RESULT_SUBJECTS,
  RESULTS_EVENT_SCHEMAS,
} from '@labline/contracts';
import type { Reactor } from '@labline/service-kit';
import { advanceTestRequest } from '../commands/test-requests';
import type { ClinicalContext } from '../config';
import { testRequestFulfillmentsProjection } from '../projections/fulfillment-requests/projection';
import { fulfillmentTestRequestOf } from '../projections/fulfillment-requests/queries';

/** What the request's history names as the cause of each move. */
export const kitDeliveredCause = (fulfillmentRequestId: number) =>
  `Kit delivered (${formatFulfillmentId(fulfillmentRequestId)})`;
export const resultReleasedCause = (resultId: number) => `Result released (${formatResultId(resultId)})`;

/** FulfillmentDelivered → fulfilled (through approved when the order was still pending: a partner shipped it). */
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

/** ResultFinalized → completed: the laboratory released the request's result (the event names the request). */
export function resultReleased(context: ClinicalContext): Reactor {
  return {
    name: 'result-released',
    subjects: RESULT_SUBJECTS,
    handles: ['ResultFinalized'],
    async react(event, transaction, metadata) {
      const { resultId, test_request_id } = parseEventData(RESULTS_EVENT_SCHEMAS, 'ResultFinalized', event.data);
      const cause = resultReleasedCause(resultId);
      await advanceTestRequest(context, test_request_id, { to: 'completed', cause }, metadata, transaction);
    },
  };
}
