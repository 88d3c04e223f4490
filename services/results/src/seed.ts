/**
 * Demo results (issue 26 item 8): one in every status for clinical's demo test requests, through the same command
 * paths as the API, with values in and out of their reference ranges and one final result amended with its reason.
 */
import {
  formatRange,
  referenceFlag,
  TEST_REQUEST_STATUSES,
  type Caller,
  type ResultMarker,
  type ResultStatus,
  type TestRequestStatus,
} from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { seedOnce, type SeedOutcome } from '@labline/service-kit';
import { sql } from 'slonik';
import { z } from 'zod';
import { enterResult, saveResult, type CommandDependencies } from './commands/results';
import { entryFacts } from './projections/results/queries';

/** The demo seed acts as a super_admin; its events record the system as the actor. */
const SEED_CALLER: Caller = {
  userId: 0,
  role: 'super_admin',
  institutionId: null,
  institutionIds: [],
  permissions: [],
};

/** clinical's demo requests (their barcodes), by the status each has reached, and the result each gets. */
const DEMO_BARCODES = 'LBL-DEMO-%';
const DEMO_RESULTS: readonly { request: TestRequestStatus; result: ResultStatus }[] = [
  { request: 'approved', result: 'draft' },
  { request: 'fulfilled', result: 'reviewed' },
  { request: 'in_progress', result: 'final' },
  { request: 'completed', result: 'amended' },
];
/** The steps to each status from a draft. */
const STEPS: Readonly<Record<ResultStatus, readonly ResultStatus[]>> = {
  draft: [],
  reviewed: ['reviewed'],
  final: ['reviewed', 'final'],
  amended: ['reviewed', 'final', 'amended'],
};
export const DEMO_AMENDMENT_REASON = 'HbA1c was transcribed from the wrong sample; corrected after re-analysis.';

/** A value for the `index`th marker: the first above its range, the second below it (when it has a floor), else within. */
function demoValue(marker: ResultMarker, index: number, corrected: boolean): string {
  const { range_min: min, range_max: max } = marker;
  if (min === null || max === null) return 'negative';
  if (index === 0 && !corrected) return String(Math.round(max * 1.3 * 10) / 10);
  if (index === 1 && min > 0) return String(Math.round(min * 0.8 * 10) / 10);
  return String(Math.round(((min + max) / 2) * 10) / 10);
}

const STATUS_WORDS = { H: 'high', L: 'low' } as const;

/** result_data in the marker template's shape, filled in. */
export function demoResultData(markers: readonly ResultMarker[], corrected = false): string {
  return markers
    .map((marker, index) => {
      const value = demoValue(marker, index, corrected);
      const flag = referenceFlag(value, marker);
      return [
        `${marker.name}:`,
        `Value: ${value}`,
        `Units: ${marker.units ?? ''}`,
        `Range: ${formatRange(marker)}`,
        `Status: ${flag === null ? 'normal' : STATUS_WORDS[flag]}`,
        '',
      ].join('\n');
    })
    .join('\n');
}

const requestSchema = z.object({ id: z.number().int(), status: z.enum(TEST_REQUEST_STATUSES) });

/** The demo request of each status the seed needs, with its markers: null until clinical's demo data arrived. */
async function demoFacts(deps: CommandDependencies) {
  const rows = await deps.pool.any(sql.type(requestSchema)`
    SELECT s.id, s.status FROM test_request_summaries s JOIN results_test_requests t ON t.id = s.id
    WHERE t.barcode_number LIKE ${DEMO_BARCODES} AND NOT s.archived
      AND EXISTS (SELECT 1 FROM results_patients p WHERE p.id = s.patient_id)
    ORDER BY s.id`);
  const picked = [];
  for (const demo of DEMO_RESULTS) {
    const row = rows.find((candidate) => candidate.status === demo.request);
    if (!row) return null;
    const facts = await entryFacts(deps.pool, row.id);
    if (facts.markers.length === 0) return null;
    picked.push({ testRequestId: row.id, markers: facts.markers, status: demo.result });
  }
  return picked;
}

async function seedResult(
  deps: CommandDependencies,
  demo: { testRequestId: number; markers: ResultMarker[]; status: ResultStatus },
  metadata: AppendMetadata,
) {
  const body = {
    test_request_id: demo.testRequestId,
    result_data: demoResultData(demo.markers),
    result_values: null,
    interpretation: 'Values outside the reference range are flagged; clinical correlation advised.',
    amendment_reason: null,
  };
  const id = await enterResult(deps, SEED_CALLER, { ...body, status: 'draft' }, metadata);
  for (const status of STEPS[demo.status]) {
    const amended = status === 'amended';
    await saveResult(
      deps,
      SEED_CALLER,
      id,
      {
        ...body,
        status,
        ...(amended
          ? { result_data: demoResultData(demo.markers, true), amendment_reason: DEMO_AMENDMENT_REASON }
          : {}),
      },
      metadata,
    );
  }
}

/** The demo results, once, after clinical's demo test requests and catalogue arrived. */
export const seedDemoResults = (deps: CommandDependencies, options: { waitMs: number }): Promise<SeedOutcome> =>
  seedOnce(
    deps.pool,
    {
      service: 'results',
      sequence: 'test_result_id_seq',
      waitMs: options.waitMs,
      awaitFacts: () => demoFacts(deps),
      missing: "clinical's demo test requests or catalogue did not arrive",
    },
    async (demos, metadata) => {
      for (const demo of demos) await seedResult(deps, demo, metadata);
      return demos.length;
    },
  );
