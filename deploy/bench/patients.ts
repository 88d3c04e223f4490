/**
 * The patient search benchmark of issue 3, the first part of `npm run bench`. Loads 100,000 patients into a fresh
 * database, starts the clinical service's HTTP app on a loopback port and times search + page requests over real
 * HTTP with real signed tokens for three roles. Prints p50/p95/p99; fails when p99 misses the target.
 */
import { performance } from 'node:perf_hooks';
import { service } from '@labline/clinical';
import { createDatabasePool, openServiceDatabase } from '@labline/db';
import { createPostgresEventStore } from '@labline/eventstore';
import { buildInProcess, serviceMigrations } from '@labline/service-kit';
import { createTestDatabase, createTestKeys } from '@labline/testkit';
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

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const WARMUP = 200;
const TARGET_P99_MS = 50;

/** A small deterministic generator, so every run sends the same requests. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** Runs the patient search benchmark, prints its numbers and returns whether p99 is within the target. */
export async function runPatientBench(): Promise<boolean> {
  const database = await createTestDatabase('labline_bench');
  try {
    // The service runs as its application role, as in production; the bulk load (which also sets the patient
    // id sequence and vacuums) is an operator's job, done through the admin connection.
    const pool = await openServiceDatabase({
      url: database.url,
      schema: 'clinical',
      migrations: await serviceMigrations(service),
    });
    const store = createPostgresEventStore({ pool });
    const loadStart = performance.now();
    const loader = await createDatabasePool({ url: database.url, schema: 'clinical' });
    try {
      await loadDirectory(loader);
      await loadPatients(loader, PATIENTS);
    } finally {
      await loader.end();
    }
    console.log(
      `Loaded ${PATIENTS.toLocaleString('en')} patients by bulk insert into the read model ` +
        `(no events appended) in ${((performance.now() - loadStart) / 1000).toFixed(1)} s.`,
    );

    const keys = await createTestKeys();
    const { app } = await buildInProcess(service, {
      env: { DATABASE_URL: database.url, IDENTITY_JWKS_URL: `${database.url}/unused` },
      pool,
      store,
      resources: { keys: { jwks: keys.jwks } },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
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

    async function timed(): Promise<{ kind: string; ms: number }> {
      const { url, role, kind } = nextRequest();
      const start = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${tokens[role]}` } });
      const body = await response.text();
      const ms = performance.now() - start;
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body}`);
      return { kind, ms };
    }

    for (let index = 0; index < WARMUP; index += 1) await timed();
    const samples: { kind: string; ms: number }[] = [];
    for (let index = 0; index < REQUESTS; index += 1) samples.push(await timed());
    const durations = samples.map((sample) => sample.ms).sort((a, b) => a - b);
    const [p50, p95, p99] = [0.5, 0.95, 0.99].map((fraction) => percentile(durations, fraction));
    const kinds = [...new Set(samples.map((sample) => sample.kind))].sort();
    for (const kind of kinds) {
      const times = samples
        .filter((sample) => sample.kind === kind)
        .map((sample) => sample.ms)
        .sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(36)} n=${String(times.length).padStart(4)}  p50 ${percentile(times, 0.5).toFixed(1).padStart(5)} ms` +
          `  p99 ${percentile(times, 0.99).toFixed(1).padStart(5)} ms`,
      );
    }
    console.log(
      `GET /patients (search + page, limit 20) over HTTP, ${REQUESTS} requests after ${WARMUP} warm-up:\n` +
        `  p50 ${p50!.toFixed(1)} ms   p95 ${p95!.toFixed(1)} ms   p99 ${p99!.toFixed(1)} ms   ` +
        `max ${durations.at(-1)!.toFixed(1)} ms   (target p99 <= ${TARGET_P99_MS} ms)`,
    );
    await app.close();
    await store.close();
    await pool.end();
    if (p99! > TARGET_P99_MS) {
      console.error(`FAILED: p99 ${p99!.toFixed(1)} ms is above the ${TARGET_P99_MS} ms target.`);
      return false;
    }
    console.log('PASSED: p99 within target.');
    return true;
  } finally {
    await database.drop();
  }
}
