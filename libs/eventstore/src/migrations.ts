import type { Migration } from '@labline/db';

/**
 * The `events` table of a service schema. Apply with `migrate(url, schema, [...eventStoreMigrations, ...])`.
 *
 * - global_position comes from a sequence, so it is allocated in insert order, not commit order; readers
 *   order by (transaction_id, global_position) and only read below the oldest running transaction
 *   (docs/style.md), which is what `events_global_order` serves.
 * - actor, correlation, causation and traceparent are columns rather than one metadata document because the
 *   stream is the audit trail: "what did this request change" is an indexed query.
 * - the table is append-only: the application role holds no UPDATE, DELETE or TRUNCATE on it (least
 *   privilege, @labline/db's roles), and a trigger refuses UPDATE and DELETE for every other role too, so a
 *   stray statement cannot rewrite history.
 */
export const eventStoreMigrations: Migration[] = [
  {
    name: 'eventstore_001_events',
    appendOnlyTables: ['events'],
    sql: `
      CREATE TABLE events (
        global_position bigserial PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        event_id uuid NOT NULL,
        stream text NOT NULL,
        version integer NOT NULL CHECK (version >= 0),
        type text NOT NULL,
        data jsonb NOT NULL,
        actor jsonb NOT NULL,
        correlation_id text NOT NULL,
        causation_id text,
        traceparent text,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_event_id_unique UNIQUE (event_id),
        CONSTRAINT events_stream_version_unique UNIQUE (stream, version)
      );
      CREATE INDEX events_global_order ON events (transaction_id, global_position);
      CREATE INDEX events_correlation ON events (correlation_id);

      CREATE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'events are append-only (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
      END;
      $$;
      CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
        FOR EACH ROW EXECUTE FUNCTION events_refuse_change();
    `,
  },
];

/** The unique constraint a concurrent append to the same stream version runs into. */
export const STREAM_VERSION_CONSTRAINT = 'events_stream_version_unique';
