/**
 * The external laboratory through the results API (issue 27), on a real database and JetStream with the laboratory
 * sandbox speaking FHIR R4 and the FHIR adapter talking to it: a result created for the laboratory, its order
 * submitted, moved along by the sandbox and followed by the background poll until its values are in the draft with
 * each marker's value and unit, then reviewed and released by a lab user; the sandbox down (the order failed with the
 * reason, then submitted again successfully); a slow one (other requests answer meanwhile); a value for a marker nobody ordered (refused and reported, not stored);
 * bad input (400 naming the problem, nothing stored); another institution's ids (404); and every step on the order's
 * stream, so the timeline reads from it.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  EXTERNAL_LAB_ERRORS,
  EXTERNAL_LAB_TIMELINE_STEPS,
  type ClinicalEventData,
  type ClinicalEventType,
  type ExternalApiCallResponse,
  type ExternalApiStatus,
  type RESULTS_SERVICE_EVENT_SCHEMAS,
  type ResultDetail,
} from '@labline/contracts';
import { createFhirProvider } from '@labline/external-lab';
import { startLabSandbox, type LabSandbox } from '@labline/lab-sandbox';
import { publishDirectory, startServiceUnderTest, type ServiceUnderTest } from '@labline/service-kit/testing';
import { institutionRegisteredData, testUser, waitFor, type TestUser } from '@labline/testkit';
import { sql } from 'slonik';
import { z } from 'zod';
import type { ResultsConfig, ResultsResources } from '../src/config';
import { service } from '../src/service';
import { markerCreatedData, publishOrder } from './resources';

const NORTHWIND = 1;
const RIVERSIDE = 2;
const USERS = {
  clinician: testUser(3, 'clinician', NORTHWIND, ['Emily', 'Chen'], [NORTHWIND]),
  labUser: testUser(4, 'lab_user', NORTHWIND, ['Liam', 'Price']),
  riversideLabUser: testUser(5, 'lab_user', RIVERSIDE, ['Rita', 'Stone']),
  agent: testUser(7, 'fulfillment_agent', NORTHWIND, ['Priya', 'Patel']),
} as const;

/** Markers the sandbox knows by their LOINC codes, with the units it reports them in. */
const MARKERS = {
  glucose: { id: 21, name: 'Glucose', loinc: '2345-7', units: 'mg/dL', ucum: 'mg/dL', range: [70, 99] },
  tsh: { id: 22, name: 'TSH', loinc: '3016-3', units: 'mIU/L', ucum: 'm[IU]/L', range: [0.4, 4] },
} as const;
/** A code the sandbox can be told to add to every report though nobody ordered it (Cholesterol). */
const EXTRA_LOINC = '2093-3';

let suite: ServiceUnderTest<ResultsConfig, typeof RESULTS_SERVICE_EVENT_SCHEMAS, ResultsResources>;
let lab: LabSandbox;

