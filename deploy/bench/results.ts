/**
 * The results benchmarks of issue 26: 200,000 test results (40,000 patients, 50 institutions) written by the results
 * service's own projections from the events that make them (clinical's patients, test requests and markers, results'
 * entries, reviews, releases and amendments), then GET /results timed over real HTTP with real signed tokens for
 * super_admin, an institution admin and a lab user, with and without the status filter and the search (target p99
 * 50 ms); and the server-side PDF of a 50-marker result, GET /results/{id}/pdf (target p99, so p95 too, 300 ms).
 */
import { performance } from 'node:perf_hooks';
import {
  RESULT_STATUSES,
  type Actor,
  type ClinicalEventData,
  type EventEnvelope,
  type ResultMarker,
  type ResultsEventData,
} from '@labline/contracts';
import { createDatabasePool, openServiceDatabase } from '@labline/db';
import { createPostgresEventStore } from '@labline/eventstore';
import { service } from '@labline/results';
import { buildInProcess, serviceMigrations } from '@labline/service-kit';
import { createTestDatabase, createTestKeys, patientRegisteredData, testRequestCreatedData } from '@labline/testkit';
import { sql } from 'slonik';
import { INSTITUTION_ADMIN_ID, loadDirectory, SUPER_ADMIN_ID } from './load';
import { envelope, project } from './projecting';
import { random, timeRequests } from './stats';

const RESULTS_STORED = Number(process.env.BENCH_RESULTS ?? 200_000);
const PATIENTS = Math.max(1, Math.round(RESULTS_STORED / 5));
const INSTITUTIONS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const WARMUP = 200;
const TARGET_LIST_P99_MS = 50;
const PDF_MARKERS = 50;
const PDF_REQUESTS = 200;
const TARGET_PDF_P99_MS = 300;
const LAB_USER_ID = 5;
const LAB_USER: Actor = { userId: LAB_USER_ID, role: 'lab_user', institutionId: 1 };

const MARKERS: ResultMarker[] = Array.from({ length: PDF_MARKERS }, (_, index) => ({
  marker_id: index + 1,
  name: `Marker ${index + 1}`,
  description: null,
  units: 'mg/dL',
  units_ucum: 'mg/dL',
  range_min: 10,
  range_max: 20,
}));

function markerData(markers: readonly ResultMarker[], next: () => number): string {
  return markers
    .map((marker) =>
      [`${marker.name}:`, `Value: ${Math.round(next() * 300) / 10}`, 'Units: mg/dL', 'Range: 10-20', ''].join('\n'),
    )
    .join('\n');
}

function* catalogue(at: Date): Generator<EventEnvelope> {
  for (const marker of MARKERS) {
    const data: ClinicalEventData<'CatalogueItemCreated'> = {
      kind: 'markers',
      itemId: marker.marker_id,
      name: marker.name,
      description: null,
      active: true,
      sort_order: marker.marker_id,
      institution_ids: [],
      marker_code: null,
      value: 50,
      units: marker.units,
      units_ucum: marker.units_ucum,
      range_min: marker.range_min,
      range_max: marker.range_max,
      sample_type_ids: [],
      tube_type_ids: [],
      collection_device_ids: [],
    };
    yield envelope(`catalogue-${marker.marker_id}`, 0, 'CatalogueItemCreated', data, at);
  }
}

/** The moves after an entry, by the status a result ends in: every status has its share of the list. */
const MOVES = {
  draft: [],
  reviewed: ['ResultReviewed'],
  final: ['ResultReviewed', 'ResultFinalized'],
  amended: ['ResultReviewed', 'ResultFinalized', 'ResultAmended'],
} as const;
const STATUS_AFTER = { ResultReviewed: 'reviewed', ResultFinalized: 'final', ResultAmended: 'amended' } as const;

function* moves(id: number, content: Omit<ResultsEventData<'ResultUpdated'>, 'status'>, at: Date) {
  let previous: (typeof RESULT_STATUSES)[number] = 'draft';
  for (const [index, type] of MOVES[RESULT_STATUSES[id % RESULT_STATUSES.length]!].entries()) {
    const status = STATUS_AFTER[type];
    const amendment = type === 'ResultAmended' ? { clinician_id: null, test_name: 'Panel', reason: 'Re-run' } : {};
    const data = { ...content, ...amendment, previous_status: previous, status };
    yield envelope(`testResult-${id}`, index + 1, type, data, at, LAB_USER);
    previous = status;
  }
}

