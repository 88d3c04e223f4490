/**
 * The results API on a real database and JetStream, with clinical's and identity's events published as their
 * relays would: the result roles within their institutions (another institution's result answers 404, other roles
 * 403), every allowed and refused status move through HTTP (409 with its sentence), an amendment's reason and its
 * history, bad input answering 400 naming the problem with nothing stored, redelivered events changing nothing
 * twice, and the PDF report read back with pdftotext.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  canMoveResult,
  ERRORS,
  RESULT_ERRORS,
  RESULT_STATUSES,
  type ClinicalEventData,
  type ClinicalEventType,
  type HistoryResponse,
  type RESULTS_SERVICE_EVENT_SCHEMAS,
  type ResultDetail,
  type ResultList,
  type ResultStatus,
} from '@labline/contracts';
import { publishDirectory, startServiceUnderTest, type ServiceUnderTest } from '@labline/service-kit/testing';
import { patientRegisteredData, testRequestCreatedData, testUser, waitFor, type TestUser } from '@labline/testkit';
import { sql } from 'slonik';
import { z } from 'zod';
import type { ResultsConfig, ResultsResources } from '../src/config';
import { resultsProjection } from '../src/projections/results/projection';
import { service } from '../src/service';
import { markerCreatedData, publishOrder, withoutLaboratory } from './resources';

const NORTHWIND = 1;
const RIVERSIDE = 2;
const USERS = {
  superAdmin: testUser(1, 'super_admin', null, ['Sarah', 'Mitchell']),
  northwindAdmin: testUser(2, 'institution_admin', NORTHWIND, ['James', 'Carter']),
  clinician: testUser(3, 'clinician', NORTHWIND, ['Emily', 'Chen'], [NORTHWIND]),
  labUser: testUser(4, 'lab_user', NORTHWIND, ['Liam', 'Price']),
  riversideLabUser: testUser(5, 'lab_user', RIVERSIDE, ['Rita', 'Stone']),
  clientAdmin: testUser(6, 'client_admin', NORTHWIND, ['Chris', 'Doyle']),
  agent: testUser(7, 'fulfillment_agent', NORTHWIND, ['Priya', 'Patel']),
  twoClinics: testUser(8, 'clinician', NORTHWIND, ['Tom', 'Hart'], [NORTHWIND, RIVERSIDE]),
} as const;

const MARKERS = {
  glucose: { id: 21, name: 'Glucose', units: 'mg/dL', ucum: 'mg/dL', range: [70, 99] },
  hemoglobin: { id: 22, name: 'Hemoglobin', units: 'g/dL', ucum: 'g/dL', range: [12, 17.5] },
  tsh: { id: 23, name: 'TSH', units: 'mIU/L', ucum: 'm[IU]/L', range: [0.4, 4] },
} as const;
const LAB = 41;

let suite: ServiceUnderTest<ResultsConfig, typeof RESULTS_SERVICE_EVENT_SCHEMAS, ResultsResources>;

async function call<T = unknown>(member: TestUser, method: string, url: string, payload?: unknown) {
  const response = await suite.app.inject({
    method: method as 'GET',
    url,
    headers: await suite.as(member),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const json = response.headers['content-type']?.toString().startsWith('application/json');
  return {
    status: response.statusCode,
    body: (json ? response.json() : null) as T & { error?: string },
    raw: response.rawPayload,
    headers: response.headers,
  };
}

const clinical = <T extends ClinicalEventType>(stream: string, type: T, data: ClinicalEventData<T>, version = 0) =>
  suite.publish('clinical', { stream, version, type, data });

let nextOrder = 1000;

/** A patient and their test request (of the three markers) as clinical publishes them. */
async function order(institutionId = NORTHWIND, status: ClinicalEventData<'TestRequestCreated'>['status'] = 'pending') {
  return publishOrder(
    suite,
    (nextOrder += 1),
    institutionId,
    {
      clinician_id: USERS.clinician.id,
      marker_ids: Object.values(MARKERS).map((marker) => marker.id),
      test_name: 'Glucose, Hemoglobin, TSH',
      lab_id: LAB,
      status,
    },
    { first_name: 'Amelia', last_name: `Thompson Ávila` },
  );
}