async function call<T = unknown>(member: TestUser, method: string, url: string, payload?: unknown) {
  const response = await suite.app.inject({
    method: method as 'GET',
    url,
    headers: await suite.as(member),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json<T & { error?: string }>() };
}

const clinical = <T extends ClinicalEventType>(stream: string, type: T, data: ClinicalEventData<T>, version = 0) =>
  suite.publish('clinical', { stream, version, type, data });

let nextOrder = 2000;

/** A patient and their test request of both markers, as clinical publishes them. */
async function order(institutionId = NORTHWIND, barcode = 'auto') {
  const id = (nextOrder += 1);
  return publishOrder(suite, id, institutionId, {
    clinician_id: USERS.clinician.id,
    marker_ids: Object.values(MARKERS).map((marker) => marker.id),
    test_name: 'Glucose, TSH',
    status: 'in_progress',
    barcode_number: barcode === 'auto' ? `LB-${id}` : barcode,
  });
}

/** POST /results/create for a new test request: the draft the laboratory's values will go into. */
async function resultFor(testRequestId: number, member: TestUser = USERS.clinician) {
  const created = await call<ResultDetail>(member, 'POST', '/results/create', { test_request_id: testRequestId });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body;
}

const submit = (testRequestId: number, member: TestUser = USERS.clinician, provider = 'fhir') =>
  call<ExternalApiCallResponse>(member, 'POST', `/external-api/${provider}/submit-order/${testRequestId}`);

const apiStatus = async (resultId: number, member: TestUser = USERS.clinician) => {
  const answer = await call<{ api_status: ExternalApiStatus }>(member, 'GET', `/results/${resultId}/api-status`);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.api_status;
};

/** The poll (every 100 ms here) brings the results in. */
const resultsIn = (resultId: number) =>
  waitFor(async () => ((await apiStatus(resultId)).has_external_data ? apiStatus(resultId) : null), {
    description: `the laboratory's results of result ${resultId}`,
    timeoutMs: 15_000,
  });

const orderEvents = (resultId: number) =>
  suite.pool.anyFirst(sql.type(z.object({ type: z.string() }))`
    SELECT type FROM events WHERE stream = ${`externalOrder-${resultId}`} ORDER BY version`);

/** The events about a test request (the poll may be recording other tests' orders meanwhile). */
const eventCount = (testRequestId: number) =>
  suite.pool.oneFirst(sql.type(z.object({ count: z.number().int() }))`
    SELECT count(*)::int AS count FROM events WHERE data->>'test_request_id' = ${String(testRequestId)}`);

beforeAll(async () => {
  lab = await startLabSandbox({ port: 0, sampleReceivedAfterMs: 200, completeAfterMs: 600 });
  suite = await startServiceUnderTest(service, {
    env: { EXTERNAL_LAB_POLL_MS: '100' },
    resources: (keys) => ({
      keys: { jwks: keys.jwks },
      labProviders: new Map([['fhir', createFhirProvider({ baseUrl: lab.fhirUrl, timeoutMs: 1_000 })]]),
    }),
  });
  await publishDirectory(
    suite,
    [
      [NORTHWIND, 'Northwind General Hospital'],
      [RIVERSIDE, 'Riverside Clinic'],
    ],
    Object.values(USERS),
  );
  // Northwind turns its external laboratory on; Riverside leaves it off
  await suite.publish('identity', {
    stream: `institution-${NORTHWIND}`,
    version: 1,
    type: 'InstitutionUpdated',
    data: { ...institutionRegisteredData(NORTHWIND, 'Northwind General Hospital'), api_enabled: true },
  });
  for (const [index, marker] of Object.values(MARKERS).entries()) {
    await clinical(`catalogue-${marker.id}`, 'CatalogueItemCreated', markerCreatedData(marker, index));
  }
  await waitFor(
    async () =>
      (await suite.pool.exists(sql.unsafe`SELECT 1 FROM institutions WHERE id = ${NORTHWIND} AND api_enabled`)) &&
      (await suite.pool.oneFirst(sql.type(z.object({ count: z.number().int() }))`
        SELECT count(*)::int AS count FROM results_catalogue WHERE marker_code IS NOT NULL`)) === 2,
    { description: 'the directory and the catalogue' },
  );
}, 60_000);
afterAll(async () => {
  await suite?.close();
  await lab?.stop();
});

describe('an order at the external laboratory', () => {
  it('goes from submission to a draft with each marker, which a lab user releases', async () => {
    const testRequestId = await order();
    const result = await resultFor(testRequestId);
    assert.equal(result.status, 'draft');
    const pending = await apiStatus(result.id);
    assert.equal(pending.external_api_status, 'pending');
    assert.equal(pending.api_enabled, true);
    assert.equal(pending.can_submit, true);
    assert.equal(pending.can_fetch_results, false);

    const submitted = await submit(testRequestId);
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    assert.equal(submitted.body.success, true);
    assert.equal(submitted.body.api_status.external_api_status, 'submitted');
    assert.ok(submitted.body.api_status.external_lab_id);
    assert.ok(submitted.body.api_status.api_order_submitted_at);
    assert.equal(submitted.body.api_status.can_submit, false);
    assert.equal(submitted.body.api_status.can_fetch_results, true);
    const [sent] = lab.orders().filter((entry) => entry.identifier.endsWith(String(testRequestId).padStart(6, '0')));
    assert.deepEqual(sent?.loincCodes.sort(), [MARKERS.glucose.loinc, MARKERS.tsh.loinc].sort());

    const done = await resultsIn(result.id);
    assert.equal(done.external_api_status, 'complete');
    assert.ok(done.api_results_received_at);
    assert.equal(done.can_fetch_results, false);
    assert.deepEqual(
      done.timeline.map((step) => step.step),
      [...EXTERNAL_LAB_TIMELINE_STEPS],
    );
    assert.ok(
      done.timeline.every((step) => step.at !== null),
      JSON.stringify(done.timeline),
    );
    assert.deepEqual(await orderEvents(result.id), [
      'ExternalOrderSubmitted',
      'ExternalOrderStatusChanged',
      'ExternalOrderStatusChanged',
      'ExternalResultsReceived',
    ]);
    assert.deepEqual(done.refused, []);

    const filled = await call<ResultDetail>(USERS.labUser, 'GET', `/results/${result.id}`);
    assert.equal(filled.body.status, 'draft', 'a reviewer still has to release it');
    assert.deepEqual(
      filled.body.rows.map((row) => [row.biomarker, row.units, row.value !== '']),
      [
        ['Glucose', 'mg/dL', true],
        ['TSH', 'mIU/L', true],
      ],
    );
    const values = JSON.parse(filled.body.result_values ?? '{}') as Record<string, { value: string; unit: string }>;
    assert.equal(values.Glucose?.unit, 'mg/dL');
    assert.equal(values.TSH?.unit, 'm[IU]/L');
    assert.equal(String(Number(values.Glucose?.value)), values.Glucose?.value);
    const updates = await suite.pool.any(sql.type(z.object({ actor_user_id: z.number().nullable() }))`
      SELECT (actor->>'userId')::int AS actor_user_id FROM events
      WHERE stream = ${`testResult-${result.id}`} AND type = 'ResultUpdated'`);
    assert.deepEqual(updates, [{ actor_user_id: null }], 'written by the system, once');

    for (const status of ['reviewed', 'final']) {
      const moved = await call<ResultDetail>(USERS.labUser, 'POST', `/results/${result.id}/review`, { status });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
    }
    const released = await suite.pool.oneFirst(sql.type(z.object({ test_request_id: z.number() }))`
      SELECT (data->>'test_request_id')::int AS test_request_id FROM events
      WHERE stream = ${`testResult-${result.id}`} AND type = 'ResultFinalized'`);
    assert.equal(released, testRequestId, 'clinical completes the test request on this event');
  });

  it('records a laboratory that is down as failed with the reason, and takes the order again once it is back', async () => {
    const testRequestId = await order();
    const result = await resultFor(testRequestId);
    lab.behave({ mode: 'down' });
    try {
      const refused = await submit(testRequestId);
      assert.equal(refused.status, 502, JSON.stringify(refused.body));
      assert.match(refused.body.error ?? '', /^The external laboratory could not be reached: /);
    } finally {
      lab.behave({ mode: 'normal' });
    }
    const failed = await apiStatus(result.id);
    assert.equal(failed.external_api_status, 'failed');
    assert.match(failed.failure_reason ?? '', /could not be reached/);
    assert.equal(failed.can_submit, true, 'a failed order may be submitted again');

    const again = await submit(testRequestId);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.api_status.external_api_status, 'submitted');
    assert.equal(again.body.api_status.failure_reason, null);
    await resultsIn(result.id);
    assert.deepEqual((await orderEvents(result.id)).slice(0, 2), ['ExternalOrderFailed', 'ExternalOrderSubmitted']);
  });

  it('refuses and reports a value for a marker the order did not ask for, and stores it nowhere', async () => {
    const testRequestId = await order();
    const result = await resultFor(testRequestId);
    lab.behave({ mode: 'normal', extraLoinc: EXTRA_LOINC });
    try {
      assert.equal((await submit(testRequestId)).status, 200);
      const done = await resultsIn(result.id);
      assert.equal(done.refused.length, 1, JSON.stringify(done.refused));
      assert.equal(done.refused[0]?.loinc, EXTRA_LOINC);
      assert.deepEqual(
        done.accepted.map((value) => value.loinc).sort(),
        [MARKERS.glucose.loinc, MARKERS.tsh.loinc].sort(),
      );
    } finally {
      lab.behave({ mode: 'normal', extraLoinc: null });
    }
    const filled = await call<ResultDetail>(USERS.labUser, 'GET', `/results/${result.id}`);
    assert.deepEqual(
      filled.body.rows.map((row) => row.biomarker),
      ['Glucose', 'TSH'],
    );
    assert.ok(!filled.body.result_data.includes('Cholesterol'));
    assert.ok(!(filled.body.result_values ?? '').includes(EXTRA_LOINC));
  });

  it('answers a fetch before the results with no change, and a sync with the last word', async () => {
    const testRequestId = await order();
    const result = await resultFor(testRequestId);
    const early = await call<ExternalApiCallResponse>(
      USERS.clinician,
      'POST',
      `/external-api/fhir/fetch-results/${testRequestId}`,
    );
    assert.equal(early.status, 409);
    assert.equal(early.body.error, EXTERNAL_LAB_ERRORS.notSubmitted);
    assert.equal((await submit(testRequestId)).status, 200);
    const synced = await call<{ api_status: ExternalApiStatus }>(
      USERS.labUser,
      'POST',
      `/results/${result.id}/sync-status`,
    );
    assert.equal(synced.status, 200, JSON.stringify(synced.body));
    assert.ok(synced.body.api_status.last_sync);
    const twice = await submit(testRequestId);
    assert.equal(twice.status, 409);
    assert.match(twice.body.error ?? '', /cannot be submitted again/);
  });

  it('lets other requests through while the laboratory is slow', async () => {
    const testRequestId = await order();
    await resultFor(testRequestId);
    lab.behave({ mode: 'slow', delayMs: 3_000 });
    try {
      const submission = submit(testRequestId);
      const started = Date.now();
      const list = await call(USERS.labUser, 'GET', '/results?page=1&limit=20');
      assert.equal(list.status, 200);
      assert.ok(Date.now() - started < 1_000, `the list took ${Date.now() - started} ms`);
      // the adapter's limit (1 s here) ends the wait: recorded as failed, to be submitted again
      const slow = await submission;
      assert.equal(slow.status, 502, JSON.stringify(slow.body));
    } finally {
      lab.behave({ mode: 'normal' });
    }
  });
});

