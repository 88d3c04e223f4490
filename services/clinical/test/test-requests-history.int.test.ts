/**
 * A test request's history (issue 12 point 5): who ordered, edited, moved its status, sent the patient a
 * notification, cancelled or archived it, and when, with the status from → to and the notification's message,
 * newest first; readable after archiving, in the scope the request had.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ERRORS, historyResponseSchema, type HistoryEntry } from '@labline/contracts';
import { call, refused, USERS, type TestUser } from './harness';
import { orderForm, orderSuite, orderTest } from './test-request-fixtures';

const suite = orderSuite();
const requestUrl = (id: number, rest = '') => `/tests/requests/${id}${rest}`;

async function historyOf(id: number, caller: TestUser): Promise<HistoryEntry[]> {
  const response = await call(suite.context, caller, 'GET', requestUrl(id, '/history'));
  assert.equal(response.statusCode, 200, response.body);
  return historyResponseSchema.strict().parse(response.json()).history;
}

async function succeeds(caller: TestUser, method: 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) {
  const response = await call(suite.context, caller, method, url, body);
  assert.ok(response.statusCode < 300, `${method} ${url}: ${response.statusCode} ${response.body}`);
}

const summary = (entries: HistoryEntry[]) =>
  entries.map((entry) => [entry.action, entry.actor?.name ?? null, entry.note ?? null]);

describe('test request history', () => {
  it('shows the edit, the status move, the notification and the cancellation, each by who did it', async () => {
    const { context, fixtures } = suite;
    const request = await orderTest(context, fixtures, USERS.northwindAdmin);
    await succeeds(
      USERS.northwindClinician,
      'PUT',
      requestUrl(request.id),
      orderForm(fixtures, { barcode_number: request.barcode_number, priority: 'stat' }),
    );
    await succeeds(USERS.labUser, 'PUT', requestUrl(request.id, '/status'), { status: 'approved' });
    const message = 'Your test request has been cancelled: the clinic will call you.';
    await succeeds(USERS.northwindClinician, 'POST', requestUrl(request.id, '/send-reminder'), {
      reminder_type: 'custom_notification',
      custom_message: message,
    });
    await succeeds(USERS.northwindClinician, 'PUT', requestUrl(request.id, '/status'), { status: 'cancelled' });

    const entries = await historyOf(request.id, USERS.northwindAdmin);
    assert.deepEqual(summary(entries), [
      ['cancelled', 'Emily Chen', null],
      ['notification_sent', 'Emily Chen', message],
      ['status_changed', 'Oliver Grant', null],
      ['updated', 'Emily Chen', null],
      ['created', 'James Carter', null],
    ]);
    const [cancelled, notified, moved, edited, created] = entries;
    const status = (from: string, to: string) => [{ field: 'status', label: 'Status', from, to }];
    assert.deepEqual(cancelled?.changes, status('approved', 'cancelled'));
    assert.deepEqual(notified?.changes, []);
    assert.deepEqual(moved?.changes, status('pending', 'approved'));
    assert.deepEqual(edited?.changes, [{ field: 'priority', label: 'Priority', from: 'normal', to: 'stat' }]);
    const ordered = new Map(created?.changes.map((change) => [change.field, change.to]));
    assert.equal(ordered.get('status'), 'pending');
    assert.equal(ordered.get('institution_id'), 'Northwind General Hospital');
    assert.deepEqual(ordered.get('marker_ids'), ['HbA1c']);
    assert.equal(ordered.get('patient_id'), 'Amelia Thompson');
    assert.deepEqual(
      created?.changes.filter((change) => change.field === 'test_name'),
      [{ field: 'test_name', label: 'Test', from: null, to: 'HbA1c' }],
    );
    assert.equal(ordered.has('test_type_id'), false, 'always 1: not shown');
    const times = entries.map((entry) => Date.parse(entry.at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
      'newest first',
    );
    // The clinician whose patient it is reads the same history; another tenant does not learn it exists.
    assert.equal((await historyOf(request.id, USERS.northwindClinician)).length, 5);
    await refused(
      context,
      () => call(context, USERS.riversideAdmin, 'GET', requestUrl(request.id, '/history')),
      404,
      ERRORS.testRequestNotFound,
    );
  });

  it('keeps the history of an archived request for whoever could read it, and who archived it', async () => {
    const { context, fixtures } = suite;
    const request = await orderTest(context, fixtures, USERS.northwindClinician);
    await succeeds(USERS.labUser, 'DELETE', requestUrl(request.id));
    // The request itself is not found but to those who may archive (and restore) it; its history stays readable.
    assert.equal((await call(context, USERS.clientAdmin, 'GET', requestUrl(request.id))).statusCode, 404);
    assert.equal((await historyOf(request.id, USERS.clientAdmin))[0]?.action, 'archived');

    const entries = await historyOf(request.id, USERS.northwindAdmin);
    assert.deepEqual(summary(entries), [
      ['archived', 'Oliver Grant', null],
      ['created', 'Emily Chen', null],
    ]);
    assert.deepEqual(entries[0]?.changes, []);
    for (const caller of [USERS.riversideAdmin, USERS.riversideClinician]) {
      await refused(
        context,
        () => call(context, caller, 'GET', requestUrl(request.id, '/history')),
        404,
        ERRORS.testRequestNotFound,
      );
    }
    await refused(context, () => call(context, USERS.fulfillmentAgent, 'GET', requestUrl(request.id, '/history')), 403);
    await refused(context, () => call(context, USERS.superAdmin, 'GET', requestUrl(987654, '/history')), 404);
  });
});
