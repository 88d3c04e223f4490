/**
 * The Audit Logs tab's figures over the audit trail (spec 3 §3 audit_summary, the audit log), within an
 * AnalyticsScope: super_admin everything or an institution's, the others their institutions' records.
 */
import {
  auditLogEntrySchema,
  auditSummarySchema,
  formatRequestId,
  paginate,
  type AnalyticsScope,
  type AuditLogList,
  type AuditLogQuery,
  type AuditSummary,
} from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { AUDIT_COLUMNS, countSchema, scopeCondition, since } from '../activity/queries';

/** The audit entries of the last `days` days counted per day (UTC), action and record type; newest day first. */
export async function auditSummary(
  db: CommonQueryMethods,
  scope: AnalyticsScope,
  days: number,
): Promise<AuditSummary[]> {
  const rows = await db.any(sql.type(auditSummarySchema)`
    SELECT e.action, e.table_name, count(*)::int AS count,
           to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date
    FROM audit_entries e
    WHERE e.occurred_at >= ${since(days)} AND ${scopeCondition(scope, AUDIT_COLUMNS)}
    GROUP BY date, e.action, e.table_name
    ORDER BY date DESC, count DESC, e.action COLLATE "C", e.table_name COLLATE "C"`);
  return [...rows];
}

/** An entry as the table has it; its display id is made from its record id. */
const auditLogRowSchema = auditLogEntrySchema.omit({ record_display_id: true });

/** A page of the audit entries of the query's timeframe (and action, record type), newest first. */
export async function auditLog(
  db: CommonQueryMethods,
  scope: AnalyticsScope,
  query: AuditLogQuery,
): Promise<AuditLogList> {
  const conditions = [sql.fragment`e.occurred_at >= ${since(query.timeframe)}`, scopeCondition(scope, AUDIT_COLUMNS)];
  if (query.action !== undefined) conditions.push(sql.fragment`e.action = ${query.action}`);
  if (query.table_name !== undefined) conditions.push(sql.fragment`e.table_name = ${query.table_name}`);
  const where = sql.join(conditions, sql.fragment` AND `);
  const [total, rows] = await Promise.all([
    db.oneFirst(sql.type(countSchema)`SELECT count(*)::int AS count FROM audit_entries e WHERE ${where}`),
    db.any(sql.type(auditLogRowSchema)`
      SELECT e.event_id::text AS id, e.occurred_at, e.actor_id,
             CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS actor_name,
             CASE WHEN e.actor_id IS NULL THEN NULL ELSE e.actor_role END AS actor_role,
             e.action, e.table_name, e.record_id, e.institution_id, i.name AS institution_name
      FROM audit_entries e
      LEFT JOIN users u ON u.id = e.actor_id
      LEFT JOIN institutions i ON i.id = e.institution_id
      WHERE ${where}
      ORDER BY e.occurred_at DESC, e.event_id DESC
      LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`),
  ]);
  return {
    entries: rows.map((row) => ({
      ...row,
      record_display_id: row.table_name === 'test_requests' ? formatRequestId(Number(row.record_id)) : row.record_id,
    })),
    pagination: paginate(query.page, query.limit, total),
  };
}
