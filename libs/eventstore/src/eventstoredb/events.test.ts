import assert from 'node:assert/strict';
import type { RecordedEvent as DbRecordedEvent } from '@eventstore/db-client';
import { describe, it } from 'vitest';
import type { AppendMetadata } from '../types';
import { eventDataOf, isSystemEvent, metadataJsonOf, toRecordedEvent } from './events';

const METADATA: AppendMetadata = {
  actor: { userId: 7, role: 'super_admin', institutionId: null },
  correlationId: 'request-1',
  causationId: 'command-1',
  traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
};

/** A stored event as the client hands it over after the JSON round trip of its data and metadata. */
function stored(metadata: AppendMetadata): DbRecordedEvent {
  const proposed = eventDataOf(
    '0190a6b2-7c1e-7a2b-8c3d-4e5f60718293',
    { type: 'PatientRegistered', data: { a: 1 } },
    metadata,
  );
  return {
    streamId: 'clinical.patient-1',
    id: proposed.id,
    isJson: true,
    revision: 2n,
    type: proposed.type,
    created: new Date('2025-01-02T03:04:05.006Z'),
    data: JSON.parse(JSON.stringify(proposed.data)),
    metadata: JSON.parse(JSON.stringify(proposed.metadata)),
    position: { commit: 900n, prepare: 950n },
  } as DbRecordedEvent;
}

describe('EventStoreDB event metadata', () => {
  it('carries actor, correlation, causation and traceparent, with the server’s own $-keys', () => {
    assert.deepEqual(metadataJsonOf(METADATA), {
      ...METADATA,
      $correlationId: 'request-1',
      $causationId: 'command-1',
    });
    assert.deepEqual(metadataJsonOf({ actor: METADATA.actor, correlationId: 'c' }), {
      actor: METADATA.actor,
      correlationId: 'c',
      causationId: null,
      traceparent: null,
      $correlationId: 'c',
    });
  });

  it('reads back into the envelope: the stream without its prefix, version, time, position', () => {
    const { event, position } = toRecordedEvent(stored(METADATA), 'patient-1');
    assert.deepEqual(event, {
      id: '0190a6b2-7c1e-7a2b-8c3d-4e5f60718293',
      type: 'PatientRegistered',
      stream: 'patient-1',
      version: 2,
      occurredAt: '2025-01-02T03:04:05.006Z',
      actor: METADATA.actor,
      correlationId: 'request-1',
      causationId: 'command-1',
      traceparent: METADATA.traceparent,
      data: { a: 1 },
      globalPosition: 950,
    });
    assert.deepEqual(position, { commit: 900n, prepare: 950n });
    const bare = toRecordedEvent(stored({ actor: METADATA.actor, correlationId: 'c' }), 'patient-1').event;
    assert.deepEqual([bare.causationId, bare.traceparent], [null, null]);
  });

  it('stores data that is not an object as JSON too', () => {
    assert.equal(eventDataOf('id', { type: 'Noted', data: undefined }, METADATA).data, null);
  });

  it('refuses an event without our metadata rather than inventing an actor', () => {
    assert.throws(() => toRecordedEvent({ ...stored(METADATA), metadata: {} } as DbRecordedEvent, 'patient-1'));
  });

  it('tells system streams and types apart', () => {
    assert.equal(isSystemEvent({ streamId: '$settings', type: 'Settings' }), true);
    assert.equal(isSystemEvent({ streamId: 'clinical.patient-1', type: '$metadata' }), true);
    assert.equal(isSystemEvent({ streamId: 'clinical.patient-1', type: 'PatientRegistered' }), false);
  });
});
