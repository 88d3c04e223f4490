/**
 * The fulfillment list benchmark of issue 25: 100,000 fulfillment requests (20,000 patients, 50 institutions, 200
 * kits), written by the fulfillment service's own projections from the events that make them (clinical's patients
 * and test requests, inventory's items, fulfillment's requests, assignments and dispatches), then GET /fulfillment
 * timed over real HTTP with real signed tokens for super_admin, a client admin and a fulfillment agent, with and
 * without filters and search. Prints p50/p95/p99; fails when p99 misses 50 ms.
 */
import { performance } from 'node:perf_hooks';
import {
  FULFILLMENT_STATUSES,
  type EventEnvelope,
  type FulfillmentEventData,
  type InventoryEventData,
} from '@labline/contracts';
import { service } from '@labline/fulfillment';
import { patientRegisteredData, testRequestCreatedData } from '@labline/testkit';
import { sql, type DatabasePool } from 'slonik';
import { loadDirectory, SUPER_ADMIN_ID } from './load';
import { envelope, project } from './projecting';
import { withBenchService } from './service';
import { random, timeRequests } from './stats';

const REQUESTS_STORED = Number(process.env.BENCH_FULFILLMENT_REQUESTS ?? 100_000);
const PATIENTS = Math.max(1, Math.round(REQUESTS_STORED / 5));
const ITEMS = 200;
const INSTITUTIONS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const WARMUP = 200;
const TARGET_P99_MS = 50;
const CLIENT_ADMIN_ID = 3;
const AGENT_ID = 4;

function* history(next: () => number): Generator<EventEnvelope> {
  const start = Date.now() - 365 * 86_400_000;
  const at = (index: number, of: number) => new Date(start + Math.floor((index / of) * 364 * 86_400_000));
  const institutionOf = (patient: number) => 1 + (patient % INSTITUTIONS);
  for (let item = 1; item <= ITEMS; item += 1) {
    const data: InventoryEventData<'InventoryItemCreated'> = {
      itemId: item,
      item_name: `Kit ${item}`,
      item_sku: `KIT-${String(item).padStart(4, '0')}`,
      item_description: null,
      category: 'Test Kits',
      location: 'Central Supply',
      minimum_threshold: 10,
      po_number: `PO-${item}`,
      purchase_date: null,
      received_date: null,
      institution_id: item % 4 === 0 ? null : 1 + (item % INSTITUTIONS),
      quantity_available: 1000,
    };
    yield envelope(`inventoryItem-${item}`, 0, 'InventoryItemCreated', data, at(0, 1));
  }
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
  for (let request = 1; request <= REQUESTS_STORED; request += 1) {
    const patient = 1 + Math.floor(next() * PATIENTS);
    const institution = institutionOf(patient);
    const when = at(request, REQUESTS_STORED);
    yield envelope(
      `testRequest-${request}`,
      0,
      'TestRequestCreated',
      testRequestCreatedData(request, institution, { patient_id: patient, barcode_number: `BC${request}` }),
      when,
    );
    const stream = `fulfillmentRequest-${request}`;
    const requested: FulfillmentEventData<'FulfillmentRequested'> = {
      fulfillmentRequestId: request,
      test_request_id: request,
      institution_id: institution,
      patient_id: patient,
      inventory_item_id: 1 + Math.floor(next() * ITEMS),
      quantity_requested: 1,
      priority: next() < 0.8 ? 'normal' : next() < 0.5 ? 'urgent' : 'stat',
      assigned_to: next() < 0.5 ? AGENT_ID : null,
      notes: null,
      replaces_request_id: null,
    };
    yield envelope(stream, 0, 'FulfillmentRequested', requested, when);
    // a third assigned, a fifth dispatched: every status filter has rows to find
    if (request % 3 === 0)
      yield envelope(
        stream,
        1,
        'FulfillmentAssigned',
        { fulfillmentRequestId: request, assigned_to: AGENT_ID, status: 'assigned' },
        when,
      );
    if (request % 5 === 0)
      yield envelope(
        stream,
        request % 3 === 0 ? 2 : 1,
        'FulfillmentDispatched',
        {
          fulfillmentRequestId: request,
          tracking_number: `TRK${request}`,
          barcode_number: null,
          notes: null,
          status: 'dispatched',
        },
        when,
      );
  }
}

export async function runFulfillmentBench(): Promise<boolean> {
  const next = random(20_261_129);
  const load = async ({ loader, pool }: { loader: DatabasePool; pool: DatabasePool }) => {
    await loadDirectory(loader, INSTITUTIONS);
    await loader.query(sql.unsafe`
      INSERT INTO users (id, email, first_name, last_name, role, institution_id, clinician_institution_ids, is_active,
                         version)
      VALUES (${CLIENT_ADMIN_ID}, 'client@bench.test', 'Chris', 'Doyle', 'client_admin', 1, '{}', true, 0),
             (${AGENT_ID}, 'agent@bench.test', 'Priya', 'Patel', 'fulfillment_agent', NULL, '{}', true, 0)`);
    const loadStart = performance.now();
    const projections = [...service.projections, ...(service.consumes ?? [])];
    await project(pool, projections, history(next));
    await pool.query(sql.unsafe`ANALYZE`);
    const seconds = (performance.now() - loadStart) / 1000;
    console.log(
      `Projected ${REQUESTS_STORED.toLocaleString('en')} fulfillment requests (${PATIENTS.toLocaleString('en')} ` +
        `patients, ${INSTITUTIONS} institutions, ${ITEMS} kits) through the service's projections in ${seconds.toFixed(1)} s.`,
    );
  };
  return withBenchService(service, { database: 'labline_bench_fulfillment', load }, async ({ address, keys }) => {
    const tokens = {
      super_admin: await keys.mintToken({ id: SUPER_ADMIN_ID, role: 'super_admin' }),
      client_admin: await keys.mintToken({ id: CLIENT_ADMIN_ID, role: 'client_admin', institution_id: 1 }),
      fulfillment_agent: await keys.mintToken({ id: AGENT_ID, role: 'fulfillment_agent' }),
    };
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
    return timeRequests({
      title: 'GET /fulfillment (filters, search + page, 20 a page) over HTTP',
      next: () => {
        const role = pick(['super_admin', 'client_admin', 'fulfillment_agent'] as const);
        const query = new URLSearchParams({ page: String(1 + Math.floor(next() * 5)), limit: '20' });
        const filter = pick(['none', 'status', 'priority', 'mine', 'search', 'dates'] as const);
        if (filter === 'status') query.set('status', pick(FULFILLMENT_STATUSES));
        if (filter === 'priority') query.set('priority', pick(['normal', 'urgent', 'stat']));
        if (filter === 'mine') query.set('assigned_to_me', 'true');
        if (filter === 'search') query.set('search', pick(['Bench12', 'KIT-01', 'BC77', 'Patient4']));
        if (filter === 'dates') {
          query.set('date_from', new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10));
          query.set('date_to', new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10));
        }
        return { url: `${address}/fulfillment?${query.toString()}`, token: tokens[role], kind: `${filter}, ${role}` };
      },
      warmup: WARMUP,
      requests: REQUESTS,
      targetP99Ms: TARGET_P99_MS,
    });
  });
}
