/**
 * Demo test requests (LABLINE_SEED=demo): a handful for Northwind's demo patients across every status and
 * priority, ordered through the same command paths as POST /tests/requests from the demo catalogue (its
 * panels, markers, devices and lab assignments), so the list and the patient details have content.
 */
import { testRequestBodySchema, type TestRequestStatus } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { sql } from 'slonik';
import { z } from 'zod';
import { changeTestRequestStatus, createTestRequest } from './commands/test-requests';
import type { CommandDependencies } from './commands/patients';
import { SEED_CALLER, seedOnce, type DemoDirectory, type SeedOutcome } from './seed';

interface DemoRequest {
  sample: string;
  lab: string;
  device: string;
  panel?: string;
  markers?: readonly string[];
  priority: 'normal' | 'urgent' | 'stat';
  /** The lifecycle steps after pending, in order. */
  steps: readonly TestRequestStatus[];
  notes?: string;
}

const DEMO_REQUESTS: readonly DemoRequest[] = [
  {
    sample: 'Blood',
    lab: 'Meridian Pathology Laboratories',
    device: 'Capillary blood collection kit',
    panel: 'Lipid Panel',
    priority: 'normal',
    steps: [],
    notes: 'Fasting sample, please.',
  },
  {
    sample: 'Blood',
    lab: 'Northgate Diagnostics',
    device: 'Capillary blood collection kit',
    panel: 'Diabetes Panel',
    priority: 'urgent',
    steps: ['approved'],
  },
  {
    sample: 'Blood',
    lab: 'Northgate Diagnostics',
    device: 'Venous blood tube set',
    panel: 'Liver Panel',
    priority: 'normal',
    steps: ['approved', 'fulfilled'],
  },
  {
    sample: 'Blood',
    lab: 'Meridian Pathology Laboratories',
    device: 'Venous blood tube set',
    panel: 'Thyroid Panel',
    priority: 'stat',
    steps: ['approved', 'fulfilled', 'in_progress'],
  },
  {
    sample: 'Blood',
    lab: 'Meridian Pathology Laboratories',
    device: 'Capillary blood collection kit',
    markers: ['HbA1c', 'Hemoglobin'],
    priority: 'normal',
    steps: ['approved', 'fulfilled', 'in_progress', 'completed'],
  },
  {
    sample: 'Urine',
    lab: 'Meridian Pathology Laboratories',
    device: 'Urine collection pot',
    markers: ['Albumin/Creatinine ratio'],
    priority: 'urgent',
    steps: ['cancelled'],
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

async function seedRequests(deps: CommandDependencies, directory: DemoDirectory, metadata: AppendMetadata) {
  const items = await deps.pool.any(sql.type(z.object({ id: z.number().int(), kind: z.string(), name: z.string() }))`
    SELECT id, kind, name FROM catalogue_items WHERE institution_ids = '{}' ORDER BY id`);
  const patients = await deps.pool.anyFirst(sql.type(z.object({ id: z.number().int() }))`
    SELECT id FROM patients WHERE institution_id = ${directory.northwind} AND clinician_id = ${directory.clinician}
    ORDER BY id LIMIT ${DEMO_REQUESTS.length}`);
  const idOf = (kind: string, name: string) => items.find((item) => item.kind === kind && item.name === name)?.id;
  if (patients.length < DEMO_REQUESTS.length || idOf('labs', DEMO_REQUESTS[0]!.lab) === undefined) {
    return { skipped: 'demo patients or catalogue missing' } satisfies SeedOutcome;
  }
  for (const [index, demo] of DEMO_REQUESTS.entries()) {
    const input = testRequestBodySchema.parse({
      patient_id: patients[index],
      priority: demo.priority,
      sample_type: demo.sample,
      lab_id: idOf('labs', demo.lab),
      panel_id: demo.panel === undefined ? null : idOf('panels', demo.panel),
      marker_ids: JSON.stringify((demo.markers ?? []).map((name) => idOf('markers', name))),
      collection_device_ids: JSON.stringify([idOf('collection-devices', demo.device)]),
      barcode_number: `LBL-DEMO-${String(index + 1).padStart(4, '0')}`,
      expected_test_datetime: new Date(Date.now() + (index + 2) * DAY_MS).toISOString().slice(0, 10),
      institution_id: directory.northwind,
      clinician_id: directory.clinician,
      department: 'Outpatients',
      notes: demo.notes ?? null,
    });
    const id = await createTestRequest(deps, SEED_CALLER, input, metadata);
    for (const status of demo.steps) await changeTestRequestStatus(deps, SEED_CALLER, id, { status }, metadata);
  }
  return DEMO_REQUESTS.length;
}

/** The demo test requests, once, after the demo patients and catalogue. */
export const seedDemoTestRequests = (deps: CommandDependencies, options: { waitMs: number }): Promise<SeedOutcome> =>
  seedOnce(deps, { sequence: 'test_request_id_seq', waitMs: options.waitMs }, (directory, metadata) =>
    seedRequests(deps, directory, metadata),
  );
