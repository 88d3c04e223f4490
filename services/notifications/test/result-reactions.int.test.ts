/**
 * Results' reaction, end to end from the event (issue 26 item 3): a released result corrected (ResultAmended)
 * e-mails the test request's clinician once, with its reason, though the event is delivered again; it is logged as
 * a staff message under the institution, triggered by whoever amended it.
 */
import assert from 'node:assert/strict';
import type { ResultsEventData } from '@labline/contracts';
import { waitFor } from '@labline/testkit';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { z } from 'zod';
import { emailOf, NORTHWIND, orderFor, startNotifications, USERS, type NotificationsTestContext } from './harness';

let harness: NotificationsTestContext;
beforeAll(async () => {
  harness = await startNotifications();
});
afterAll(async () => harness?.close());

const REASON = 'Glucose re-run on a fresh sample';
const logSchema = z.object({
  recipient_email: z.string().nullable(),
  recipient_type: z.string(),
  delivery_status: z.string(),
  institution_id: z.number().nullable(),
  triggered_by_type: z.string(),
  triggered_by_user_id: z.number().nullable(),
  subject: z.string().nullable(),
});
const corrections = () =>
  harness.pool.any(sql.type(logSchema)`
    SELECT recipient_email, recipient_type, delivery_status, institution_id, triggered_by_type, triggered_by_user_id,
           subject
    FROM notification_logs WHERE message_type = 'result_corrected' ORDER BY created_at`);

/** An order whose test request the clinical directory holds (a result always follows its request). */
async function order() {
  const placed = await orderFor(harness, { email: 'amelia@example.com', phone: null });
  await waitFor(
    () => harness.pool.exists(sql.unsafe`SELECT 1 FROM test_request_summaries WHERE id = ${placed.testRequestId}`),
    { description: `test request ${placed.testRequestId} in the directory` },
  );
  return placed;
}

function amendment(resultId: number, order: { patientId: number; testRequestId: number }, clinicianId: number | null) {
  const data: ResultsEventData<'ResultAmended'> = {
    resultId,
    test_request_id: order.testRequestId,
    institution_id: NORTHWIND,
    patient_id: order.patientId,
    clinician_id: clinicianId,
    result_data: 'Glucose:\nValue: 95',
    result_values: null,
    interpretation: null,
    test_name: 'Glucose',
    previous_status: 'final',
    status: 'amended',
    reason: REASON,
  };
  return harness.publish('results', {
    stream: `testResult-${resultId}`,
    version: 3,
    type: 'ResultAmended',
    data,
    actor: { userId: USERS.northwindAdmin.id, role: 'institution_admin', institutionId: NORTHWIND },
  });
}

describe("the clinician's message of a corrected result", () => {
  it('e-mails the clinician once with the reason, though the event is delivered again', async () => {
    const event = await amendment(42, await order(), USERS.northwindClinician.id);
    const subject = 'Corrected result: RES-000042 (Glucose)';
    const sent = (count: number) =>
      waitFor(
        async () => {
          const logs = await corrections();
          return logs.length === count && logs.every((log) => log.delivery_status === 'sent') && logs;
        },
        { timeoutMs: 20_000, description: `${count} corrections sent` },
      );
    const [log] = await sent(1);
    assert.deepEqual(log, {
      recipient_email: emailOf(USERS.northwindClinician),
      recipient_type: 'staff',
      delivery_status: 'sent',
      institution_id: NORTHWIND,
      triggered_by_type: 'manual',
      triggered_by_user_id: USERS.northwindAdmin.id,
      subject,
    });
    const [mail] = harness.smtp
      .messages()
      .filter(
        (message) => message.envelope.to.includes(emailOf(USERS.northwindClinician)) && message.subject === subject,
      );
    assert.ok(mail);
    assert.match(mail.text, new RegExp(`Reason for correction: ${REASON}`));
    assert.match(mail.text, /RES-000042 of Glucose \(REQ-\d{6}\) for Amelia Thompson has been corrected/);

    await harness.republish('results', event);
    // A later correction through the same consumer proves the redelivery was handled (and requested nothing).
    await amendment(43, await order(), USERS.northwindClinician.id);
    await sent(2);
  });
});
