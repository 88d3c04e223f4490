/**
 * Strict input everywhere (issue 8): every route contract of identity and clinical gets generated and mutated bodies,
 * query strings and ids (fuzz-inputs.ts) with real tokens, straight to the service and through the gateway
 * (fuzz-system.ts). Whatever arrives, no answer is a 5xx, a refused request (4xx) stores nothing, and no
 * stored text holds what the input rules refuse. Every route's run starts with hostile variants of a request
 * it carries out (NUL, a lone surrogate, a bidi override, an id written as 0x…), which answered 500 or were
 * stored before the rules; an id spelled other than in plain decimal is never carried out. `FUZZ_SEED`
 * replays a run; `FUZZ_RUNS` sets the generated requests per route.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { contractsOf, ERRORS, ROLE_DEFAULT_SECTIONS, type HttpMethod } from '@labline/contracts';
import type { HttpApp } from '@labline/service-kit';
import fc from 'fast-check';
import { z } from 'zod';
import {
  changePasswordBody,
  institutionBody,
  loginBody,
  mutated,
  pathId,
  patientBody,
  payloadOf,
  profileBody,
  queryString,
  text,
  userBody,
  type Payload,
} from './fuzz-inputs';
import { sendRequest, startFuzzSystem, type FuzzedService, type FuzzSystem } from './fuzz-system';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** A route without fitted inputs gets fewer: its bodies are text fields, most refused at once. */
const GENERIC_RUNS = Math.max(5, Math.round(RUNS / 4));
/** The services the fuzz system runs; every route contract of theirs is fuzzed. */
const FUZZED: readonly FuzzedService[] = ['identity', 'clinical'];
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** Text no rule lets through: controls other than \n (multi-line fields), bidi controls, or not NFC. */
function refusedAsStored(text: string): boolean {
  const refusedCharacter = [...text].some((character) => {
    const code = character.codePointAt(0)!;
    const control = (code < 0x20 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f);
    return control || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
  });
  return refusedCharacter || text.normalize('NFC') !== text;
}

interface Route {
  service: FuzzedService;
  method: HttpMethod;
  /** With `:id` (or another `:param`) where the path has an id. */
  path: string;
  /** Generated requests: RUNS for a route with fitted inputs, GENERIC_RUNS for the others. */
  runs: number;
  callers: readonly string[];
  ids?: () => readonly number[];
  body?: () => fc.Arbitrary<Record<string, unknown>>;
  /** A request the route carries out as super_admin, which the hostile examples vary. */
  good?: () => { id?: number | undefined; body?: Record<string, unknown>; query?: string };
}

interface Input {
  caller: string;
  id: string;
  query: string;
  payload: Payload | null;
}

/** The characters that answered 500 (NUL, a lone surrogate) or were stored as they came (a bidi override). */
const HOSTILE: readonly (readonly [string, string])[] = [
  ['\u0000', '%00'],
  ['\ud800', '%ED%A0%80'],
  ['\u202e', '%E2%80%AE'],
];

/** The good request with a hostile character in its first text field or its query, and its id as 0x… */
function hostileExamples(good: NonNullable<Route['good']>): Input[] {
  const { id, body, query } = good();
  const base: Input = {
    caller: 'super',
    id: String(id ?? ''),
    query: query ?? '',
    payload: body ? { json: body } : null,
  };
  const field = Object.keys(body ?? {}).find((key) => typeof body?.[key] === 'string');
  const examples = HOSTILE.flatMap(([character, encoded]) => [
    ...(body && field
      ? [{ ...base, payload: { json: { ...body, [field]: `${String(body[field])}${character}` } } }]
      : []),
    ...(query ? [{ ...base, query: `${query}${encoded}` }] : []),
  ]);
  return id === undefined ? examples : [...examples, { ...base, id: `0x${id.toString(16)}` }];
}

