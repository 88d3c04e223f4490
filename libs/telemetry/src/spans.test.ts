import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { appendInSpan, streamCategory } from './eventstore';
import { processInSpan, publishInSpan } from './messaging';
import { startTelemetry, stopTelemetry } from './sdk';
import { contextInService } from './services';
import { InMemorySpanExporter, SimpleSpanProcessor } from './testing';
import { context } from '@opentelemetry/api';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const STORED = `00-${TRACE_ID}-b7ad6b7169203331-01`;
const SUBJECT = 'lab.clinical.patient.PatientRegistered';

describe('event-store and bus spans', () => {
  let exporter: InMemorySpanExporter;
  beforeEach(() => {
    exporter = new InMemorySpanExporter();
    for (const service of ['clinical', 'identity']) {
      startTelemetry(service, { spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    }
  });
  afterEach(() => stopTelemetry());

  it("appends in the active service's span, named by the stream's category, and stores the span's context", async () => {
    const stored = await context.with(contextInService('clinical'), () =>
      appendInSpan({ stream: 'patient-42', types: ['PatientRegistered', 'PatientRegistered'] }, async (tp) => tp),
    );
    const [span] = exporter.getFinishedSpans();
    assert.equal(span?.name, 'eventstore.append patient');
    assert.equal(span.resource.attributes['service.name'], 'clinical');
    assert.equal(stored, `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`);
    assert.deepEqual(span.attributes, {
      'db.operation.name': 'append',
      'labline.stream.category': 'patient',
      'labline.event.count': 2,
      'labline.event.types': ['PatientRegistered'],
    });
    assert.ok(!JSON.stringify(span.attributes).includes('42'), 'no stream id');
  });

  it('marks a failed append by its error class only', async () => {
    const failure = Object.assign(new Error('Stream patient-42: expected version 1'), { name: 'ConcurrencyError' });
    await assert.rejects(
      appendInSpan({ stream: 'patient-42', types: ['PatientUpdated'] }, () => Promise.reject(failure)),
    );
    const [span] = exporter.getFinishedSpans();
    assert.equal(span?.status.code, 2);
    assert.equal(span.attributes['error.type'], 'ConcurrencyError');
  });

  it("publishes in a PRODUCER span continuing the stored trace, whose context the headers carry; the consumer's span continues it", async () => {
    let sent: Record<string, string> = {};
    await publishInSpan({ service: 'clinical', subject: SUBJECT, traceparent: STORED, bodySize: 120 }, async (h) => {
      sent = h;
    });
    const outcome = await processInSpan(
      {
        service: 'identity',
        subject: SUBJECT,
        consumer: 'identity-institution-patients',
        traceHeaders: sent,
        fallbackTraceparent: null,
      },
      async () => 'handled' as const,
    );
    assert.equal(outcome, 'handled');
    const [publish, processed] = exporter.getFinishedSpans();
    assert.equal(publish?.name, `${SUBJECT} publish`);
    assert.equal(publish.kind, 3);
    assert.equal(publish.resource.attributes['service.name'], 'clinical');
    assert.equal(publish.parentSpanContext?.spanId, 'b7ad6b7169203331');
    assert.equal(sent.traceparent, `00-${TRACE_ID}-${publish.spanContext().spanId}-01`);
    assert.deepEqual(publish.attributes, {
      'messaging.system': 'nats',
      'messaging.destination.name': SUBJECT,
      'messaging.operation.type': 'send',
      'messaging.operation.name': 'publish',
      'messaging.message.body.size': 120,
    });
    assert.equal(processed?.name, `${SUBJECT} process`);
    assert.equal(processed.kind, 4);
    assert.equal(processed.resource.attributes['service.name'], 'identity');
    assert.equal(processed.parentSpanContext?.spanId, publish.spanContext().spanId);
    assert.equal(processed.attributes['messaging.consumer.group.name'], 'identity-institution-patients');
    assert.equal(processed.attributes['labline.consumer.outcome'], 'handled');
  });

  it("continues the envelope's traceparent for a message that came without trace headers", async () => {
    await processInSpan(
      { service: 'identity', subject: SUBJECT, consumer: 'c', traceHeaders: {}, fallbackTraceparent: STORED },
      async () => 'duplicate' as const,
    );
    const [span] = exporter.getFinishedSpans();
    assert.equal(span?.parentSpanContext?.spanId, 'b7ad6b7169203331');
  });
});

describe('with telemetry off', () => {
  it("sends the stored traceparent on as is and leaves the request's in the event", async () => {
    let sent: Record<string, string> = {};
    await publishInSpan({ service: 'clinical', subject: SUBJECT, traceparent: STORED }, async (h) => {
      sent = h;
    });
    assert.equal(sent.traceparent, STORED);
    assert.equal(await appendInSpan({ stream: 'patient-1', types: ['PatientRegistered'] }, async (tp) => tp), null);
  });
});

it('names a stream by its category, never its id', () => {
  assert.equal(streamCategory('patient-42'), 'patient');
  assert.equal(streamCategory('institution'), 'institution');
});