const RESULT_DATA = [
  'Glucose:',
  'Value: 130',
  'Units: mg/dL',
  'Range: 70-99',
  'Status: high',
  '',
  'Hemoglobin:',
  'Value: 10.1',
  'Units: g/dL',
  'Range: 12-17.5',
  'Status: low',
  '',
  'TSH:',
  'Value: 2.1',
  'Units: mIU/L',
  'Range: 0.4-4',
  'Status: normal',
].join('\n');

const body = (testRequestId: number, fields: Record<string, unknown> = {}) => ({
  test_request_id: testRequestId,
  result_data: RESULT_DATA,
  result_values: '{"glucose": 130}',
  interpretation: 'Hyperglycaemia; mild anaemia.',
  ...fields,
});

async function enter(member: TestUser = USERS.labUser, testRequestId?: number) {
  const answer = await call<ResultDetail>(member, 'POST', '/results', body(testRequestId ?? (await order())));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body;
}

const save = (member: TestUser, result: Pick<ResultDetail, 'id' | 'test_request_id'>, fields = {}) =>
  call<ResultDetail>(member, 'PUT', `/results/${result.id}`, body(result.test_request_id, fields));

/** The steps from a draft to each status. */
const PATH: Record<ResultStatus, ResultStatus[]> = {
  draft: [],
  reviewed: ['reviewed'],
  final: ['reviewed', 'final'],
  amended: ['reviewed', 'final', 'amended'],
};
const REASON = 'Glucose re-run on a fresh sample';

async function resultIn(status: ResultStatus) {
  const result = await enter();
  for (const step of PATH[status]) {
    const answer = await save(
      USERS.labUser,
      result,
      step === 'amended' ? { status: step, amendment_reason: REASON } : { status: step },
    );
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  }
  return result;
}

const eventCount = () =>
  suite.pool.oneFirst(sql.type(z.object({ count: z.number().int() }))`SELECT count(*)::int AS count FROM events`);

beforeAll(async () => {
  suite = await startServiceUnderTest(service, { resources: withoutLaboratory });
  await publishDirectory(
    suite,
    [
      [NORTHWIND, 'Northwind General Hospital'],
      [RIVERSIDE, 'Riverside Clinic'],
    ],
    Object.values(USERS),
  );
  for (const [index, marker] of Object.values(MARKERS).entries()) {
    await clinical(`catalogue-${marker.id}`, 'CatalogueItemCreated', markerCreatedData(marker, index));
  }
  await clinical(`catalogue-${LAB}`, 'CatalogueItemCreated', {
    kind: 'labs',
    itemId: LAB,
    name: 'Meridian Pathology Laboratories',
    description: null,
    active: true,
    sort_order: 0,
    institution_ids: [],
    address: null,
    phone: null,
    email: null,
  });
  await waitFor(
    async () =>
      (await call(USERS.labUser, 'GET', '/results')).status === 200 &&
      (await suite.pool.oneFirst(sql.type(z.object({ count: z.number().int() }))`
        SELECT count(*)::int AS count FROM results_catalogue`)) === 4,
    { description: 'the directory and the catalogue' },
  );
}, 60_000);
afterAll(() => suite?.close());

describe('entering a result', () => {
  it('records a draft with who entered it, the markers and their ranges, and the flagged rows', async () => {
    const result = await enter();
    assert.equal(result.status, 'draft');
    assert.equal(result.display_id, `RES-${String(result.id).padStart(6, '0')}`);
    assert.deepEqual([result.entered_by_name, result.entered_by_lastname], ['Liam', 'Price']);
    assert.equal(result.reviewed_by, null);
    assert.equal(result.institution_name, 'Northwind General Hospital');
    assert.equal(result.test_request.lab_name, 'Meridian Pathology Laboratories');
    assert.deepEqual(
      result.markers.map((marker) => [marker.name, marker.range_min, marker.range_max, marker.units_ucum]),
      [
        ['Glucose', 70, 99, 'mg/dL'],
        ['Hemoglobin', 12, 17.5, 'g/dL'],
        ['TSH', 0.4, 4, 'm[IU]/L'],
      ],
    );
    assert.deepEqual(
      result.rows.map((row) => [row.biomarker, row.value, row.flag]),
      [
        ['Glucose', '130', 'H'],
        ['Hemoglobin', '10.1', 'L'],
        ['TSH', '2.1', null],
      ],
    );
    assert.equal(result.report_file_name, `test-result-${result.id}-amelia-thompson-ávila.pdf`);
  });

  it('starts every result as a draft, and gives a test request one result', async () => {
    const testRequestId = await order();
    for (const status of ['reviewed', 'final', 'amended'] as const) {
      const refused = await call(USERS.labUser, 'POST', '/results', body(testRequestId, { status }));
      assert.deepEqual([refused.status, refused.body.error], [409, RESULT_ERRORS.mustStartAsDraft(status)]);
    }
    await enter(USERS.labUser, testRequestId);
    const again = await call(USERS.labUser, 'POST', '/results', body(testRequestId));
    assert.deepEqual([again.status, again.body.error], [409, RESULT_ERRORS.testRequestHasResult]);
  });

  it('refuses a cancelled test request (409) and an unknown or foreign one (404)', async () => {
    const cancelled = await order(NORTHWIND, 'cancelled');
    const answer = await call(USERS.labUser, 'POST', '/results', body(cancelled));
    assert.deepEqual([answer.status, answer.body.error], [409, RESULT_ERRORS.testRequestCancelled]);
    const foreign = await order(RIVERSIDE);
    for (const id of [foreign, 999_999]) {
      const refused = await call(USERS.labUser, 'POST', '/results', body(id));
      assert.deepEqual([refused.status, refused.body.error], [404, RESULT_ERRORS.testRequestNotFound]);
    }
  });
});

