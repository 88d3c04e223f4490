/**
 * The demo seed on a real database and JetStream: once clinical's demo test requests, patients and markers have
 * arrived, one result in every status through the same commands as the API, with values in and out of their
 * ranges and the amended one with its reason; once only.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import type { RESULTS_SERVICE_EVENT_SCHEMAS, TestRequestStatus } from '@labline/contracts';
import { startServiceUnderTest, type ServiceUnderTest } from '@labline/service-kit/testing';
import { patientRegisteredData, testRequestCreatedData } from '@labline/testkit';
import { sql } from 'slonik';
import { z } from 'zod';
import type { ResultsConfig, ResultsResources } from '../src/config';
import { DEMO_AMENDMENT_REASON, seedDemoResults } from '../src/seed';
import { service } from '../src/service';
import { withoutLaboratory } from './resources';

const NORTHWIND = 1;
let suite: ServiceUnderTest<ResultsConfig, typeof RESULTS_SERVICE_EVENT_SCHEMAS, ResultsResources>;

beforeAll(async () => {
  suite = await startServiceUnderTest(service, { resources: withoutLaboratory });
}, 60_000);
afterAll(() => suite?.close());

const DEMO_STATUSES: readonly TestRequestStatus[] = ['pending', 'approved', 'fulfilled', 'in_progress', 'completed'];

it('seeds a result in every status, one amended with its reason, values in and out of range, once', async () => {
  assert.deepEqual(await seedDemoResults(suite.context, { waitMs: 300 }), {
    skipped: "clinical's demo test requests or catalogue did not arrive",
  });
  for (const [index, [name, min, max]] of (
    [
      ['HbA1c', 4, 5.6],
      ['Hemoglobin', 12, 17.5],
    ] as const
  ).entries()) {
    await suite.publish('clinical', {
      stream: `catalogue-${21 + index}`,
      version: 0,
      type: 'CatalogueItemCreated',
      data: {
        kind: 'markers',
        itemId: 21 + index,
        name,
        description: null,
        active: true,
        sort_order: index,
        institution_ids: [],
        marker_code: null,
        value: 50,
        units: '%',
        units_ucum: '%',
        range_min: min,
        range_max: max,
        sample_type_ids: [],
        tube_type_ids: [],
        collection_device_ids: [],
      },
    });
  }
  for (const [index, status] of DEMO_STATUSES.entries()) {
    const id = index + 1;
    await suite.publish('clinical', {
      stream: `patient-${id}`,
      version: 0,
      type: 'PatientRegistered',
      data: patientRegisteredData(id, [NORTHWIND]),
    });
    await suite.publish('clinical', {
      stream: `testRequest-${id}`,
      version: 0,
      type: 'TestRequestCreated',
      data: testRequestCreatedData(id, NORTHWIND, {
        patient_id: id,
        status,
        marker_ids: [21, 22],
        barcode_number: `LBL-DEMO-000${id}`,
      }),
    });
  }

  assert.deepEqual(await seedDemoResults(suite.context, { waitMs: 20_000 }), { seeded: 4 });
  const rows = await suite.pool.any(
    sql.type(z.object({ status: z.string(), result_data: z.string(), amendment_reason: z.string().nullable() }))`
      SELECT status, result_data, amendment_reason FROM test_results ORDER BY id`,
  );
  assert.deepEqual(
    rows.map((row) => row.status),
    ['draft', 'reviewed', 'final', 'amended'],
  );
  assert.deepEqual(
    rows.map((row) => row.amendment_reason),
    [null, null, null, DEMO_AMENDMENT_REASON],
  );
  // out of range (HbA1c high, Hemoglobin low) before the correction; the corrected HbA1c within it
  assert.match(rows[0]!.result_data, /HbA1c:\nValue: 7\.3\n.*\n.*\nStatus: high/);
  assert.match(rows[0]!.result_data, /Hemoglobin:\nValue: 9\.6\n.*\n.*\nStatus: low/);
  assert.match(rows[3]!.result_data, /HbA1c:\nValue: 4\.8\n.*\n.*\nStatus: normal/);
  assert.deepEqual(await seedDemoResults(suite.context, { waitMs: 300 }), { skipped: 'already seeded' });
}, 60_000);
