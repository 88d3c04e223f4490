/**
 * Rebuilding a projection beside its live tables: copies of the tables in a shadow schema are filled by
 * replaying every event the projection handles, then swapped in under a lock after a last catch-up. Reads
 * keep being answered from the live tables meanwhile; writers blocked by the swap's lock write into the new
 * tables once it commits (PostgreSQL looks a relation up again after waiting for its lock). Nothing but the
 * projection's tables is written: no message is sent and nothing is republished.
 */
import { AsyncResource } from 'node:async_hooks';
import type { EventEnvelope } from '@labline/contracts';
import type { Migration } from '@labline/db';
import { START_OF_ALL, type EventStore, type GlobalCheckpoint } from '@labline/eventstore';
import { sql, type CommonQueryMethods, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { applyProjections, type Projection } from './projection';
import { rebuildFunctionsMigration } from './rebuild-functions';

export const projectionMigrations: Migration[] = [
  {
    name: 'service_kit_001_projection_versions',
    sql: `
      -- The version of each projection the tables hold: a declared version that differs means a rebuild.
      CREATE TABLE projection_versions (
        name text PRIMARY KEY,
        version integer NOT NULL,
        rebuilt_at timestamptz
      );`,
  },
  rebuildFunctionsMigration,
];

/** Where a projection's events come from: the service's own store, or the JetStream stream for others'. */
export interface RebuildSource<Position> {
  start: Position;
  /** Applies every event after `after` to `apply` in order, in batches; returns the position reached. */
  replay(
    after: Position,
    apply: (events: EventEnvelope[]) => Promise<void>,
    mode: 'bulk' | 'catch-up',
  ): Promise<Position>;
}

/** The service's own events, from its event store. */
export function eventStoreSource(store: EventStore, batchSize = 1_000): RebuildSource<GlobalCheckpoint> {
  return {
    start: START_OF_ALL,
    async replay(after, apply, mode) {
      let checkpoint = after;
      for (;;) {
        // Under the swap's lock an in-flight writer waits for the lock and cannot close its gap: read what
        // has committed; the in-flight writer projects its own events into the new tables afterwards.
        const events = await store.readAll({
          after: checkpoint,
          maxCount: batchSize,
          consistency: mode === 'catch-up' ? 'committed' : 'gapless',
        });
        if (events.length === 0) return checkpoint;
        await apply(events);
        checkpoint = events.at(-1)!.checkpoint;
      }
    },
  };
}

const namesSchema = z.object({ schemas: z.array(z.string()) });
const versionSchema = z.object({ version: z.number().int() });

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return name;
}

/** Runs `write` with the shadow tables first on the search path, so the projection's plain names reach them. */
async function inShadow<T>(
  db: DatabaseTransactionConnection,
  shadow: string,
  searchPath: readonly string[],
  write: () => Promise<T>,
): Promise<T> {
  await setSearchPath(db, [shadow, ...searchPath]);
  return write();
}

async function setSearchPath(db: CommonQueryMethods, schemas: readonly string[]): Promise<void> {
  const path = schemas.map((name) => `"${name.replaceAll('"', '""')}"`).join(', ');
  await db.query(sql.unsafe`SELECT set_config('search_path', ${path}, true)`);
}

export interface RebuildOutcome {
  projection: string;
  version: number;
  /** Events applied to the new tables (bulk and catch-up). */
  events: number;
}

/** The shadow schema of a projection's rebuild: one per projection name in the database. */
const shadowOf = (projection: Pick<Projection, 'name'>): string =>
  identifier(`rebuild_${projection.name.replaceAll('-', '_')}`.slice(0, 63));

/**
 * Runs `work` holding the rebuild's advisory lock of a shadow schema, a session lock on a connection reserved
 * for it: two replicas starting together, or a replica and `npm run projections:rebuild`, rebuild one after
 * the other instead of dropping each other's shadow schema (prepare drops it) midway.
 */
async function whileRebuildLocked<T>(pool: DatabasePool, shadow: string, work: () => Promise<T>): Promise<T> {
  return pool.connect(async (connection) => {
    const key = sql.fragment`hashtext('labline.projection_rebuild'), hashtext(${shadow})`;
    await connection.query(sql.unsafe`SELECT pg_advisory_lock(${key})`);
    try {
      // The reserved connection's async context would make the pool refuse queries (as a transaction's does).
      return await outsideConnection(work);
    } finally {
      await connection.query(sql.unsafe`SELECT pg_advisory_unlock(${key})`);
    }
  });
}

const outsideConnection = AsyncResource.bind(<T>(work: () => Promise<T>) => work());

export interface RebuildOptions {
  /** How long the swap's table lock waits for running writers; 10 s by default. */
  lockTimeoutMs?: number;
  /**
   * A start-up's rebuild: skipped (null) when, once the lock is held, the tables already hold the declared
   * version (another replica rebuilt them meanwhile).
   */
  onlyWhenOutdated?: boolean;
}

/**
 * Rebuilds one projection beside its tables and swaps them in, under the projection's rebuild lock. The lock
 * of the swap waits at most `lockTimeoutMs` for running writers; a timeout fails the rebuild and leaves the
 * live tables as they were.
 */