describe('who works with results', () => {
  it('lets the four result roles of the institution read and write, and refuses the others 403', async () => {
    const result = await enter();
    for (const member of [USERS.superAdmin, USERS.northwindAdmin, USERS.clinician, USERS.labUser]) {
      const read = await call<ResultDetail>(member, 'GET', `/results/${result.id}`);
      assert.equal(read.status, 200, member.role);
      const list = await call<ResultList>(member, 'GET', '/results');
      assert.ok(
        list.body.results.some((row) => row.id === result.id),
        member.role,
      );
    }
    const edited = await save(USERS.clinician, result, { interpretation: 'Seen by the clinician.' });
    assert.equal(edited.body.interpretation, 'Seen by the clinician.');
    for (const member of [USERS.clientAdmin, USERS.agent]) {
      assert.deepEqual(
        [(await call(member, 'GET', '/results')).body.error, (await save(member, result)).body.error],
        [ERRORS.noPermissionViewTestResults, ERRORS.noPermissionEnterTestResults],
      );
      const pdf = await call(member, 'GET', `/results/${result.id}/pdf`);
      assert.deepEqual([pdf.status, pdf.body.error], [403, RESULT_ERRORS.pdfForbidden]);
    }
  });

  it("shows a clinician of two institutions both institutions' results, and counts them", async () => {
    const northwind = await enter();
    const riverside = await enter(USERS.riversideLabUser, await order(RIVERSIDE));
    const list = await call<ResultList>(USERS.twoClinics, 'GET', '/results?limit=100');
    const ids = list.body.results.map((row) => row.id);
    assert.ok(ids.includes(northwind.id) && ids.includes(riverside.id));
    const own = await call<ResultList>(USERS.riversideLabUser, 'GET', '/results?limit=100');
    assert.ok(own.body.results.every((row) => row.institution_id === RIVERSIDE));
    assert.equal(list.body.counts.total, list.body.pagination.total);
    assert.ok(list.body.counts.total > own.body.counts.total);
  });

  it("answers another institution's result 404 on every route, and leaves it out of the list", async () => {
    const result = await enter();
    const before = await eventCount();
    const other = USERS.riversideLabUser;
    for (const [method, url, payload] of [
      ['GET', `/results/${result.id}`],
      ['GET', `/results/${result.id}/history`],
      ['GET', `/results/${result.id}/pdf`],
      ['PUT', `/results/${result.id}`, body(result.test_request_id)],
      ['POST', `/results/${result.id}/review`, { status: 'reviewed' }],
    ] as const) {
      const answer = await call(other, method, url, payload);
      assert.deepEqual([answer.status, answer.body.error], [404, RESULT_ERRORS.notFound], `${method} ${url}`);
    }
    const list = await call<ResultList>(other, 'GET', '/results');
    assert.ok(!list.body.results.some((row) => row.id === result.id));
    assert.equal(await eventCount(), before);
  });
});

