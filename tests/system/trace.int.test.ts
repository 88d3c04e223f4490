/**
 * One trace end to end (issue 10): a browser's API call with its own traceparent goes through the gateway to
 * clinical, which appends PatientRegistered; the relay publishes it to JetStream and identity's
 * institution-patients consumer applies it. The gateway, identity and clinical run in this process, each with
 * its telemetry started by `startTelemetry`, the set-up `main.ts`/`launch` use, and an in-memory exporter
 * beside it: the spans prove the production wiring (request hooks, proxy headers, the traced store, the relay,
 * the consumer) and that each service reports under its own resource. The metrics are collected the same way.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { startRelay, type DurableConsumer, type Relay } from '@labline/bus';
import { startPrivateJetStream, type PrivateJetStream } from '@labline/bus/testing';
import { service as clinicalService } from '@labline/clinical';
import { openServiceDatabase, sql, type DatabasePool } from '@labline/db';
import { createPostgresEventStore, type PostgresEventStore } from '@labline/eventstore';
import { buildGateway } from '@labline/gateway';
import { service as identityService } from '@labline/identity';
import { buildInProcess, serviceMigrations, startProjectionConsumer, type HttpApp } from '@labline/service-kit';
import { createLogger, packageVersion, startTelemetry, stopTelemetry } from '@labline/telemetry';
import {
  InMemorySpanExporter,
  OnDemandMetricReader,
  SimpleSpanProcessor,
  type MetricData,
  type ReadableSpan,
} from '@labline/telemetry/testing';
import { createTestDatabase, waitFor, type TestDatabase } from '@labline/testkit';
import { z } from 'zod';
import { bearer, signIn, startSeededIdentity, type SeededIdentity } from './identity';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const BROWSER_SPAN_ID = '00f067aa0ba902b7';
const SERVICES = ['identity', 'clinical', 'gateway'] as const;
type Service = (typeof SERVICES)[number];
const PACKAGE_DIRS: Record<Service, string> = {
  identity: '../../services/identity',
  clinical: '../../services/clinical',
  gateway: '../../gateway',
};
const versionOf = (service: Service) =>
  packageVersion(new URL(`${PACKAGE_DIRS[service]}/package.json`, import.meta.url));
const SPAN_KIND = { SERVER: 1, PRODUCER: 3, CONSUMER: 4 } as const;
const SUBJECT = 'lab.clinical.patient.PatientRegistered';
/** What the patient form holds that must not appear in any span or metric attribute. */
const PATIENT_TEXT = ['Thompson', 'amelia', '943 476 5919', 'Elm Grove'];

const serviceOf = (span: ReadableSpan) => span.resource.attributes['service.name'];
const inTrace = (spans: readonly ReadableSpan[]) => spans.filter((span) => span.spanContext().traceId === TRACE_ID);

function only(spans: readonly ReadableSpan[], description: string, match: (span: ReadableSpan) => boolean) {
  const found = spans.filter(match);
  assert.equal(found.length, 1, `${description}: ${found.length} spans of ${spans.map((s) => s.name).join(', ')}`);
  return found[0]!;
}

function assertChildOf(child: ReadableSpan, parent: ReadableSpan) {
  assert.equal(child.spanContext().traceId, TRACE_ID, `${child.name} is in the browser's trace`);
  assert.equal(
    child.parentSpanContext?.spanId,
    parent.spanContext().spanId,
    `${child.name} is a child of ${parent.name}`,
  );
}

function metricNamed(metrics: readonly MetricData[], name: string): MetricData {
  const metric = metrics.find((candidate) => candidate.descriptor.name === name);
  assert.ok(metric, `metric ${name} among ${metrics.map((m) => m.descriptor.name).join(', ')}`);
  return metric;
}

