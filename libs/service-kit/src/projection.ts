import type { EventEnvelope } from '@labline/contracts';
import type { Migration } from '@labline/db';
import type { CommonQueryMethods, DatabaseTransactionConnection } from 'slonik';

/**
 * A read model as a declaration (Emmett's `postgreSQLProjection`): which events it handles, which tables it
 * owns and how one event changes them. `apply` must be idempotent (a version guard in every write), so a
 * redelivery or a rebuild changes nothing the second time, and it must not have side effects beyond its
 * tables: a rebuild replays every event through it.
 */
export interface Projection {
  /** Unique within the service, e.g. `patients`. */
  name: string;
  /** Raised when the tables' shape or meaning changes: the service rebuilds the projection on start-up. */
  version: number;
  /** The event types it reads. */
  handles: readonly string[];
  /** The tables it writes and nothing else writes: what a rebuild recreates and swaps. */
  tables: readonly string[];
  /**
   * The DDL of those tables (Emmett's `init`), their whole shape and nowhere else (the service's migrations never
   * create or change a projection's table), idempotent (`CREATE TABLE IF NOT EXISTS`, `ADD COLUMN IF NOT EXISTS`):
   * applied as the migration `projection_<name>_v<version>` before the service's own migrations, so a new
   * version's shape reaches an existing database too (whose start-up then rebuilds the projection). A change of
   * shape therefore raises `version`.
   */
  init: string;
  apply(db: CommonQueryMethods, event: EventEnvelope): Promise<void>;
}

/**
 * A projection of another service's events, kept up to date by a durable consumer of NATS JetStream; its
 * rebuild replays the JetStream stream.
 */
export interface CrossServiceProjection extends Projection {
  /** The subjects it consumes, e.g. `lab.identity.user.>`. */
  subjects: readonly string[];
}

/** One event through every projection that handles its type (the inline projection of a command). */
export async function applyProjections(
  projections: readonly Projection[],
  db: CommonQueryMethods,
  events: readonly EventEnvelope[],
): Promise<void> {
  for (const event of events) {
    for (const projection of projections) {
      if (projection.handles.includes(event.type)) await projection.apply(db, event);
    }
  }
}

/** The inline projector of a service: every event of a command into its read models, in the append transaction. */
export const inlineProjector =
  (projections: readonly Projection[]) =>
  (transaction: DatabaseTransactionConnection, events: readonly EventEnvelope[]): Promise<void> =>
    applyProjections(projections, transaction, events);

/** The durable consumer's name for a cross-service projection: `<service>-<projection>`. */
export const consumerNameOf = (service: string, projection: Pick<Projection, 'name'>): string =>
  `${service}-${projection.name}`;

/** The migrations of the projections' tables (their DDL), one per projection and version. */
export const projectionInitMigrations = (projections: readonly Projection[]): Migration[] =>
  projections.map((projection) => ({
    name: `projection_${projection.name}_v${projection.version}`,
    sql: projection.init,
  }));
