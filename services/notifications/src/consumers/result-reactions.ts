/**
 * Results' reaction (issue 26 item 3): a released result corrected (ResultAmended) is e-mailed to the test
 * request's ordering clinician with its reason, a staff message triggered by whoever amended it, filed under the
 * institution and logged like every message. The patient's name comes from the clinical directory; the idempotency
 * key of event, recipient and channel makes a redelivery request nothing twice.
 */
import {
  formatRequestId,
  formatResultId,
  parseEventData,
  RESULT_SUBJECTS,
  RESULTS_EVENT_SCHEMAS,
  type EventEnvelope,
} from '@labline/contracts';
import type { Reactor } from '@labline/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { requestAll, type NotificationRequest } from '../commands/notifications';
import { maxEventAgeMsOf, type NotificationsContext } from '../config';
import type { DeliveryWorker } from '../delivery/worker';
import { resultCorrectedContent } from '../messages';
import { testRequestRecipient } from '../projections/clinical/queries';
import { userById } from '../projections/directory/queries';
import { staffEmail } from './inventory-reactions';

/** The clinician's e-mail of a correction (none when the request has no clinician). */
export async function resultCorrectionRequests(
  db: CommonQueryMethods,
  event: EventEnvelope,
): Promise<NotificationRequest[]> {
  const data = parseEventData(RESULTS_EVENT_SCHEMAS, 'ResultAmended', event.data);
  if (data.clinician_id === null) return [];
  const clinician = await userById(db, data.clinician_id);
  // Not known yet (a directory behind): tried again later, up to maxDeliver, then the max-deliveries advisory.
  if (!clinician) throw new Error(`result ${data.resultId}: its clinician ${data.clinician_id} is unknown here`);
  const patient = await testRequestRecipient(db, data.test_request_id);
  if (!patient) throw new Error(`result ${data.resultId}: its test request is unknown here`);
  const content = resultCorrectedContent(
    clinician,
    {
      display_id: formatResultId(data.resultId),
      test_request_display_id: formatRequestId(data.test_request_id),
      test_name: data.test_name,
      reason: data.reason,
    },
    patient,
  );
  return [staffEmail(event, clinician, 'result_corrected', content, data.institution_id)];
}

/** The reactor (durable consumer `notifications-result-reactions`). */
export const resultReactions = (context: NotificationsContext, worker: DeliveryWorker): Reactor => ({
  name: 'result-reactions',
  subjects: RESULT_SUBJECTS,
  handles: ['ResultAmended'],
  maxEventAgeMs: maxEventAgeMsOf(context.config),
  backoffMs: [5_000, 30_000, 60_000, 300_000],
  maxDeliver: 10,
  async react(event, transaction, metadata) {
    await requestAll(context, worker, transaction, await resultCorrectionRequests(transaction, event), metadata);
  },
});