describe('one trace from the gateway through clinical and NATS to identity', () => {
  const exporter = new InMemorySpanExporter();
  const readers = Object.fromEntries(SERVICES.map((service) => [service, new OnDemandMetricReader()])) as Record<
    Service,
    OnDemandMetricReader
  >;
  const silent = createLogger('trace-test', 'silent');
  let identity: SeededIdentity;
  let nats: PrivateJetStream;
  let clinicalDatabase: TestDatabase;
  let clinicalPool: DatabasePool;
  let clinicalStore: PostgresEventStore;
  let clinical: HttpApp;
  let gateway: HttpApp;
  let relays: Relay[];
  let consumers: DurableConsumer[];
  let webDist: string;

  beforeAll(async () => {
    process.env.LABLINE_ENVIRONMENT = 'system-test';
    for (const service of SERVICES) {
      startTelemetry(service, {
        version: versionOf(service)!,
        spanProcessors: [new SimpleSpanProcessor({ exporter })],
        metricReaders: [readers[service]],
      });
    }
    identity = await startSeededIdentity();
    nats = await startPrivateJetStream();
    clinicalDatabase = await createTestDatabase('system_trace_clinical');
    clinicalPool = await openServiceDatabase({
      url: clinicalDatabase.url,
      schema: 'clinical',
      migrations: await serviceMigrations(clinicalService),
    });
    clinicalStore = createPostgresEventStore({ pool: clinicalPool });
    relays = [
      startRelay({ store: identity.store, pool: identity.pool, nc: nats.nc, service: 'identity', logger: silent }),
      startRelay({ store: clinicalStore, pool: clinicalPool, nc: nats.nc, service: 'clinical', logger: silent }),
    ];
    const parts = (pool: DatabasePool) => ({ nc: nats.nc, pool, logger: silent });
    consumers = await Promise.all([
      ...(clinicalService.consumes ?? []).map((p) => startProjectionConsumer('clinical', p, parts(clinicalPool))),
      ...(identityService.consumes ?? []).map((p) => startProjectionConsumer('identity', p, parts(identity.pool))),
    ]);
    ({ app: clinical } = await buildInProcess(clinicalService, {
      env: { DATABASE_URL: clinicalDatabase.url, IDENTITY_JWKS_URL: 'http://127.0.0.1/unused' },
      pool: clinicalPool,
      store: clinicalStore,
      resources: { keys: { jwks: identity.signingKeys.jwks } },
    }));
    webDist = await mkdtemp(path.join(os.tmpdir(), 'labline-trace-web-'));
    gateway = buildGateway(
      {
        upstreams: {
          identity: await identity.app.listen({ port: 0, host: '127.0.0.1' }),
          clinical: await clinical.listen({ port: 0, host: '127.0.0.1' }),
        },
        jwks: { jwks: identity.signingKeys.jwks },
        webDist,
        trustProxy: false,
        rateLimit: { max: 10_000, loginMax: 10_000, windowMs: 60_000 },
        upstreamTimeoutMs: 10_000,
      },
      { logger: false },
    );
    await gateway.ready();
    // clinical learns identity's users and institutions over NATS before it can register a patient
    const usersAt = (pool: DatabasePool) =>
      pool.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM users`);
    const identityUsers = await usersAt(identity.pool);
    await waitFor(async () => (await usersAt(clinicalPool)) === identityUsers, {
      timeoutMs: 30_000,
      description: "identity's users projected into clinical",
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all((consumers ?? []).map((consumer) => consumer.stop()));
    await Promise.all((relays ?? []).map((relay) => relay.stop()));
    await clinical?.close();
    await nats?.close();
    await clinicalStore?.close();
    await clinicalPool?.end();
    await clinicalDatabase?.drop();
    await identity?.close();
    await stopTelemetry();
    if (webDist) await rm(webDist, { recursive: true, force: true });
  });

  let patientId: number;
  let token: string;

  test("a patient's registration is one trace: gateway → clinical → append → publish → identity's consumer", async () => {
    const signedIn = await signIn(identity, 'admin@northwind.labline.test');
    token = signedIn.token;
    const clinicianId = await identity.pool.oneFirst(
      sql.type(z.object({ id: z.number() }))`SELECT id FROM users WHERE email = 'clinician@northwind.labline.test'`,
    );
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { ...bearer(token), traceparent: `00-${TRACE_ID}-${BROWSER_SPAN_ID}-01` },
      payload: {
        first_name: 'Amelia',
        last_name: 'Thompson',
        date_of_birth: '1980-04-12',
        gender: 'Female',
        phone: '+44 7700 900123',
        email: 'amelia.thompson@example.com',
        insurance_number: '',
        nhs_number: '943 476 5919',
        street_address_1: '14 Elm Grove',
        street_address_2: '',
        city: 'Northwind',
        state: '',
        postal_code: 'NW1 6RT',
        country: 'United Kingdom',
        medical_record_number: '',
        institution_ids: [signedIn.user.institution_id],
        clinician_id: clinicianId,
      },
    });
    assert.equal(response.statusCode, 201, response.body);
    patientId = (response.json() as { patient: { id: number } }).patient.id;

    const spans = await waitFor(
      () => {
        const traced = inTrace(exporter.getFinishedSpans());
        return traced.some((span) => span.name === `${SUBJECT} process`) ? traced : null;
      },
      { timeoutMs: 15_000, description: "identity's consumer span in the browser's trace" },
    );

    const atGateway = only(spans, 'gateway request', (s) => serviceOf(s) === 'gateway' && s.kind === SPAN_KIND.SERVER);
    assert.equal(atGateway.name, 'POST /api/patients');
    assert.equal(atGateway.parentSpanContext?.spanId, BROWSER_SPAN_ID, "the browser's span is the gateway's parent");
    assert.equal(atGateway.parentSpanContext?.isRemote, true);
    assert.equal(atGateway.attributes['http.route'], '/api/patients');
    assert.equal(atGateway.attributes['http.response.status_code'], 201);

    const atClinical = only(
      spans,
      'clinical request',
      (s) => serviceOf(s) === 'clinical' && s.kind === SPAN_KIND.SERVER,
    );
    assert.equal(atClinical.name, 'POST /patients');
    assertChildOf(atClinical, atGateway);

    const append = only(spans, 'append', (s) => s.name === 'eventstore.append patient');
    assert.equal(serviceOf(append), 'clinical');
    assert.deepEqual(append.attributes['labline.event.types'], ['PatientRegistered']);
    assertChildOf(append, atClinical);
    const stored = await clinicalPool.oneFirst(
      sql.type(z.object({ traceparent: z.string().nullable() }))`
        SELECT traceparent FROM events WHERE type = 'PatientRegistered' ORDER BY global_position DESC LIMIT 1`,
    );
    assert.equal(stored, `00-${TRACE_ID}-${append.spanContext().spanId}-01`, "the event stores the append's context");

    const publish = only(spans, 'publish', (s) => s.name === `${SUBJECT} publish`);
    assert.equal(publish.kind, SPAN_KIND.PRODUCER);
    assert.equal(serviceOf(publish), 'clinical');
    assert.equal(publish.attributes['messaging.system'], 'nats');
    assert.equal(publish.attributes['messaging.destination.name'], SUBJECT);
    assertChildOf(publish, append);

    const processed = only(spans, 'process', (s) => s.name === `${SUBJECT} process`);
    assert.equal(processed.kind, SPAN_KIND.CONSUMER);
    assert.equal(serviceOf(processed), 'identity');
    assert.equal(processed.attributes['messaging.consumer.group.name'], 'identity-institution-patients');
    assert.equal(processed.attributes['labline.consumer.outcome'], 'handled');
    assertChildOf(processed, publish);

    for (const span of [atGateway, atClinical, append, publish, processed]) {
      const service = serviceOf(span) as Service;
      assert.equal(span.resource.attributes['service.version'], versionOf(service), `${span.name}: version`);
      assert.equal(span.resource.attributes['deployment.environment.name'], 'system-test', `${span.name}: env`);
    }
    const attributeText = JSON.stringify(spans.map((span) => span.attributes));
    for (const text of [...PATIENT_TEXT, token, `patient-${patientId}`, `/patients/${patientId}`]) {
      assert.ok(!attributeText.includes(text), `no span attribute holds ${text}`);
    }
  });

  test('the metrics: request latency by route pattern, relay backlog and published, consumer lag and outcomes', async () => {
    const search = await gateway.inject({
      method: 'GET',
      url: '/api/patients?search=Thompson',
      headers: bearer(token),
    });
    assert.equal(search.statusCode, 200, search.body);
    const detail = await gateway.inject({ method: 'GET', url: `/api/patients/${patientId}`, headers: bearer(token) });
    assert.equal(detail.statusCode, 200, detail.body);

    const gatewayMetrics = await readers.gateway.metrics();
    const duration = metricNamed(gatewayMetrics, 'http.server.request.duration');
    assert.equal(duration.descriptor.unit, 's');
    const routes = duration.dataPoints.map((point) => point.attributes);
    // the gateway's own pattern for the route: its contract's path under /api, as clinical's is the contract's path
    assert.ok(
      routes.some((a) => a['http.route'] === '/api/patients/:id' && a['http.request.method'] === 'GET'),
      JSON.stringify(routes),
    );
    for (const attributes of routes) {
      assert.deepEqual(
        Object.keys(attributes).sort(),
        ['http.request.method', 'http.response.status_code', 'http.route', 'url.scheme'],
        JSON.stringify(attributes),
      );
    }
    const everyAttribute = JSON.stringify(routes);
    for (const text of ['Thompson', 'search', `/patients/${patientId}`]) {
      assert.ok(!everyAttribute.includes(text), `no metric attribute holds ${text}`);
    }

    const clinicalMetrics = await readers.clinical.metrics();
    const clinicalDuration = metricNamed(clinicalMetrics, 'http.server.request.duration');
    assert.ok(clinicalDuration.dataPoints.some((p) => p.attributes['http.route'] === '/patients/:id'));
    // everything clinical stored is published once the relay caught up
    await waitFor(async () => {
      const backlog = metricNamed(await readers.clinical.metrics(), 'labline.relay.backlog');
      return backlog.dataPoints.some((p) => p.value === 0 && p.attributes['labline.relay.name'] === 'clinical');
    });
    const published = metricNamed(clinicalMetrics, 'labline.relay.published');
    const stored = published.dataPoints.find((p) => p.attributes['labline.relay.outcome'] === 'stored');
    assert.ok(stored && (stored.value as number) >= 1, JSON.stringify(published.dataPoints));

    await waitFor(async () => {
      const identityMetrics = await readers.identity.metrics();
      const lag = metricNamed(identityMetrics, 'labline.consumer.lag').dataPoints.find(
        (p) => p.attributes['messaging.consumer.group.name'] === 'identity-institution-patients',
      );
      const handled = metricNamed(identityMetrics, 'labline.consumer.messages').dataPoints.find(
        (p) =>
          p.attributes['messaging.consumer.group.name'] === 'identity-institution-patients' &&
          p.attributes['labline.consumer.outcome'] === 'handled',
      );
      return lag?.value === 0 && (handled?.value as number) >= 1;
    });
  });
});
