import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { startStack } from './dev/stack';

const logs: string[] = [];
const stack = await startStack({
  onLog: (name, line) => {
    logs.push(`[${name}] ${line}`);
  },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
try {
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'super@labline.test', password: 'labline-demo' }),
  });
  const { token } = (await login.json()) as { token: string };
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${stack.url}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: body === undefined ? null : JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as any };
  };
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const dump = async (label: string) => {
    console.log(`==== ${label}`);
    console.log(JSON.stringify(await call('GET', '/cron/scheduler-status'), null, 1).slice(0, 1500));
    const up = await call('GET', '/cron/upcoming-reminders?days=7');
    console.log(JSON.stringify(up.body.data?.reminders?.map((r: any) => [r.testRequestId, r.expectedTestDatetime, r.reminders]) ?? up));
    console.log((await db.query('SELECT test_request_id, reminder_type, status, scheduled_for, job_id FROM notifications.scheduled_reminders ORDER BY 1,2')).rows);
    console.log((await db.query("SELECT name, state, count(*) FROM notifications_jobs.job GROUP BY 1,2").catch((e) => ({ rows: String(e) }))).rows);
    console.log((await db.query("SELECT consumer, count(*) FROM notifications.processed_events GROUP BY 1").catch((e) => ({ rows: String(e) }))).rows);
    console.log((await db.query("SELECT count(*), min(expected_test_datetime), max(expected_test_datetime) FROM notifications.test_requests").catch((e) => ({ rows: String(e) }))).rows);
  };
  await sleep(8000);
  await dump('after start');
  // a request through the API, 3 days ahead
  const patients = await call('GET', '/patients?limit=50');
  console.log('patients', patients.status, patients.body.patients?.length);
  const patient = patients.body.patients.find((p: any) => p.email !== null) ?? patients.body.patients[0];
  const inst = patient.institution_id;
  const labs = await call('GET', `/institutions/${inst}/labs?sample_type=Blood`);
  const clinicians = await call('GET', `/institutions/${inst}/clinicians`);
  const fields = await call('GET', `/cms/test-form-fields?institution_id=${inst}`);
  const expected = new Date(Date.now() + 3 * 24 * 3600 * 1000);
  const created = await call('POST', '/tests/requests', {
    patient_id: patient.id,
    sample_type: 'Blood',
    lab_id: labs.body.labs[0].lab_id,
    marker_ids: JSON.stringify([fields.body.markers[0].id]),
    collection_device_ids: JSON.stringify([fields.body.collection_devices[0].id]),
    barcode_number: `PROBE-${Date.now()}`,
    institution_id: inst,
    clinician_id: patient.clinician_id ?? clinicians.body.clinicians[0].id,
    priority: 'normal',
    expected_test_datetime: expected.toISOString(),
  });
  console.log('created', created.status, created.body.request?.id ?? JSON.stringify(created.body).slice(0, 500));
  await sleep(8000);
  await dump('after create');
  await db.end();
} finally {
  writeFileSync('/tmp/probe-scheduler.log', logs.join('\n'));
  await stack.stop();
}
