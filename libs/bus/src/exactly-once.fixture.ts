/** Shared by the exactly-once kill test and its child processes (exactly-once.child.ts). */
import type { Migration } from '@labline/db';

export const KILL_TEST_DURABLE = 'exactly-once-counter';
export const KILL_TEST_FILTER = 'lab.clinical.counter.>';
/** Short, so that messages a killed consumer held come back within the test's time budget. */
export const KILL_TEST_ACK_WAIT_MS = 1_500;

/**
 * What the consumer's handler writes: a row per application (no unique key, so a duplicate shows) and a
 * counter per event id.
 */
export const KILL_TEST_MIGRATIONS: Migration[] = [
  {
    name: '900_kill_test',
    sql: `
      CREATE TABLE applied_events (event_id uuid NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE event_counters (event_id uuid PRIMARY KEY, applied_count integer NOT NULL);
    `,
  },
];
