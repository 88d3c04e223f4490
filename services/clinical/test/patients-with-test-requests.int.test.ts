/**
 * A patient who has test requests cannot be deleted (issue 12: the requests would lose their patient): 409
 * with the contracts' text, nothing stored changes. Archived requests are off every list and do not hold the
 * patient; a shared patient leaves an institution only when none of its requests are filed there; and an order
 * whose patient a delete in flight takes away is refused, not stored without its patient.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ERRORS, TEST_REQUEST_FIELD_ERRORS } from '@labline/contracts';
import { sql } from 'slonik';
import { z } from 'zod';
import { waitFor, withAdminClient } from '@labline/testkit';
import { call, createPatient, NORTHWIND, refused, RIVERSIDE, USERS } from './harness';
import { orderForm, orderSuite, orderTest } from './test-request-fixtures';

const suite = orderSuite();
const deletePatient = (id: number, caller = USERS.northwindAdmin) =>
  call(suite.context, caller, 'DELETE', `/patients/${id}`);

describe('deleting a patient who has test requests', () => {
  it('is refused with 409 while a request is not archived, for super_admin too', async () => {
    const { context, fixtures } = suite;
    const patient = await createPatient(context, USERS.northwindAdmin, { first_name: 'Tobias' });
    const request = await orderTest(context, fixtures, USERS.northwindAdmin, { patient_id: patient.id });
    for (const caller of [USERS.northwindAdmin, USERS.superAdmin]) {
      await refused(context, () => deletePatient(patient.id, caller), 409, ERRORS.patientHasTestRequests);
    }
    // Who may not delete at all still hears so first.
    await refused(context, () => deletePatient(patient.id, USERS.northwindClinician), 403);
    // Once its only request is archived, the patient goes.
    assert.equal(
      (await call(context, USERS.northwindAdmin, 'DELETE', `/tests/requests/${request.id}`)).statusCode,
      200,
    );
    const deleted = await deletePatient(patient.id);
    assert.equal(deleted.statusCode, 204, deleted.body);
  });

  it('keeps a shared patient at the institution its requests are filed under, and lets it leave another', async () => {
    const { context, fixtures } = suite;
    const shared = await createPatient(context, USERS.superAdmin, {
      first_name: 'Rosalind',
      institution_ids: [NORTHWIND, RIVERSIDE],
    });
    await orderTest(context, fixtures, USERS.riversideAdmin, {
      patient_id: shared.id,
      institution_id: RIVERSIDE,
      clinician_id: USERS.riversideClinician.id,
    });
    await refused(context, () => deletePatient(shared.id, USERS.riversideAdmin), 409, ERRORS.patientHasTestRequests);
    const left = await deletePatient(shared.id, USERS.northwindAdmin);
    assert.equal(left.statusCode, 204, left.body);
    const patient = (await call(context, USERS.riversideAdmin, 'GET', `/patients/${shared.id}`)).json().patient;
    assert.deepEqual(patient.institution_ids, [RIVERSIDE]);
  });

  it('refuses an order whose patient a delete in flight takes away (the order waits for it, then sees it gone)', async () => {
    const { context, fixtures } = suite;
    const patient = await createPatient(context, USERS.northwindAdmin, { first_name: 'Perpetua' });
    // A delete of the patient in flight holds its row; the order reads the patient before and locks it after.
    const ordering = await withAdminClient(context.database.url, async (deleting) => {
      await deleting.query('BEGIN');
      await deleting.query('SELECT 1 FROM clinical.patients WHERE id = $1 FOR UPDATE', [patient.id]);
      const pending = call(
        context,
        USERS.northwindAdmin,
        'POST',
        '/tests/requests',
        orderForm(fixtures, { patient_id: patient.id }),
      );
      await waitFor(
        async () => {
          const { rows } = await deleting.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return (rows[0]?.waiting ?? 0) > 0;
        },
        { description: 'the order waiting for the patient row' },
      );
      await deleting.query('DELETE FROM clinical.patients WHERE id = $1', [patient.id]);
      await deleting.query('COMMIT');
      return pending;
    });
    const order = await ordering;
    assert.equal(order.statusCode, 400, order.body);
    assert.equal(order.json().error, TEST_REQUEST_FIELD_ERRORS.unknownPatient);
    const stored = await context.pool.oneFirst(sql.type(z.object({ count: z.number() }))`
      SELECT count(*)::int AS count FROM test_requests WHERE patient_id = ${patient.id}`);
    assert.equal(stored, 0);
  });
});