describe('the status table', () => {
  for (const from of RESULT_STATUSES) {
    for (const to of RESULT_STATUSES) {
      const allowed = canMoveResult(from, to);
      it(`${from} → ${to}: ${allowed ? 'saved' : '409'}`, async () => {
        const result = await resultIn(from);
        const fields = { status: to, amendment_reason: REASON, interpretation: `Now ${to}` };
        const answer = await save(USERS.labUser, result, fields);
        if (!allowed) {
          assert.deepEqual([answer.status, answer.body.error], [409, RESULT_ERRORS.illegalTransition(from, to)]);
          return;
        }
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.deepEqual([answer.body.status, answer.body.interpretation], [to, `Now ${to}`]);
      });
    }
  }

  it('records who reviewed and released a result and when, and the Review menu moves it on', async () => {
    const result = await enter();
    const reviewed = await call<ResultDetail>(USERS.clinician, 'POST', `/results/${result.id}/review`, {
      id: result.id,
      status: 'reviewed',
    });
    assert.equal(reviewed.status, 200, JSON.stringify(reviewed.body));
    assert.deepEqual([reviewed.body.reviewed_by_name, reviewed.body.reviewed_by_lastname], ['Emily', 'Chen']);
    assert.ok(reviewed.body.reviewed_at);
    const released = await call<ResultDetail>(USERS.northwindAdmin, 'POST', `/results/${result.id}/review`, {
      status: 'final',
    });
    assert.equal(released.body.status, 'final');
    assert.deepEqual(
      [released.body.released_by_name, released.body.first_released_at],
      ['James', released.body.released_at],
    );
    const again = await call(USERS.labUser, 'POST', `/results/${result.id}/review`, { status: 'final' });
    assert.deepEqual([again.status, again.body.error], [409, RESULT_ERRORS.illegalTransition('final', 'final')]);
  });

  it('publishes ResultFinalized with its test request and institution', async () => {
    const result = await resultIn('final');
    const data = await suite.pool.oneFirst(sql.type(z.object({ data: z.record(z.string(), z.unknown()) }))`
      SELECT data FROM events WHERE stream = ${`testResult-${result.id}`} AND type = 'ResultFinalized'`);
    assert.deepEqual([data.test_request_id, data.institution_id], [result.test_request_id, NORTHWIND]);
  });
});

describe('corrections', () => {
  it('needs a reason to amend, keeps every version in the history with who, when, what and why', async () => {
    const result = await resultIn('final');
    const released = (await call<ResultDetail>(USERS.labUser, 'GET', `/results/${result.id}`)).body;
    const before = await eventCount();
    for (const reason of [undefined, '', '   ']) {
      const refused = await save(USERS.labUser, result, { status: 'amended', amendment_reason: reason });
      assert.deepEqual([refused.status, refused.body.error], [400, RESULT_ERRORS.amendmentReasonRequired]);
    }
    assert.equal(await eventCount(), before);
    const corrected = RESULT_DATA.replace('Value: 130', 'Value: 95');
    const amended = await save(USERS.clinician, result, {
      status: 'amended',
      result_data: corrected,
      amendment_reason: REASON,
    });
    assert.equal(amended.status, 200, JSON.stringify(amended.body));
    assert.deepEqual([amended.body.amendment_reason, amended.body.first_released_at], [REASON, released.released_at]);
    assert.equal(amended.body.rows[0]?.flag, null);

    const history = await call<HistoryResponse>(USERS.labUser, 'GET', `/results/${result.id}/history`);
    const entries = history.body.history;
    assert.deepEqual(
      entries.map((entry) => [entry.action, entry.actor?.name ?? null, entry.note ?? null]),
      [
        ['status_changed', 'Emily Chen', REASON],
        ['status_changed', 'Liam Price', null],
        ['status_changed', 'Liam Price', null],
        ['created', 'Liam Price', null],
      ],
    );
    const amendment = entries[0]!;
    assert.deepEqual(
      amendment.changes.map((change) => [change.label, change.from, change.to]),
      [
        ['Status', 'final', 'amended'],
        ['Result Data', RESULT_DATA, corrected],
      ],
    );
    assert.ok(entries.every((entry) => !Number.isNaN(Date.parse(entry.at))));
  });
});

