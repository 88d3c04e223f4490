/** Shared by the exactly-once kill test and its child processes (exactly-once.child.ts). */
import { JETSTREAM_STREAM } from '@labline/contracts';
import { sql, type DatabasePool, type Migration } from '@labline/db';
import type { NatsConnection } from 'nats';
import { z } from 'zod';

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

const eventIdSchema = z.object({ event_id: z.string() });
const checkpointSchema = z.object({ transaction_id: z.string(), global_position: z.number() });

interface StoredCopy {
  sequence: number;
  storedAt: string;
}

/**
 * For a failed run: the events missing from the stream as runs of their readAll positions (1-based), each with
 * the stored messages just before and after it, so a gap can be laid beside the test's timeline of kills.
 */
export async function describeMissingEvents(nc: NatsConnection, pool: DatabasePool): Promise<unknown> {
  const jsm = await nc.jetstreamManager();
  const { state } = await jsm.streams.info(JETSTREAM_STREAM);
  const firstCopies = new Map<string, StoredCopy>();
  for (let sequence = state.first_seq; state.messages > 0 && sequence <= state.last_seq; sequence += 1) {
    const message = await jsm.streams.getMessage(JETSTREAM_STREAM, { seq: sequence });
    const id = message.header.get('Nats-Msg-Id');
    if (!firstCopies.has(id)) firstCopies.set(id, { sequence, storedAt: message.time.toISOString() });
  }
  const order = await pool.anyFirst(
    sql.type(eventIdSchema)`SELECT event_id FROM events ORDER BY transaction_id, global_position`,
  );
  const gaps: { positions: string; storedBefore?: StoredCopy; storedAfter?: StoredCopy }[] = [];
  for (let index = 0; index < order.length; index += 1) {
    if (firstCopies.has(order[index]!)) continue;
    const start = index;
    while (index + 1 < order.length && !firstCopies.has(order[index + 1]!)) index += 1;
    const before = start > 0 ? firstCopies.get(order[start - 1]!) : undefined;
    const after = index + 1 < order.length ? firstCopies.get(order[index + 1]!) : undefined;
    gaps.push({ positions: `${start + 1}-${index + 1}`, storedBefore: before, storedAfter: after });
  }
  const checkpoint = await pool.maybeOne(sql.type(checkpointSchema)`
    SELECT transaction_id::text AS transaction_id, global_position FROM relay_checkpoints`);
  return { events: order.length, stream: state, gaps, checkpoint };
}
