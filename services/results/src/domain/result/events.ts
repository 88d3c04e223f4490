import { streamName, type RESULTS_SERVICE_EVENT_SCHEMAS } from '@labline/contracts';
import type { DomainEventOf } from '@labline/service-kit';

/** Everything that happens to a test result, in stream `testResult-<id>`. */
export type ResultEvent = DomainEventOf<
  typeof RESULTS_SERVICE_EVENT_SCHEMAS,
  'ResultEntered' | 'ResultUpdated' | 'ResultReviewed' | 'ResultFinalized' | 'ResultAmended'
>;

export const resultStream = (resultId: number) => streamName('testResult', resultId);
