import { aggregateOfStream } from '@labline/contracts';
import type { RecordedEvent } from '@labline/eventstore';
import type { DatabaseTransactionConnection } from 'slonik';
import { projectInstitutionEvent } from './institutions/projection';
import { projectUserEvent } from './users/projection';

/**
 * The inline projection: runs in the append transaction (`inTransaction`), so identity's reads see a
 * command's result as soon as its HTTP response returns.
 */
export async function projectIdentityEvents(
  transaction: DatabaseTransactionConnection,
  events: readonly RecordedEvent[],
): Promise<void> {
  for (const event of events) {
    const aggregate = aggregateOfStream(event.stream);
    if (aggregate === 'user') await projectUserEvent(transaction, event);
    else if (aggregate === 'institution') await projectInstitutionEvent(transaction, event);
  }
}