describe('bad input', () => {
  it('answers 400 naming the problem, with nothing stored', async () => {
    const result = await enter();
    const before = await eventCount();
    const cases: [string, string, Record<string, unknown>, RegExp][] = [
      ['POST', '/results', { ...body(result.test_request_id), result_data: '  ' }, /result_data/],
      ['POST', '/results', { result_data: RESULT_DATA }, /test_request_id/],
      [
        'POST',
        '/results',
        { ...body(result.test_request_id), result_values: '{not json' },
        /result_values: must be valid JSON/,
      ],
      ['POST', '/results', { ...body(result.test_request_id), status: 'published' }, /status/],
      ['POST', '/results', { ...body(result.test_request_id), extra: 1 }, /extra/],
      ['PUT', `/results/${result.id}`, body(result.test_request_id + 1), new RegExp(RESULT_ERRORS.testRequestLocked)],
      ['PUT', `/results/${result.id}`, { ...body(result.test_request_id), result_values: '[1,' }, /result_values/],
      ['POST', `/results/${result.id}/review`, { id: result.id + 1, status: 'reviewed' }, /id: must be/],
    ];
    for (const [method, url, payload, problem] of cases) {
      const answer = await call(USERS.labUser, method, url, payload);
      assert.equal(answer.status, 400, `${method} ${url} ${JSON.stringify(payload)}`);
      assert.match(answer.body.error ?? '', problem);
    }
    assert.equal(await eventCount(), before);
    const stored = await call<ResultDetail>(USERS.labUser, 'GET', `/results/${result.id}`);
    assert.deepEqual([stored.body.status, stored.body.result_data], ['draft', RESULT_DATA]);
  });

  it('stores structured values as JSON text, from text or an object', async () => {
    const result = await enter();
    const fromObject = await save(USERS.labUser, result, { result_values: { glucose: 95 } });
    assert.equal(fromObject.body.result_values, '{"glucose":95}');
    const cleared = await save(USERS.labUser, result, { result_values: '' });
    assert.equal(cleared.body.result_values, null);
  });
});

describe('the list', () => {
  it('filters by status and search, pages newest first, and counts the cards', async () => {
    const result = await resultIn('reviewed');
    const reviewed = await call<ResultList>(USERS.labUser, 'GET', '/results?status=reviewed&limit=100');
    assert.ok(reviewed.body.results.every((row) => row.status === 'reviewed'));
    assert.ok(reviewed.body.results.some((row) => row.id === result.id));
    const byId = await call<ResultList>(USERS.labUser, 'GET', `/results?search=${result.display_id}`);
    assert.deepEqual(
      byId.body.results.map((row) => row.id),
      [result.id],
    );
    const all = await call<ResultList>(USERS.labUser, 'GET', '/results?limit=2');
    const { counts, pagination } = all.body;
    assert.equal(counts.total, counts.draft + counts.reviewed + counts.final + counts.amended);
    assert.deepEqual([pagination.total, pagination.limit, all.body.results.length], [counts.total, 2, 2]);
    assert.ok(all.body.results[0]!.entered_at >= all.body.results[1]!.entered_at);
  });
});

describe('the counts behind the cards', () => {
  const counted = () =>
    suite.pool.any(sql.type(z.object({ status: z.string(), count: z.number().int() }))`
      SELECT status, count(*)::int AS count FROM test_results GROUP BY status ORDER BY status`);
  const kept = () =>
    suite.pool.any(sql.type(z.object({ status: z.string(), count: z.number().int() }))`
      SELECT status, sum(count)::int AS count FROM test_result_counts GROUP BY status HAVING sum(count) > 0
      ORDER BY status`);

  it("match the results, and a result's events projected again change nothing", async () => {
    const result = await resultIn('amended');
    assert.deepEqual(await kept(), await counted());
    const before = await kept();
    const events = await suite.context.store.readStream(`testResult-${result.id}`);
    await suite.pool.transaction(async (transaction) => {
      for (const event of events) await resultsProjection.apply(transaction, event);
    });
    assert.deepEqual(await kept(), before);
    const list = await call<ResultList>(USERS.superAdmin, 'GET', '/results');
    const byStatus = Object.fromEntries(before.map(({ status, count }) => [status, count]));
    for (const status of RESULT_STATUSES) assert.equal(list.body.counts[status], byStatus[status] ?? 0, status);
  });
});

