/**
 * Changing test requests over HTTP: edits, status moves along the transition table, cancel, archive, restore and
 * the notification request, each by the roles spec 1 §6 gives it, with the history they leave.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ERRORS, MESSAGES, statusChangeNotAllowed, TEST_REQUEST_FIELD_ERRORS } from '@labline/contracts';
import { sql } from 'slonik';
import { z } from 'zod';
import { call, NORTHWIND, refused, USERS, type TestUser } from './harness';
import { orderForm, orderSuite, orderTest } from './test-request-fixtures';

const suite = orderSuite();
const requestUrl = (id: number, rest = '') => `/tests/requests/${id}${rest}`;
const get = (caller: TestUser, url: string) => call(suite.context, caller, 'GET', url);

describe('changing test requests', () => {
  it('edits the order, keeping status and who ordered it, and records the change in the history', async () => {
    const { context, fixtures } = suite;
    const request = await orderTest(context, fixtures, USERS.northwindAdmin);
    const edited = await call(
      context,
      USERS.northwindClinician,
      'PUT',
      requestUrl(request.id),
      orderForm(fixtures, {
        barcode_number: request.barcode_number,
        priority: 'urgent',
        marker_ids: [fixtures.glucose],
      }),
    );
    assert.equal(edited.statusCode, 200, edited.body);
    const updated = edited.json().request;
    assert.deepEqual(
      [updated.priority, updated.test_name, updated.requested_by_name, updated.status],
      ['urgent', 'Glucose', 'James', 'pending'],
    );
    const history = (await get(USERS.northwindAdmin, requestUrl(request.id, '/history'))).json().history;
    assert.deepEqual(
      history.map((entry: { action: string }) => entry.action),
      ['updated', 'created'],
    );
    const fields = history[0].changes.map((change: { field: string }) => change.field).sort();
    assert.deepEqual(fields, ['marker_ids', 'priority', 'test_name']);
    assert.equal(history[0].actor.name, 'Emily Chen');
    for (const caller of [USERS.labUser, USERS.fulfillmentAgent]) {
      const response = await call(context, caller, 'PUT', requestUrl(request.id), orderForm(fixtures));
      assert.equal(response.statusCode, 403, caller.role);
    }
  });

  it('moves along the transition table only, by the roles that cancel', async () => {
    const { context, fixtures } = suite;
    const request = await orderTest(context, fixtures);
    const move = (caller: TestUser, status: string) =>
      call(context, caller, 'PUT', requestUrl(request.id, '/status'), { status });
    await refused(context, () => move(USERS.labUser, 'completed'), 409, statusChangeNotAllowed('pending', 'completed'));
    await refused(context, () => move(USERS.clientAdmin, 'approved'), 403);
    for (const [caller, status] of [
      [USERS.northwindClinician, 'approved'],
      [USERS.labUser, 'fulfilled'],
      [USERS.labUser, 'in_progress'],
      [USERS.northwindAdmin, 'completed'],
    ] as const) {
      const response = await move(caller, status);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().request.status, status);
    }
    await refused(context, () => move(USERS.superAdmin, 'cancelled'), 409, TEST_REQUEST_FIELD_ERRORS.notCancellable);
    await refused(
      context,
      () => call(context, USERS.superAdmin, 'DELETE', requestUrl(request.id)),
      409,
      TEST_REQUEST_FIELD_ERRORS.notArchivable,
    );
    await refused(
      context,
      () => call(context, USERS.superAdmin, 'PUT', requestUrl(request.id), orderForm(fixtures)),
      409,
      TEST_REQUEST_FIELD_ERRORS.notEditable,
    );
    const history = (await get(USERS.superAdmin, requestUrl(request.id, '/history'))).json().history;
    assert.deepEqual(history[0].changes, [{ field: 'status', label: 'Status', from: 'in_progress', to: 'completed' }]);
  });

  it('cancels a request (lab users too) and then neither archives nor cancels it again', async () => {
    const { context, fixtures } = suite;
    const request = await orderTest(context, fixtures);
    const cancel = (caller: TestUser) =>
      call(context, caller, 'PUT', requestUrl(request.id, '/status'), { status: 'cancelled' });
    await refused(context, () => cancel(USERS.clientAdmin), 403);
    const cancelled = await cancel(USERS.labUser);
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json().request.status, 'cancelled');
    await refused(context, () => cancel(USERS.northwindAdmin), 409, TEST_REQUEST_FIELD_ERRORS.notCancellable);
    await refused(
      context,
      () => call(context, USERS.northwindAdmin, 'DELETE', requestUrl(request.id)),
      409,
      TEST_REQUEST_FIELD_ERRORS.notArchivable,
    );
    const events = await context.pool.anyFirst(sql.type(z.object({ type: z.string() }))`
      SELECT type FROM events WHERE stream = ${`testRequest-${request.id}`} ORDER BY version`);
    assert.deepEqual(events, ['TestRequestCreated', 'TestRequestCancelled']);
  });

  it("cancels with the patient's message in the one event; a refused cancel records (and so sends) nothing", async () => {
    const { context, fixtures } = suite;
    const request = await orderTest(context, fixtures);
    const status = (caller: TestUser, body: Record<string, unknown>) =>
      call(context, caller, 'PUT', requestUrl(request.id, '/status'), body);
    const text = 'Your test is cancelled; the clinic will call you to rebook.';
    await refused(context, () => status(USERS.clientAdmin, { status: 'cancelled', custom_message: text }), 403);
    await refused(
      context,
      () => status(USERS.northwindClinician, { status: 'cancelled', custom_message: ' ' }),
      400,
      ERRORS.pleaseEnterMessage,
    );
    await refused(
      context,
      () => status(USERS.northwindClinician, { status: 'cancelled', custom_message: 'x'.repeat(2001) }),
      400,
    );
    await refused(
      context,
      () => status(USERS.labUser, { status: 'approved', custom_message: text }),
      400,
      TEST_REQUEST_FIELD_ERRORS.messageOnlyWhenCancelling,
    );

    const cancelled = await status(USERS.northwindClinician, { status: 'cancelled', custom_message: `${text}\n` });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json().request.status, 'cancelled');
    await refused(
      context,
      () => status(USERS.northwindAdmin, { status: 'cancelled', custom_message: 'Cancelled twice?' }),
      409,
      TEST_REQUEST_FIELD_ERRORS.notCancellable,
    );
    const events = await context.pool.any(sql.type(z.object({ type: z.string(), data: z.unknown() }))`
      SELECT type, data FROM events WHERE stream = ${`testRequest-${request.id}`} ORDER BY version`);
    assert.deepEqual(
      events.map((event) => event.type),
      ['TestRequestCreated', 'TestRequestCancelled'],
    );
    assert.deepEqual(events[1]?.data, {
      testRequestId: request.id,
      patient_id: fixtures.emilysPatient,
      institution_id: NORTHWIND,
      from: 'pending',
      custom_message: text,
    });
    const history = (await get(USERS.northwindAdmin, requestUrl(request.id, '/history'))).json().history;
    assert.deepEqual([history[0].action, history[0].note], ['cancelled', text]);
  });

  it('archives for the cancelling roles: gone from the list and the patient, read-only to those who archive', async () => {
    const { context, fixtures } = suite;
    const request = await orderTest(context, fixtures);
    await refused(
      context,
      () => call(context, USERS.clientAdmin, 'DELETE', requestUrl(request.id)),
      403,
      ERRORS.forbidden,
    );
    const archived = await call(context, USERS.labUser, 'DELETE', requestUrl(request.id));
    assert.equal(archived.statusCode, 200, archived.body);
    assert.deepEqual(archived.json(), { message: MESSAGES.testRequestArchived });
    // Those who may archive still open it, flagged; to the others it is not found.
    for (const caller of [USERS.superAdmin, USERS.labUser]) {
      const detail = await get(caller, requestUrl(request.id));
      assert.equal(detail.statusCode, 200, detail.body);
      assert.equal(detail.json().request.archived, true);
    }
    assert.equal((await get(USERS.clientAdmin, requestUrl(request.id))).statusCode, 404);
    assert.equal((await get(USERS.riversideAdmin, requestUrl(request.id))).statusCode, 404);
    const list = (await get(USERS.superAdmin, '/tests/requests?limit=100')).json().requests;
    assert.ok(!list.some((row: { id: number }) => row.id === request.id));
    const patient = (await get(USERS.superAdmin, `/patients/${fixtures.emilysPatient}`)).json().patient;
    assert.ok(!patient.test_requests.some((row: { id: number }) => row.id === request.id));
    // Its barcode stays taken.
    const again = await call(
      context,
      USERS.superAdmin,
      'POST',
      '/tests/requests',
      orderForm(fixtures, { barcode_number: request.barcode_number }),
    );
    assert.equal(again.statusCode, 409);
  });

  it('lists archived requests under the Archived filter and restores them for those who may archive', async () => {
    const { context, fixtures } = suite;
    const request = await orderTest(context, fixtures);
    const listed = async (caller: TestUser, query: string) =>
      (await get(caller, `/tests/requests?limit=100${query}`))
        .json()
        .requests.some((row: { id: number }) => row.id === request.id);
    const restore = (caller: TestUser) => call(context, caller, 'POST', requestUrl(request.id, '/restore'));
    await refused(context, () => restore(USERS.northwindAdmin), 409, TEST_REQUEST_FIELD_ERRORS.notArchived);
    assert.equal((await call(context, USERS.northwindAdmin, 'DELETE', requestUrl(request.id))).statusCode, 200);
    assert.deepEqual(
      [await listed(USERS.northwindAdmin, '&archived=true'), await listed(USERS.northwindAdmin, '')],
      [true, false],
    );
    // The client admin may not archive: the Archived filter shows them nothing, and restoring is not found.
    assert.equal(await listed(USERS.clientAdmin, '&archived=true'), false);
    await refused(context, () => restore(USERS.clientAdmin), 404, ERRORS.testRequestNotFound);
    await refused(context, () => restore(USERS.riversideAdmin), 404, ERRORS.testRequestNotFound);
    await refused(context, () => call(context, USERS.northwindAdmin, 'GET', '/tests/requests?archived=maybe'), 400);
    assert.equal(await listed(USERS.labUser, '&archived=true'), true);
    const restored = await restore(USERS.labUser);
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal(restored.json().request.archived, false);
    assert.deepEqual(
      [await listed(USERS.clientAdmin, ''), await listed(USERS.northwindAdmin, '&archived=true')],
      [true, false],
    );
    const history = (await get(USERS.northwindAdmin, requestUrl(request.id, '/history'))).json().history;
    assert.deepEqual(
      history.slice(0, 2).map((entry: { action: string }) => entry.action),
      ['restored', 'archived'],
    );
  });

  /**
   * spec 1 §6's detail page, one rule per action for the list, the detail page and this service: Cancel and
   * Archive (and so Restore) for super_admin, institution_admin, lab_user and clinician, not client_admin. A
   * Northwind request of Emily's patient: another clinician and Riverside do not reach it (404); client_admin
   * reaches it but may not act (403); fulfillment_agent has no test request screens (403).
   */
  it('cancels, archives and restores per role: 200 for the four roles, 403 or 404 for the others', async () => {
    const { context, fixtures } = suite;
    const ALLOWED = [USERS.superAdmin, USERS.northwindAdmin, USERS.northwindClinician, USERS.labUser];
    const REFUSED: [TestUser, number, string][] = [
      [USERS.clientAdmin, 403, ERRORS.forbidden],
      [USERS.fulfillmentAgent, 403, ERRORS.forbidden],
      [USERS.secondClinician, 404, ERRORS.testRequestNotFound],
      [USERS.riversideAdmin, 404, ERRORS.testRequestNotFound],
      [USERS.riversideClinician, 404, ERRORS.testRequestNotFound],
    ];
    const request = await orderTest(context, fixtures);
    const cancel = (caller: TestUser, id: number) =>
      call(context, caller, 'PUT', requestUrl(id, '/status'), { status: 'cancelled' });
    const archive = (caller: TestUser) => call(context, caller, 'DELETE', requestUrl(request.id));
    const restore = (caller: TestUser) => call(context, caller, 'POST', requestUrl(request.id, '/restore'));
    for (const [caller, status, text] of REFUSED) {
      await refused(context, () => cancel(caller, request.id), status, text);
      await refused(context, () => archive(caller), status, text);
      await refused(context, () => restore(caller), status, text);
    }
    // Archived, the request is out of client_admin's reach too (only those who archive see it): not found.
    const RESTORE_REFUSED = REFUSED.map(([caller, status, text]): [TestUser, number, string] =>
      caller === USERS.clientAdmin ? [caller, 404, ERRORS.testRequestNotFound] : [caller, status, text],
    );
    for (const caller of ALLOWED) {
      const archived = await archive(caller);
      assert.equal(archived.statusCode, 200, `${caller.role}: ${archived.body}`);
      for (const [other, status, text] of RESTORE_REFUSED) await refused(context, () => restore(other), status, text);
      const restored = await restore(caller);
      assert.equal(restored.statusCode, 200, `${caller.role}: ${restored.body}`);
    }
    for (const caller of ALLOWED) {
      const own = await orderTest(context, fixtures);
      const cancelled = await cancel(caller, own.id);
      assert.equal(cancelled.statusCode, 200, `${caller.role}: ${cancelled.body}`);
      assert.equal(cancelled.json().request.status, 'cancelled');
    }
  });

  it('records a notification request for the notifications service; the message is required', async () => {
    const { context, fixtures } = suite;
    const request = await orderTest(context, fixtures);
    const send = (caller: TestUser, custom_message: string | undefined) =>
      call(context, caller, 'POST', requestUrl(request.id, '/send-reminder'), {
        reminder_type: 'custom_notification',
        ...(custom_message === undefined ? {} : { custom_message }),
      });
    await refused(context, () => send(USERS.northwindClinician, '  '), 400, ERRORS.pleaseEnterMessage);
    await refused(context, () => send(USERS.northwindClinician, undefined), 400, ERRORS.pleaseEnterMessage);
    await refused(context, () => send(USERS.labUser, 'Hello'), 403);
    const sent = await send(USERS.northwindClinician, 'Please bring your kit on Monday.');
    assert.equal(sent.statusCode, 202, sent.body);
    const data = await context.pool.oneFirst(sql.type(z.object({ data: z.unknown() }))`
      SELECT data FROM events WHERE stream = ${`testRequest-${request.id}`}
        AND type = 'TestRequestNotificationRequested'`);
    assert.deepEqual(data, {
      testRequestId: request.id,
      patient_id: fixtures.emilysPatient,
      institution_id: NORTHWIND,
      reminder_type: 'custom_notification',
      custom_message: 'Please bring your kit on Monday.',
    });
  });
});
