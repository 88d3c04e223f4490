/**
 * The patient search benchmark of issue 3, the first part of `npm run bench`. Loads 100,000 patients into a fresh
 * database, starts the clinical service's HTTP app on a loopback port and times search + page requests over real
 * HTTP with real signed tokens for three roles. Prints p50/p95/p99; fails when p99 misses the target.
 */
import { performance } from 'node:perf_hooks';
import { service } from '@labline/clinical';
import type { DatabasePool } from '@labline/db';
import {
  CLINICIAN_BASE,
  CLINICIANS_PER_INSTITUTION,
  FIRST_NAMES,
  INSTITUTION_ADMIN_ID,
  LAST_NAMES,
  loadDirectory,
  loadPatients,
  SUPER_ADMIN_ID,
} from './load';
import { withBenchService } from './service';
import { random, timeRequests } from './stats';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const WARMUP = 200;
const TARGET_P99_MS = 50;

/** Runs the patient search benchmark, prints its numbers and returns whether p99 is within the target. */
export async function runPatientBench(): Promise<boolean> {
  // The service runs as its application role, as in production; the bulk load (which also sets the patient id
  // sequence and vacuums) is an operator's job, done through the admin connection.
  const load = async ({ loader }: { loader: DatabasePool }) => {
    const loadStart = performance.now();
    await loadDirectory(loader);
    await loadPatients(loader, PATIENTS);
    console.log(
      `Loaded ${PATIENTS.toLocaleString('en')} patients by bulk insert into the read model ` +
        `(no events appended) in ${((performance.now() - loadStart) / 1000).toFixed(1)} s.`,
    );
  };
  return withBenchService(service, { database: 'labline_bench', load }, async ({ address, keys }) => {
    const tokens = {
      super_admin: await keys.mintToken({ id: SUPER_ADMIN_ID, role: 'super_admin' }),
      institution_admin: await keys.mintToken({
        id: INSTITUTION_ADMIN_ID,
        role: 'institution_admin',
        institution_id: 1,
      }),
      clinician: await keys.mintToken({
        id: CLINICIAN_BASE + CLINICIANS_PER_INSTITUTION + 3,
        role: 'clinician',
        institution_id: 1,
        clinician_institution_ids: [1],
      }),
    };

    const next = random(20_261_123);
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
    const SEARCHES: readonly { kind: string; share: number; text: () => string }[] = [
      { kind: 'no search', share: 0.2, text: () => '' },
      { kind: 'surname', share: 0.25, text: () => pick(LAST_NAMES).toLowerCase() },
      { kind: 'three letters', share: 0.15, text: () => pick(LAST_NAMES).toLowerCase().slice(0, 3) },
      { kind: 'full name', share: 0.1, text: () => `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}` },
      {
        kind: 'record number',
        share: 0.1,
        text: () => `MRN-${1 + Math.floor(next() * 20)}-0${Math.floor(next() * 9_000 + 1_000)}`,
      },
      { kind: 'e-mail', share: 0.1, text: () => `${pick(FIRST_NAMES).toLowerCase()}.` },
      { kind: 'two letters', share: 0.1, text: () => pick(LAST_NAMES).toLowerCase().slice(0, 2) },
    ];

    /** What people type: surnames, their first letters, full names, record numbers, e-mail parts, or nothing. */
    function nextRequest(): { url: string; role: keyof typeof tokens; kind: string } {
      let roll = next();
      const search = SEARCHES.find((candidate) => (roll -= candidate.share) < 0) ?? SEARCHES[0]!;
      const text = search.text();
      const role = pick(['super_admin', 'super_admin', 'institution_admin', 'clinician'] as const);
      const query = new URLSearchParams({ page: String(1 + Math.floor(next() * 5)), limit: '20' });
      if (text) query.set('search', text);
      return { url: `${address}/patients?${query.toString()}`, role, kind: `${search.kind}, ${role}` };
    }

    return timeRequests({
      title: 'GET /patients (search + page, limit 20) over HTTP',
      next: () => {
        const { url, role, kind } = nextRequest();
        return { url, kind, token: tokens[role] };
      },
      warmup: WARMUP,
      requests: REQUESTS,
      targetP99Ms: TARGET_P99_MS,
    });
  });
}
