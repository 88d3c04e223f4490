import { sql, type DatabasePool } from '@labline/db';
import { observeRelay, type RelayCounts, type StopObserving } from '@labline/telemetry';
import { z } from 'zod';

const checkpointSchema = z.object({ transaction_id: z.string(), global_position: z.coerce.number().int() });
const countSchema = z.object({ backlog: z.number().int() });

/**
 * Events stored after the relay's checkpoint, in the relay's own order (transaction id, then position), so a
 * gap in the positions (a rolled-back append took a number) is never counted as an event waiting.
 */
export async function relayBacklog(pool: DatabasePool, name: string): Promise<number> {
  const checkpoint = await pool.maybeOne(sql.type(checkpointSchema)`
    SELECT transaction_id::text AS transaction_id, global_position FROM relay_checkpoints WHERE name = ${name}`);
  return pool.oneFirst(sql.type(countSchema)`
    SELECT count(*)::int AS backlog FROM events
    WHERE (transaction_id, global_position) >
          (${checkpoint?.transaction_id ?? '0'}::xid8, ${checkpoint?.global_position ?? 0}::bigint)`);
}

/** The relay's backlog and publish counts as metrics of its service (telemetry's bus-metrics). */
export function observeRelayMetrics(options: {
  service: string;
  name: string;
  pool: DatabasePool;
  stats: RelayCounts;
}): StopObserving {
  const { pool, name } = options;
  return observeRelay({ ...options, backlog: () => relayBacklog(pool, name) });
}