describe('every route of identity and clinical, fuzzed', () => {
  let system: FuzzSystem;
  const known = () => system.known;
  let requests = 0;
  const answers = new Map<string, number>();
  const count = (status: number) => {
    requests += 1;
    const key = `${Math.floor(status / 100)}xx`;
    answers.set(key, (answers.get(key) ?? 0) + 1);
  };
  const started = Date.now();

  beforeAll(async () => {
    system = await startFuzzSystem();
  });

  afterAll(async () => {
    const statuses = [...answers].map(([status, times]) => `${status} ${times}`).join(', ');
    console.log(
      `fuzz: ${requests} requests (${statuses}) in ${Date.now() - started} ms, seed ${SEED}, ${RUNS} runs a route`,
    );
    await system?.close();
  });

  const staff = ['super', 'admin', 'clinician', 'riverside', 'none', 'garbage'];
  const institutions = { ids: () => known().institutions };
  const users = { ids: () => known().users };
  const patients = { ids: () => known().patients };
  const patientForm = () => ({
    first_name: 'Amelia',
    last_name: 'Thompson',
    institution_ids: [known().institutions[0]],
    clinician_id: known().clinicians[0],
  });
  /** Inputs fitted to a route (its name in contracts); every other contract gets generic ones (genericRoute). */
  const TAILORED: Record<string, Partial<Route>> = {
    'identity.jwks': { callers: ['none'] },
    'identity.login': { callers: ['none'], body: () => loginBody },
    'identity.updateProfile': {
      body: () => profileBody,
      good: () => ({ body: { first_name: 'Sarah', last_name: 'Mitchell' } }),
    },
    'identity.changePassword': { body: () => changePasswordBody },
    'identity.createInstitution': {
      body: () => institutionBody,
      good: () => ({ body: { name: 'Harbour Practice', address: '1 Quay Street\nHarbour' } }),
    },
    'identity.institution': institutions,
    'identity.updateInstitution': {
      ...institutions,
      body: () => institutionBody,
      good: () => ({ id: known().institutions[0], body: { name: 'Northwind General Hospital' } }),
    },
    'identity.institutionClinicians': institutions,
    'identity.institutionStats': institutions,
    'identity.users': { good: () => ({ query: '?search=chen' }) },
    'identity.user': users,
    'identity.createUser': {
      body: () => userBody(known().institutions),
      good: () => ({
        body: {
          first_name: 'Nina',
          last_name: 'Ward',
          email: 'nina.ward@example.test',
          role: 'lab_user',
          institution_id: known().institutions[0],
          permissions: ROLE_DEFAULT_SECTIONS.lab_user,
          password: 'a long enough password',
        },
      }),
    },
    'identity.updateUser': {
      ...users,
      body: () => userBody(known().institutions),
      good: () => ({
        id: known().clientAdmin,
        body: {
          first_name: 'Daniel',
          last_name: 'Brooks',
          email: 'client@northwind.labline.test',
          role: 'client_admin',
          institution_id: known().institutions[0],
        },
      }),
    },
    'identity.deactivateUser': users,
    'identity.reactivateUser': users,
    'identity.deleteUser': users,
    'clinical.patients': { good: () => ({ query: '?search=thompson' }) },
    'clinical.institutionPatients': institutions,
    'clinical.patient': patients,
    'clinical.createPatient': {
      body: () => patientBody(known().clinicians),
      good: () => ({ body: patientForm() }),
    },
    'clinical.updatePatient': {
      ...patients,
      body: () => patientBody(known().clinicians),
      good: () => ({ id: known().patients[0], body: patientForm() }),
    },
    'clinical.deletePatient': patients,
    // Last: its first success ends the session of the token it was sent with.
    'identity.logout': { callers: ['leaving', 'none', 'garbage'] },
  };

  /** The ids a path's `:params` take: those of the records its first segment names, else made-up ones. */
  const idsFor = (path: string): Pick<Route, 'ids'> => {
    if (!path.includes(':')) return {};
    if (path.startsWith('/users/')) return users;
    if (path.startsWith('/institutions/') || path.startsWith('/patients/institution/')) return institutions;
    if (path.startsWith('/patients/')) return patients;
    return { ids: () => [1, 2, 3] };
  };
  /** The contract's fields as text: mutated, each is tried with wrong and hostile values. */
  const genericBody = (schema: z.ZodType) => {
    const fields = schema instanceof z.ZodObject ? Object.keys(schema.shape) : ['name'];
    return fc.record(Object.fromEntries(fields.map((field) => [field, text])));
  };
  // Every contract of the fuzzed services, the sign-out last: its first success ends the session of its token.
  const ROUTES: Route[] = FUZZED.flatMap((service) =>
    contractsOf(service).map(({ name, route: contract }): Route => {
      const tailored = TAILORED[`${service}.${name}`];
      return {
        service,
        method: contract.method,
        path: contract.path,
        callers: staff,
        runs: tailored ? RUNS : GENERIC_RUNS,
        ...idsFor(contract.path),
        ...(contract.body ? { body: () => genericBody(contract.body!) } : {}),
        ...tailored,
      };
    }),
  ).sort((a, b) => Number(a.path === '/auth/logout') - Number(b.path === '/auth/logout'));

  it('fits inputs only to routes that are contracts', () => {
    const names = FUZZED.flatMap((service) => contractsOf(service).map(({ name }) => `${service}.${name}`));
    assert.deepEqual(
      Object.keys(TAILORED).filter((name) => !names.includes(name)),
      [],
    );
  });

  const send = async (target: HttpApp, request: Parameters<typeof sendRequest>[1]) => {
    const response = await sendRequest(target, request);
    count(response.statusCode);
    return response;
  };

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      const input: fc.Arbitrary<Input> = fc.record({
        caller: fc.constantFrom(...route.callers),
        id: route.ids ? pathId(route.ids()) : fc.constant(''),
        query: queryString,
        payload: route.body ? payloadOf(mutated(route.body())) : fc.constant(null),
      });
      const examples = route.good ? hostileExamples(route.good).map((example): [Input] => [example]) : [];
      await fc.assert(
        fc.asyncProperty(input, async ({ caller, id, query, payload }) => {
          const servicePath = `${route.path.replace(/:\w+/g, id)}${query}`;
          const targets: [string, HttpApp, string][] = [[route.service, system.services[route.service], servicePath]];
          if (!route.path.startsWith('/.well-known')) targets.push(['gateway', system.gateway, `/api${servicePath}`]);
          for (const [via, target, url] of targets) {
            const before = await system.fingerprint(route.service);
            const response = await send(target, {
              method: route.method,
              url,
              headers: system.tokens[caller]!,
              payload,
            });
            const what = `${route.method} ${url} via ${via} as ${caller} with ${JSON.stringify(payload)?.slice(0, 300)}`;
            assert.ok(response.statusCode < 500, `${response.statusCode} ${response.body.slice(0, 200)} for ${what}`);
            // An id in any spelling but plain decimal (0x10, 1e1, 07, -1, %00) names no record.
            if (route.ids && !/^[1-9][0-9]*$/.test(id)) assert.ok(response.statusCode >= 400, `carried out ${what}`);
            if (response.statusCode >= 400) {
              const after = await system.fingerprint(route.service);
              assert.equal(after, before, `stored by ${what}`);
            }
          }
        }),
        { numRuns: route.runs + examples.length, seed: SEED, endOnFailure: true, examples },
      );
    });
  }

  it('stored no text that the input rules refuse or would have normalised', async () => {
    for (const service of ['identity', 'clinical'] as const) {
      assert.deepEqual((await system.storedRows(service)).filter(refusedAsStored), [], service);
    }
  });

  it('refuses a body in a charset other than UTF-8 (415) or not UTF-8 (400), directly and through the gateway', async () => {
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'wrong password' });
    for (const charset of ['latin1', 'ISO-8859-1', 'utf-16', 'windows-1252', '"us-ascii"']) {
      for (const [target, url] of [
        [system.services.identity, '/auth/login'],
        [system.gateway, '/api/auth/login'],
      ] as const) {
        const response = await target.inject({
          method: 'POST',
          url,
          headers: { 'content-type': `application/json; charset=${charset}` },
          payload: body,
        });
        count(response.statusCode);
        assert.deepEqual(
          [response.statusCode, response.json()],
          [415, { error: ERRORS.unsupportedMediaType }],
          charset,
        );
      }
    }
    for (const charset of ['utf-8', 'UTF-8', 'utf8', '"utf-8"']) {
      const response = await system.gateway.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': `application/json; charset=${charset}` },
        payload: body,
      });
      count(response.statusCode);
      assert.equal(response.statusCode, 401, charset);
    }
    // Bytes that are not UTF-8 are not JSON, whatever the header says; they are not read as U+FFFD.
    const notUtf8 = Buffer.concat([
      Buffer.from('{"email":"nobody@example.test","password":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    for (const [target, url] of [
      [system.services.identity, '/auth/login'],
      [system.gateway, '/api/auth/login'],
    ] as const) {
      const response = await target.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        payload: notUtf8,
      });
      count(response.statusCode);
      assert.deepEqual([response.statusCode, response.json()], [400, { error: ERRORS.malformedJson }]);
    }
  });

  it('keeps the tokens it runs with', async () => {
    // A sanity check of the fuzzing itself: had the routes run as signed-out callers, they would prove little.
    const response = await system.gateway.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: system.tokens.super!,
    });
    assert.equal(response.statusCode, 200);
  });
});
