import assert from 'node:assert/strict';
import type { DatabasePool } from 'slonik';
import { describe, it } from 'vitest';
import { ConfigError, parseConfig } from './config';
import { createServiceEventStore, eventStoreProblem } from './event-store';
import { baseServiceConfigSchema } from './service';

const base = { DATABASE_URL: 'postgres://clinical_app:secret@postgres:5432/labline' };
const problems = (env: Record<string, string>) => {
  try {
    parseConfig(baseServiceConfigSchema, { ...base, ...env });
    return '';
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.message;
  }
};

describe('choosing the event store', () => {
  it('is Postgres unless EVENT_STORE says eventstoredb, which needs an esdb:// EVENTSTORE_URL', () => {
    assert.equal(parseConfig(baseServiceConfigSchema, base).EVENT_STORE, 'postgres');
    assert.match(
      problems({ EVENT_STORE: 'eventstoredb' }),
      /EVENTSTORE_URL: is required with EVENT_STORE=eventstoredb/,
    );
    assert.match(
      problems({ EVENT_STORE: 'eventstoredb', EVENTSTORE_URL: 'http://esdb:2113' }),
      /EVENTSTORE_URL: must be/,
    );
    assert.match(problems({ EVENT_STORE: 'mongodb' }), /EVENT_STORE/);
    assert.equal(
      problems({ EVENT_STORE: 'eventstoredb', EVENTSTORE_URL: 'esdb://esdb-0:2113,esdb-1:2113?tls=false' }),
      '',
    );
    assert.equal(problems({ EVENT_STORE: 'eventstoredb', EVENTSTORE_URL: 'esdb+discover://esdb.internal:2113' }), '');
  });

  it('opens the EventStoreDB adapter for eventstoredb (no connection before the first call)', async () => {
    const config = parseConfig(baseServiceConfigSchema, {
      ...base,
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false',
    });
    const store = createServiceEventStore(config, { pool: {} as DatabasePool, schema: 'clinical' });
    try {
      // Only the EventStoreDB adapter refuses a Postgres transaction, and it does so before any network call.
      await assert.rejects(
        store.appendToStream('patient-1', [{ type: 'Registered', data: {} }], {
          metadata: { actor: { userId: null, role: null, institutionId: null }, correlationId: 'c' },
          inTransaction: async () => undefined,
        }),
        /no Postgres transaction/,
      );
    } finally {
      await store.close();
    }
  });

  it('refuses, with a sentence naming the service, a service whose projections need the append transaction', () => {
    const eventStoreDb = { EVENT_STORE: 'eventstoredb' } as const;
    assert.match(
      eventStoreProblem({ name: 'clinical', projections: [{}] }, eventStoreDb) ?? '',
      /^EVENT_STORE=eventstoredb: clinical projects its read models in the append's transaction/,
    );
    assert.equal(eventStoreProblem({ name: 'clinical', projections: [{}] }, { EVENT_STORE: 'postgres' }), null);
    assert.equal(eventStoreProblem({ name: 'reporting', projections: [] }, eventStoreDb), null);
  });
});
