/**
 * Logs carry no patient data (docs/architecture.md §5): the whole system runs with the demo seed at debug level, is
 * used as staff use it (searches by name, a patient's detail, a new patient, a refused form), and every line
 * any process printed is scanned for the patients' names, e-mails and phone numbers.
 */
import assert from 'node:assert/strict';
import { waitFor } from '@labline/testkit';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startStack, type Stack } from '@labline/deploy/stack';

describe('the logs of a run', () => {
  let stack: Stack;
  const lines: string[] = [];

  beforeAll(async () => {
    stack = await startStack({
      mode: 'ephemeral',
      seed: 'demo',
      env: { LOG_LEVEL: 'debug' },
      onLog: (process, line) => lines.push(`${process} ${line}`),
    });
  });
  afterAll(() => stack?.stop());

  async function api(token: string | null, path: string, init: RequestInit = {}) {
    const response = await fetch(`${stack.url}/api${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.headers ?? {}),
      },
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
  }

  it('hold none of the patients’ names, e-mails or phone numbers', async () => {
    const signIn = await api(null, '/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'super@labline.test', password: 'labline-demo' }),
    });
    assert.equal(signIn.status, 200);
    const token = String(signIn.body.token);

    const clinicians = (await api(token, '/institutions/1/clinicians')).body.clinicians as { id: number }[];
    const newPatient = {
      first_name: 'Philippa',
      last_name: 'Quarrington',
      date_of_birth: '1975-06-01',
      gender: 'Female',
      phone: '+44 7700 900777',
      email: 'philippa.quarrington@example.com',
      institution_ids: [1],
      clinician_id: clinicians[0]?.id ?? null,
    };
    const created = await api(token, '/patients', { method: 'POST', body: JSON.stringify(newPatient) });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const refused = await api(token, '/patients', {
      method: 'POST',
      body: JSON.stringify({ ...newPatient, email: 'not an address Quarrington' }),
    });
    assert.equal(refused.status, 400);

    const { body } = await api(token, '/patients?limit=100');
    const patients = body.patients as {
      id: number;
      first_name: string;
      last_name: string;
      email: string | null;
      phone: string | null;
    }[];
    assert.ok(patients.length >= 20, `${patients.length} patients`);
    for (const patient of patients.slice(0, 10)) {
      assert.equal((await api(token, `/patients?search=${encodeURIComponent(patient.last_name)}`)).status, 200);
      assert.equal((await api(token, `/patients/${patient.id}`)).status, 200);
    }
    await api(token, `/users?search=${encodeURIComponent('Quarrington')}`);
    // The last request's lines have reached the scan: identity's and the gateway's (separate processes, printed in
    // their own time).
    await waitFor(
      () =>
        ['identity', 'gateway'].every((name) =>
          lines.some(
            (line) => line.startsWith(`${name} `) && line.includes('request completed') && line.includes('/users'),
          ),
        ),
      { description: 'the last request logged by identity and the gateway' },
    );

    // The run was logged at the level that would show request lines, with their routes but no values.
    const requestLines = lines.filter((line) => line.includes('request completed'));
    assert.ok(requestLines.some((line) => line.includes('"route":"/patients"') && line.includes('"search"')));
    const secrets = patients.flatMap((patient) => [
      `${patient.first_name} ${patient.last_name}`,
      patient.last_name,
      ...(patient.email ? [patient.email] : []),
      ...(patient.phone ? [patient.phone, patient.phone.replaceAll(' ', '')] : []),
    ]);
    const log = lines.join('\n');
    const leaked = [...new Set(secrets)].filter(
      (secret) => log.includes(secret) || log.includes(encodeURIComponent(secret)),
    );
    assert.deepEqual(leaked, [], `found in ${lines.length} log lines`);
  });
});
