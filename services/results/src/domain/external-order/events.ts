import { streamName, type RESULTS_SERVICE_EVENT_SCHEMAS, type ExternalOrderEventType } from '@labline/contracts';
import type { DomainEventOf } from '@labline/service-kit';

/** Everything that happens to a result's order at the external laboratory, in stream `externalOrder-<resultId>`. */
export type ExternalOrderEvent = DomainEventOf<typeof RESULTS_SERVICE_EVENT_SCHEMAS, ExternalOrderEventType>;

export const externalOrderStream = (resultId: number) => streamName('externalOrder', resultId);