describe('the panel\u2019s rules', () => {
  it('refuses bad input with 400 naming the problem, and changes nothing', async () => {
    const testRequestId = await order();
    const before = await eventCount(testRequestId);
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/results/create', {}, /test_request_id/],
      ['POST', '/results/create', { test_request_id: 'abc' }, /test_request_id/],
      ['POST', '/results/create', { test_request_id: testRequestId, extra: 1 }, /extra|unrecognized/i],
      ['POST', `/external-api/acme/submit-order/${testRequestId}`, undefined, /provider/],
      ['POST', '/external-api/fhir/submit-order/12x', undefined, /testRequestId/],
      ['POST', '/external-api/fhir/fetch-results/0', undefined, /testRequestId/],
      ['GET', '/results/abc/api-status', undefined, /id/],
      ['POST', '/results/-1/sync-status', undefined, /id/],
    ];
    for (const [method, url, payload, problem] of cases) {
      const answer = await call(USERS.clinician, method, url, payload);
      assert.equal(answer.status, 400, `${method} ${url}: ${JSON.stringify(answer.body)}`);
      assert.match(answer.body.error ?? '', problem, `${method} ${url}`);
    }
    assert.equal(await eventCount(testRequestId), before);
  });

  it("hides another institution's result and test request (404), refuses other roles (403), and needs api_enabled", async () => {
    const testRequestId = await order();
    const result = await resultFor(testRequestId);
    const before = await eventCount(testRequestId);
    for (const [method, url] of [
      ['GET', `/results/${result.id}/api-status`],
      ['POST', `/results/${result.id}/sync-status`],
      ['POST', `/external-api/fhir/submit-order/${testRequestId}`],
      ['POST', `/external-api/fhir/fetch-results/${testRequestId}`],
    ] as const) {
      assert.equal((await call(USERS.riversideLabUser, method, url)).status, 404, `${method} ${url}`);
      assert.equal((await call(USERS.agent, method, url)).status, 403, `${method} ${url}`);
    }
    assert.equal(
      (await call(USERS.riversideLabUser, 'POST', '/results/create', { test_request_id: testRequestId })).status,
      404,
    );

    const riverside = await order(RIVERSIDE);
    const theirs = await resultFor(riverside, USERS.riversideLabUser);
    const off = await apiStatus(theirs.id, USERS.riversideLabUser);
    assert.equal(off.api_enabled, false);
    assert.equal(off.can_submit, false);
    const refused = await submit(riverside, USERS.riversideLabUser);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error, EXTERNAL_LAB_ERRORS.notEnabled);

    const unlabelled = await order(NORTHWIND, '');
    await resultFor(unlabelled);
    const noBarcode = await submit(unlabelled);
    assert.equal(noBarcode.status, 409);
    assert.equal(noBarcode.body.error, EXTERNAL_LAB_ERRORS.noBarcode);

    const withoutResult = await order();
    const first = await submit(withoutResult);
    assert.equal(first.status, 409);
    assert.equal(first.body.error, EXTERNAL_LAB_ERRORS.noResult);
    assert.equal(await eventCount(testRequestId), before, 'nothing recorded about the hidden order');
    assert.equal(await eventCount(withoutResult), 0);
  });
});
