import { aggregateOfStream } from '@labline/contracts';
import type { RecordedEvent } from '@labline/eventstore';
import type { DatabaseTransactionConnection } from 'slonik';
import { projectPatientEvent } from './patients/projection';

/**
 * The inline projection: runs in the append transaction (`inTransaction`), so clinical's reads see a
 * command's result as soon as its HTTP response returns.
 */
export async function projectClinicalEvents(
  transaction: DatabaseTransactionConnection,
  events: readonly RecordedEvent[],
): Promise<void> {
  for (const event of events) {
    if (aggregateOfStream(event.stream) === 'patient') await projectPatientEvent(transaction, event);
  }
}
