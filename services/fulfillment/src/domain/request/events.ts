import { streamName, type FULFILLMENT_EVENT_SCHEMAS } from '@labline/contracts';
import type { DomainEventOf } from '@labline/service-kit';

/** Everything that happens to a fulfillment request, in stream `fulfillmentRequest-<id>`. */
export type RequestEvent = DomainEventOf<
  typeof FULFILLMENT_EVENT_SCHEMAS,
  | 'FulfillmentRequested'
  | 'FulfillmentAssigned'
  | 'FulfillmentDispatched'
  | 'FulfillmentDelivered'
  | 'FulfillmentCancelled'
  | 'FulfillmentReopened'
>;

export const requestStream = (fulfillmentRequestId: number) => streamName('fulfillmentRequest', fulfillmentRequestId);
