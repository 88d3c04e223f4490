import assert from 'node:assert/strict';
import { test } from 'vitest';
import type { ReadAllEvent } from '@labline/eventstore';
import { decodeEnvelope, encodeEnvelope } from './envelope';
import { traceHeadersFor } from './trace';

const recorded: ReadAllEvent = {
  id: '0190a6b2-7c1e-7d3a-9f10-1234567890ab',
  type: 'PatientRegistered',
  stream: 'patient-12',
  version: 0,
  occurredAt: '2025-01-02T03:04:05.000Z',
  actor: { userId: 1, role: 'clinician', institutionId: 3 },
  correlationId: 'request-1',
  causationId: null,
  traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
  data: { name: 'Jane' },
  globalPosition: 42,
  checkpoint: { transactionId: '900', globalPosition: 42 },
};
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

test('the payload is the envelope, without the store positions, and decodes back', () => {
  const payload = encodeEnvelope(recorded);
  const json = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
  assert.equal(json.globalPosition, undefined);
  assert.equal(json.checkpoint, undefined);
  const decoded = decodeEnvelope(payload);
  assert.ok(decoded.ok);
  const { globalPosition: _position, checkpoint: _checkpoint, ...envelope } = recorded;
  assert.deepEqual(decoded.envelope, envelope);
});

test('an invalid envelope is described by paths and codes, never by its values', () => {
  const decoded = decodeEnvelope(bytes({ ...recorded, version: 'secret-value', actor: undefined }));
  assert.equal(decoded.ok, false);
  if (decoded.ok) return;
  assert.match(decoded.reason, /version: invalid_type/);
  assert.match(decoded.reason, /actor: invalid_type/);
  assert.doesNotMatch(decoded.reason, /secret-value|Jane/);
  assert.equal(decoded.eventId, recorded.id);
  assert.equal(decoded.eventType, 'PatientRegistered');
});

test('a payload that is not JSON is rejected', () => {
  const decoded = decodeEnvelope(new TextEncoder().encode('{not json'));
  assert.deepEqual(decoded, { ok: false, reason: 'payload is not JSON', eventId: null, eventType: null });
});

test("trace headers carry the event's traceparent even without an OpenTelemetry SDK", () => {
  assert.equal(traceHeadersFor(recorded.traceparent).traceparent, recorded.traceparent);
  assert.deepEqual(traceHeadersFor(null), {});
});
