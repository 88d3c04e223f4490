/**
 * The live dashboard's lag, part of `npm run bench` (issue 23): starts the whole system with the demo data,
 * opens super_admin's dashboard stream through the gateway (GET /api/analytics/stream, as the web app does),
 * then has Northwind's administrator create test requests through the gateway at a steady rate (50 a second for
 * 20 s by default, each sent on its schedule whether or not the earlier ones were answered). The lag of a request
 * is the time from its create's answer to the stream's frame carrying its id: clinical's append, the relay,
 * JetStream, analytics' consumer, pg_notify, the replica's LISTEN and the gateway. Prints p50/p99 (and the
 * creates' own times); fails when p99 exceeds 500 ms or a request never shows up.
 * BENCH_LIVE_RATE and BENCH_LIVE_SECONDS change the load.
 */
import {
  DASHBOARD_STREAM,
  dashboardChangeSchema,
  eventStreamReader,
  labAssignmentListResponseSchema,
  loginResponseSchema,
  patientListResponseSchema,
  testFormFieldsResponseSchema,
  testRequestResponseSchema,
} from '@labline/contracts';
import { startStack } from '../dev/stack';

const RATE = Number(process.env.BENCH_LIVE_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
const TARGET_P99_MS = 500;
/** How long after the last create the stream may still bring the missing ones. */
const DRAIN_MS = 10_000;
const PASSWORD = 'labline-demo';
const SUPER_ADMIN = 'super@labline.test';
const NORTHWIND_ADMIN = 'admin@northwind.labline.test';

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const describe = (values: readonly number[]) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms, ` +
  `max ${Math.max(...values).toFixed(0)} ms`;

async function signIn(url: string, email: string) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  const { token, user } = loginResponseSchema.parse(await response.json());
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const answer = await fetch(`${url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
    return answer.json();
  };
  return { token, user, call };
}

/** The stream as the web app reads it; `seen` gets each test request's first frame's arrival time. */
async function openStream(url: string, token: string, seen: Map<number, number>) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/analytics/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || response.body === null) throw new Error(`the stream answered ${response.status}`);
  let ready: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (ready = resolve));
  const reader = eventStreamReader((message) => {
    const now = performance.now();
    if (message.event === 'ready') ready();
    if (message.event !== DASHBOARD_STREAM.event) return;
    const change = dashboardChangeSchema.parse(JSON.parse(message.data));
    if (change.test_request_id !== null && !seen.has(change.test_request_id)) seen.set(change.test_request_id, now);
  });
  const body = response.body;
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) reader.push(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // closed at the end
    }
  })();
  await opened;
  return { close: () => controller.abort() };
}

/** Runs the lag benchmark, prints its figures and returns whether p99 is within the target. */
export async function runLiveBench(): Promise<boolean> {
  // The gateway's rate limits are for people, not for a load of 50 creates a second from one account.
  const stack = await startStack({ env: { RATE_LIMIT_MAX: '1000000', USER_RATE_LIMIT_MAX: '1000000' } });
  try {
    const watcher = await signIn(stack.url, SUPER_ADMIN);
    const orderer = await signIn(stack.url, NORTHWIND_ADMIN);
    const institutionId = orderer.user.institution_id;
    if (institutionId === null) throw new Error('the Northwind administrator has no institution');
    const fields = testFormFieldsResponseSchema.parse(
      await orderer.call('GET', `/cms/test-form-fields?institution_id=${institutionId}`),
    );
    const { labs } = labAssignmentListResponseSchema.parse(
      await orderer.call('GET', `/institutions/${institutionId}/labs?sample_type=Blood`),
    );
    const { patients } = patientListResponseSchema.parse(await orderer.call('GET', '/patients?limit=1'));
    const patient = patients[0];
    const marker = fields.markers.find((item) => item.name === 'Glucose');
    const device = fields.collection_devices.find((item) => item.name === 'Venous blood tube set');
    const lab = labs[0];
    if (!patient || !marker || !device || !lab)
      throw new Error('the demo data has no Northwind patient, Glucose marker, venous blood tube set or Blood lab');
    const run = Date.now().toString(36);
    const body = (index: number) => ({
      patient_id: patient.id,
      sample_type: 'Blood',
      lab_id: lab.lab_id,
      marker_ids: JSON.stringify([marker.id]),
      collection_device_ids: JSON.stringify([device.id]),
      barcode_number: `BENCH-LIVE-${run}-${index}`,
      institution_id: institutionId,
      ...(patient.clinician_id === null ? {} : { clinician_id: patient.clinician_id }),
      priority: 'normal',
    });

    const seen = new Map<number, number>();
    const stream = await openStream(stack.url, watcher.token, seen);
    const answered = new Map<number, number>();
    const sentAt = new Map<number, number>();
    const createTimes: number[] = [];
    const failures: string[] = [];
    const total = RATE * SECONDS;
    const interval = 1000 / RATE;
    console.log(`Live dashboard lag: ${total} test requests created at ${RATE}/s through the gateway...`);
    const started = performance.now();
    const creates: Promise<void>[] = [];
    for (let index = 0; index < total; index += 1) {
      const due = started + index * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sent = performance.now();
      creates.push(
        orderer
          .call('POST', '/tests/requests', body(index))
          .then((answer) => {
            const now = performance.now();
            const { request } = testRequestResponseSchema.parse(answer);
            createTimes.push(now - sent);
            answered.set(request.id, now);
            sentAt.set(request.id, sent);
          })
          .catch((error: unknown) => {
            failures.push(error instanceof Error ? error.message : String(error));
          }),
      );
    }
    const sending = (performance.now() - started) / 1000;
    await Promise.all(creates);
    const answering = (performance.now() - started) / 1000;
    const deadline = performance.now() + DRAIN_MS;
    while (performance.now() < deadline && [...answered.keys()].some((id) => !seen.has(id))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    stream.close();

    const lags = [...answered].filter(([id]) => seen.has(id)).map(([id, at]) => seen.get(id)! - at);
    const missing = answered.size - lags.length;
    console.log(
      `  ${total} sent in ${sending.toFixed(1)} s (${(total / sending).toFixed(1)}/s), ${answered.size} created ` +
        `(the last answered after ${answering.toFixed(1)} s), create answered in ${describe(createTimes)}`,
    );
    console.log(`  create answered -> on the dashboard's stream: ${describe(lags)}`);
    const sinceSent = [...sentAt].filter(([id]) => seen.has(id)).map(([id, at]) => seen.get(id)! - at);
    console.log(`  (create sent -> on the dashboard's stream: ${describe(sinceSent)})`);
    const p99 = percentile(lags, 99);
    const problems = [
      ...(failures.length > 0 ? [`${failures.length} creates failed (first: ${failures[0]})`] : []),
      ...(missing > 0 ? [`${missing} created requests never reached the stream within ${DRAIN_MS} ms`] : []),
      ...(lags.length === 0 || p99 > TARGET_P99_MS ? [`p99 ${p99.toFixed(0)} ms (target ${TARGET_P99_MS})`] : []),
    ];
    for (const problem of problems) console.error(`FAILED: ${problem}.`);
    if (problems.length === 0) console.log(`PASSED: p99 within ${TARGET_P99_MS} ms.`);
    return problems.length === 0;
  } finally {
    await stack.stop();
  }
}
