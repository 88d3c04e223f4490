import type { Migration } from '@labline/db';

/**
 * The bus's tables in a service schema. Apply after the event store's:
 * `migrate(url, schema, [...eventStoreMigrations, ...busMigrations, ...serviceMigrations])`.
 */
export const busMigrations: Migration[] = [
  {
    name: 'bus_001_relay_and_consumers',
    sql: `
      -- Where each outbox relay has published up to: the (transaction id, global position) pair of readAll.
      CREATE TABLE relay_checkpoints (
        name text PRIMARY KEY,
        transaction_id xid8 NOT NULL,
        global_position bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      -- Events a consumer has applied, written in the handler's transaction: a redelivery finds its row and is
      -- skipped, so no event is applied twice.
      CREATE TABLE processed_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        stream_sequence bigint NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      );

      -- The highest JetStream sequence each consumer has applied (lag monitoring, rebuilds).
      CREATE TABLE consumer_checkpoints (
        consumer text PRIMARY KEY,
        stream_sequence bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      -- Messages a consumer gave up on (term), so none is dropped silently; replay them by stream sequence.
      -- No payload: it may hold patient data and stays in the stream and the producer's event store.
      CREATE TABLE consumer_dead_letters (
        id bigserial PRIMARY KEY,
        consumer text NOT NULL,
        stream_sequence bigint,
        subject text,
        event_id text,
        event_type text,
        deliveries integer NOT NULL,
        reason text NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX consumer_dead_letters_consumer ON consumer_dead_letters (consumer, recorded_at);
    `,
  },
];