function* history(next: () => number): Generator<EventEnvelope> {
  const start = Date.now() - 365 * 86_400_000;
  const at = (index: number, of: number) => new Date(start + Math.floor((index / of) * 364 * 86_400_000));
  const institutionOf = (patient: number) => 1 + (patient % INSTITUTIONS);
  yield* catalogue(at(0, 1));
  for (let patient = 1; patient <= PATIENTS; patient += 1) {
    yield envelope(
      `patient-${patient}`,
      0,
      'PatientRegistered',
      patientRegisteredData(patient, [institutionOf(patient)], {
        first_name: `Patient${patient}`,
        last_name: `Bench${patient % 997}`,
      }),
      at(patient, PATIENTS),
    );
  }
  const threeMarkers = MARKERS.slice(0, 3);
  for (let id = 1; id <= RESULTS_STORED; id += 1) {
    const patient = 1 + Math.floor(next() * PATIENTS);
    const institution = institutionOf(patient);
    const when = at(id, RESULTS_STORED);
    const testName = `Panel ${id % 40}`;
    yield envelope(
      `testRequest-${id}`,
      0,
      'TestRequestCreated',
      testRequestCreatedData(id, institution, { patient_id: patient, marker_ids: [1, 2, 3], test_name: testName }),
      when,
    );
    const content = {
      resultId: id,
      test_request_id: id,
      institution_id: institution,
      patient_id: patient,
      result_data: markerData(threeMarkers, next),
      result_values: null,
      interpretation: null,
    };
    const entered: ResultsEventData<'ResultEntered'> = {
      ...content,
      clinician_id: null,
      test_name: testName,
      markers: threeMarkers,
      status: 'draft',
    };
    yield envelope(`testResult-${id}`, 0, 'ResultEntered', entered, when, LAB_USER);
    yield* moves(id, content, when);
  }
  // The report's result: every marker of the catalogue.
  const id = RESULTS_STORED + 1;
  yield envelope(
    `testRequest-${id}`,
    0,
    'TestRequestCreated',
    testRequestCreatedData(id, 1, { patient_id: 1, marker_ids: MARKERS.map((marker) => marker.marker_id) }),
    at(1, 1),
  );
  const report: ResultsEventData<'ResultEntered'> = {
    resultId: id,
    test_request_id: id,
    institution_id: 1,
    patient_id: 1,
    clinician_id: null,
    test_name: 'Fifty markers',
    markers: MARKERS,
    result_data: markerData(MARKERS, next),
    result_values: null,
    interpretation: 'A long report.',
    status: 'draft',
  };
  yield envelope(`testResult-${id}`, 0, 'ResultEntered', report, at(1, 1), LAB_USER);
}

export async function runResultsBench(): Promise<boolean> {
  const database = await createTestDatabase('labline_bench_results');
  try {
    const pool = await openServiceDatabase({
      url: database.url,
      schema: 'results',
      migrations: await serviceMigrations(service),
    });
    const store = createPostgresEventStore({ pool });
    const loader = await createDatabasePool({ url: database.url, schema: 'results' });
    try {
      await loadDirectory(loader, INSTITUTIONS);
      await loader.query(sql.unsafe`
        INSERT INTO users (id, email, first_name, last_name, role, institution_id, clinician_institution_ids, is_active,
                           version)
        VALUES (${LAB_USER_ID}, 'lab@bench.test', 'Liam', 'Price', 'lab_user', 1, '{}', true, 0)`);
    } finally {
      await loader.end();
    }
    const next = random(20_261_129);
    const loadStart = performance.now();
    await project(pool, [...service.projections, ...(service.consumes ?? [])], history(next));
    // as autovacuum would have by then: the moves' updates leave dead rows behind
    await pool.query(sql.unsafe`VACUUM ANALYZE`);
    const seconds = (performance.now() - loadStart) / 1000;
    console.log(
      `Projected ${RESULTS_STORED.toLocaleString('en')} test results (${PATIENTS.toLocaleString('en')} patients, ` +
        `${INSTITUTIONS} institutions) through the service's projections in ${seconds.toFixed(1)} s.`,
    );

    const keys = await createTestKeys();
    const { app } = await buildInProcess(service, {
      env: { DATABASE_URL: database.url, IDENTITY_JWKS_URL: `${database.url}/unused` },
      pool,
      store,
      resources: { keys: { jwks: keys.jwks }, labProviders: new Map() },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const tokens = {
      super_admin: await keys.mintToken({ id: SUPER_ADMIN_ID, role: 'super_admin' }),
      institution_admin: await keys.mintToken({
        id: INSTITUTION_ADMIN_ID,
        role: 'institution_admin',
        institution_id: 1,
      }),
      lab_user: await keys.mintToken({ id: LAB_USER_ID, role: 'lab_user', institution_id: 1 }),
    };
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
    const listPassed = await timeRequests({
      title: 'GET /results (status, search + page and the cards, 20 a page) over HTTP',
      next: () => {
        const role = pick(['super_admin', 'institution_admin', 'lab_user'] as const);
        const query = new URLSearchParams({ page: String(1 + Math.floor(next() * 5)), limit: '20' });
        const filter = pick(['none', 'status', 'search'] as const);
        if (filter === 'status') query.set('status', pick(RESULT_STATUSES));
        if (filter === 'search') query.set('search', pick(['Bench12', 'Patient4', 'Panel 7', 'RES-000077']));
        return { url: `${address}/results?${query.toString()}`, token: tokens[role], kind: `${filter}, ${role}` };
      },
      warmup: WARMUP,
      requests: REQUESTS,
      targetP99Ms: TARGET_LIST_P99_MS,
    });
    const pdfPassed = await timeRequests({
      title: `GET /results/{id}/pdf (${PDF_MARKERS} markers) over HTTP`,
      next: () => ({
        url: `${address}/results/${RESULTS_STORED + 1}/pdf`,
        token: tokens.lab_user,
        kind: `${PDF_MARKERS}-marker report`,
      }),
      warmup: 20,
      requests: PDF_REQUESTS,
      targetP99Ms: TARGET_PDF_P99_MS,
    });
    await app.close();
    await store.close();
    await pool.end();
    return listPassed && pdfPassed;
  } finally {
    // BENCH_KEEP_DATABASE=1 keeps the loaded database for reading the queries' plans (psql, EXPLAIN ANALYZE).
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`Kept the database: ${database.url}`);
    else await database.drop();
  }
}
