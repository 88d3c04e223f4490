import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';

/** What a demo seed did: how many records it wrote, or why it wrote none. */
export type SeedOutcome = { seeded: number } | { skipped: string };

/**
 * Runs a demo seed through the same command paths as the API, once the data it needs from other services has
 * arrived over NATS (`awaitFacts` answers it, or null while it has not), and only into a database where the
 * aggregate's id sequence was never used; an advisory lock named after the service keeps replicas starting together
 * from seeding twice. Its events record the system as the actor.
 */
export async function seedOnce<Facts>(
  pool: DatabasePool,
  options: {
    service: string;
    sequence: string;
    waitMs: number;
    awaitFacts: () => Promise<Facts | null>;
    /** Why nothing was seeded when the facts never arrived. */
    missing: string;
  },
  seed: (facts: Facts, metadata: AppendMetadata) => Promise<number | SeedOutcome>,
): Promise<SeedOutcome> {
  const lock = `labline-${options.service}-seed`;
  return pool.connect(async (connection) => {
    await connection.query(sql.unsafe`SELECT pg_advisory_lock(hashtext(${lock}))`);
    try {
      const used = await connection.oneFirst(
        sql.type(z.object({ is_called: z.boolean() }))`SELECT is_called FROM ${sql.identifier([options.sequence])}`,
      );
      if (used) return { skipped: 'already seeded' };
      const deadline = Date.now() + options.waitMs;
      let facts = await options.awaitFacts();
      while (facts === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        facts = await options.awaitFacts();
      }
      if (facts === null) return { skipped: options.missing };
      const metadata: AppendMetadata = {
        actor: SYSTEM_ACTOR,
        correlationId: `seed-demo-${randomUUID()}`,
        causationId: null,
        traceparent: null,
      };
      const outcome = await seed(facts, metadata);
      return typeof outcome === 'number' ? { seeded: outcome } : outcome;
    } finally {
      await connection.query(sql.unsafe`SELECT pg_advisory_unlock(hashtext(${lock}))`);
    }
  });
}