export async function rebuildProjection<Position>(
  pool: DatabasePool,
  projection: Projection,
  source: RebuildSource<Position>,
  options: RebuildOptions & { onlyWhenOutdated: true },
): Promise<RebuildOutcome | null>;
export async function rebuildProjection<Position>(
  pool: DatabasePool,
  projection: Projection,
  source: RebuildSource<Position>,
  options?: RebuildOptions,
): Promise<RebuildOutcome>;
export async function rebuildProjection<Position>(
  pool: DatabasePool,
  projection: Projection,
  source: RebuildSource<Position>,
  options: RebuildOptions = {},
): Promise<RebuildOutcome | null> {
  const shadow = shadowOf(projection);
  return whileRebuildLocked(pool, shadow, async () => {
    if (options.onlyWhenOutdated && (await storedVersion(pool, projection)) === projection.version) return null;
    return rebuildUnlocked(pool, projection, source, shadow, options);
  });
}

async function rebuildUnlocked<Position>(
  pool: DatabasePool,
  projection: Projection,
  source: RebuildSource<Position>,
  shadow: string,
  options: RebuildOptions,
): Promise<RebuildOutcome> {
  const tables = projection.tables.map(identifier);
  const { schemas } = await pool.one(sql.type(namesSchema)`SELECT current_schemas(false)::text[] AS schemas`);
  const live = schemas[0];
  if (!live) throw new Error('no schema on the search path');

  // The schema's owner creates, swaps and drops the copies (rebuild-functions.ts); the pool is the service's.
  const shadowTables = sql.fragment`${shadow}, ${sql.array(tables, 'text')}`;
  const discard = sql.unsafe`SELECT ${sql.identifier([live, 'projection_rebuild_discard'])}(${shadow})`;
  await pool.query(sql.unsafe`SELECT ${sql.identifier([live, 'projection_rebuild_prepare'])}(${shadowTables})`);
  let applied = 0;
  const applyBatch = (db: DatabaseTransactionConnection) => async (events: EventEnvelope[]) => {
    const handled = events.filter((event) => projection.handles.includes(event.type));
    await inShadow(db, shadow, schemas, () => applyProjections([projection], db, handled));
    applied += handled.length;
  };

  try {
    const position = await source.replay(
      source.start,
      (events) => pool.transaction(async (transaction) => applyBatch(transaction)(events)),
      'bulk',
    );
    // The catch-up reads its source through other connections while this transaction holds the lock; slonik
    // refuses a pool query inside a transaction's async context, so the reads run in the context from here.
    const outsideTransaction = AsyncResource.bind(<T>(read: () => Promise<T>) => read());
    const catchUpSource: RebuildSource<Position> = {
      start: source.start,
      replay: (after, apply, mode) => outsideTransaction(() => source.replay(after, apply, mode)),
    };
    await pool.transaction(async (transaction) => {
      await transaction.query(
        sql.unsafe`SELECT set_config('lock_timeout', ${`${options.lockTimeoutMs ?? 10_000}ms`}, true)`,
      );
      const liveTables = sql.join(
        tables.map((table) => sql.identifier([live, table])),
        sql.fragment`, `,
      );
      await transaction.query(sql.unsafe`LOCK TABLE ${liveTables} IN ACCESS EXCLUSIVE MODE`);
      await catchUpSource.replay(position, applyBatch(transaction), 'catch-up');
      await setSearchPath(transaction, schemas);
      // Drops the live tables, moves the copies in and gives their indexes the originals' names back.
      await transaction.query(sql.unsafe`SELECT ${sql.identifier([live, 'projection_rebuild_swap'])}(${shadowTables})`);
      await recordVersion(transaction, projection, true);
    });
  } catch (error) {
    await pool.query(discard).catch(() => undefined);
    throw error;
  }
  return { projection: projection.name, version: projection.version, events: applied };
}

async function recordVersion(db: CommonQueryMethods, projection: Projection, rebuilt: boolean): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO projection_versions (name, version, rebuilt_at)
    VALUES (${projection.name}, ${projection.version}, ${rebuilt ? sql.fragment`now()` : null})
    ON CONFLICT (name) DO UPDATE SET version = excluded.version, rebuilt_at = excluded.rebuilt_at`);
}

const storedVersion = (db: CommonQueryMethods, projection: Pick<Projection, 'name'>): Promise<number | null> =>
  db.maybeOneFirst(sql.type(versionSchema)`SELECT version FROM projection_versions WHERE name = ${projection.name}`);

/**
 * The projections whose tables hold another version than declared. A projection never recorded is taken
 * as current (its tables were created by its `init`, the DDL next to this code) and recorded.
 */
export async function outdatedProjections(
  pool: DatabasePool,
  projections: readonly Projection[],
): Promise<Projection[]> {
  const outdated: Projection[] = [];
  for (const projection of projections) {
    const stored = await storedVersion(pool, projection);
    if (stored === null) await recordVersion(pool, projection, false);
    else if (stored !== projection.version) outdated.push(projection);
  }
  return outdated;
}