describe("clinical's events", () => {
  it('change nothing twice when redelivered, and a later update wins', async () => {
    const id = await order();
    const row = () =>
      suite.pool.one(sql.type(z.object({ test_name: z.string(), version: z.number().int() }))`
        SELECT test_name, version FROM test_request_summaries WHERE id = ${id}`);
    const updated = testRequestCreatedData(id, NORTHWIND, { patient_id: id, test_name: 'Glucose' });
    const envelope = await clinical(`testRequest-${id}`, 'TestRequestUpdated', updated, 1);
    await waitFor(async () => (await row()).version === 1, { description: 'the update' });
    await suite.republish('clinical', envelope);
    await clinical(`testRequest-${id}`, 'TestRequestCreated', testRequestCreatedData(id, NORTHWIND), 0);
    const marker = await clinical(`patient-${id}`, 'PatientUpdated', patientRegisteredData(id, [NORTHWIND]), 1);
    await waitFor(
      async () => await suite.pool.exists(sql.unsafe`SELECT 1 FROM results_patients WHERE id = ${id} AND version = 1`),
      { description: `${marker.type} after the redeliveries` },
    );
    assert.deepEqual(await row(), { test_name: 'Glucose', version: 1 });
  });
});

describe('the PDF report', () => {
  const run = promisify(execFile);

  async function pdfText(member: TestUser, id: number) {
    const answer = await call(member, 'GET', `/results/${id}/pdf`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/pdf');
    const dir = await mkdtemp(path.join(tmpdir(), 'results-pdf-'));
    try {
      const file = path.join(dir, 'report.pdf');
      await writeFile(file, answer.raw);
      const { stdout } = await run('pdftotext', ['-layout', file, '-']);
      return { text: stdout, disposition: String(answer.headers['content-disposition']) };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('renders the rows with their flags, a corrected report with its reason and release date, and the file name', async () => {
    const result = await resultIn('amended');
    const detail = (await call<ResultDetail>(USERS.clinician, 'GET', `/results/${result.id}`)).body;
    const { text, disposition } = await pdfText(USERS.clinician, result.id);
    const line = (name: string) => text.split('\n').find((candidate) => candidate.trim().startsWith(name)) ?? '';
    assert.match(line('Glucose'), /Glucose\s+130\s+mg\/dL\s+70-99\s+H High/);
    assert.match(line('Hemoglobin'), /Hemoglobin\s+10\.1\s+g\/dL\s+12-17\.5\s+L Low/);
    assert.match(line('TSH'), /TSH\s+2\.1\s+mIU\/L\s+0\.4-4\s+Normal/);
    for (const column of ['BioMarker', 'Value', 'Units', 'Range', 'Interpretation'])
      assert.match(text, new RegExp(column));
    assert.match(text, /Corrected report/);
    assert.match(text, new RegExp(`Reason for correction: ${REASON}`));
    assert.match(text, new RegExp(`Originally released: ${detail.first_released_at!.slice(0, 10)}`));
    assert.match(text, /Meridian Pathology Laboratories/);
    assert.match(text, /MRN-\d+/);
    assert.match(text, /Specimen:\s+BLOOD/);
    assert.match(text, /Page 1 of 1/);
    assert.match(
      disposition,
      new RegExp(`filename\\*=UTF-8''test-result-${result.id}-amelia-thompson-%C3%A1vila\\.pdf`),
    );
  });

  it('numbers every page of a long report and names its report and patient on each', async () => {
    const result = await enter();
    const markers = Array.from({ length: 50 }, (_, index) =>
      [`Marker ${index + 1}:`, `Value: ${index}`, 'Units: U/L', 'Range: 10-20', 'Status: normal', ''].join('\n'),
    );
    await save(USERS.labUser, result, { result_data: markers.join('\n') });
    const { text } = await pdfText(USERS.labUser, result.id);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    assert.ok(pages.length >= 2, `${pages.length} pages`);
    pages.forEach((page, index) => {
      assert.match(page, new RegExp(`Page ${index + 1} of ${pages.length}`));
      assert.match(page, new RegExp(`${result.display_id} - Amelia Thompson Ávila \\(MRN-\\d+\\)`));
    });
    assert.match(text, /Marker 5\s+4\s+U\/L\s+10-20\s+L Low/);
    assert.match(text, /Marker 50\s+49\s+U\/L\s+10-20\s+H High/);
  });

  it('shows the start of result_data when no marker parses, and a report that is not corrected', async () => {
    const result = await enter();
    await save(USERS.labUser, result, { result_data: 'No growth after 48 hours of incubation' });
    const { text } = await pdfText(USERS.labUser, result.id);
    assert.match(text, /No growth after 48 h\.\.\./);
    assert.doesNotMatch(text, /Corrected report/);
    assert.match(text, /Laboratory Test Report/);
  });
});
