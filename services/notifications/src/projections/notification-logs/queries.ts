import {
  notificationLogSchema,
  phoneSearchDigits,
  SUCCESSFUL_DELIVERY_STATUSES,
  type NotificationLog,
  type NotificationLogQuery,
  type NotificationLogScope,
  type NotificationStats,
} from '@labline/contracts';
import { sql, type CommonQueryMethods, type FragmentSqlToken, type ListSqlToken } from 'slonik';
import { z } from 'zod';

const LOG_COLUMNS = sql.fragment`
  l.id, coalesce(l.sent_at, l.created_at) AS sent_at, l.created_at, l.message_type, l.notification_type,
  l.recipient_type, l.recipient_email, l.recipient_phone, l.patient_id, l.patient_name, l.subject,
  l.delivery_status, l.error_message, l.attempts, l.test_request_id, l.institution_id,
  i.name AS institution_name, l.triggered_by_type, u.first_name AS triggered_by_name,
  u.last_name AS triggered_by_lastname`;

const LOG_SOURCE = sql.fragment`
  notification_logs l
  LEFT JOIN institutions i ON i.id = l.institution_id
  LEFT JOIN users u ON u.id = l.triggered_by_user_id`;

/** The tenant filter every read of the log goes through: it cannot be left out by accident. */
function scopeCondition(scope: NotificationLogScope): FragmentSqlToken {
  return scope.kind === 'all'
    ? sql.fragment`true`
    : sql.fragment`l.institution_id = ANY(${sql.array([...scope.institutionIds], 'int4')})`;
}

/** A LIKE pattern matching the text anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The search: e-mail, phone and subject contain the text; and when the text is a phone number, in any spelling
 * (`+44 7700 900123`, `07700900123`, `7700 900123`), the stored number's digits contain its digits.
 */
function searchCondition(search: string): FragmentSqlToken {
  const text = sql.fragment`l.search_text LIKE ${containing(search)}`;
  const digits = phoneSearchDigits(search);
  return digits === null ? text : sql.fragment`(${text} OR l.recipient_phone_digits LIKE ${containing(digits)})`;
}

function filterConditions(query: NotificationLogQuery): FragmentSqlToken[] {
  const conditions: FragmentSqlToken[] = [];
  if (query.search) conditions.push(searchCondition(query.search));
  if (query.message_type) conditions.push(sql.fragment`l.message_type = ${query.message_type}`);
  if (query.notification_type) conditions.push(sql.fragment`l.notification_type = ${query.notification_type}`);
  if (query.delivery_status) conditions.push(sql.fragment`l.delivery_status = ${query.delivery_status}`);
  if (query.triggered_by_type) conditions.push(sql.fragment`l.triggered_by_type = ${query.triggered_by_type}`);
  return conditions;
}

const pagedRowSchema = notificationLogSchema.extend({ total: z.number().int() });

/** GET /cms/notification-logs: newest first, one page, with the count of all that match. */
export async function notificationLogs(
  db: CommonQueryMethods,
  scope: NotificationLogScope,
  query: NotificationLogQuery,
): Promise<{ notifications: NotificationLog[]; total: number }> {
  const where = sql.join([scopeCondition(scope), ...filterConditions(query)], sql.fragment` AND `);
  const rows = await db.any(sql.type(pagedRowSchema)`
    SELECT ${LOG_COLUMNS}, count(*) OVER ()::int AS total
    FROM ${LOG_SOURCE}
    WHERE ${where}
    ORDER BY l.created_at DESC, l.id DESC
    LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`);
  const total = rows[0]?.total ?? (query.page > 1 ? await countLogs(db, where) : 0);
  return { notifications: rows.map(({ total: _total, ...log }) => log), total };
}

async function countLogs(db: CommonQueryMethods, where: ListSqlToken): Promise<number> {
  return db.oneFirst(sql.type(z.object({ count: z.number().int() }))`
    SELECT count(*)::int AS count FROM ${LOG_SOURCE} WHERE ${where}`);
}

/** One log entry within the caller's scope, or null. */
export async function notificationLog(
  db: CommonQueryMethods,
  scope: NotificationLogScope,
  id: number,
): Promise<NotificationLog | null> {
  return db.maybeOne(sql.type(notificationLogSchema)`
    SELECT ${LOG_COLUMNS} FROM ${LOG_SOURCE} WHERE l.id = ${id} AND ${scopeCondition(scope)}`);
}

/**
 * GET /cms/notification-stats: the four cards of spec 3 §2 over the logs the caller may read. Total counts every
 * entry, as the unfiltered log does; Email Sent and SMS Sent leave out the skipped ones, which nobody sent.
 */
export async function notificationStats(
  db: CommonQueryMethods,
  scope: NotificationLogScope,
): Promise<NotificationStats> {
  return db.one(sql.type(
    z.object({
      total_notifications: z.number().int(),
      successful_notifications: z.number().int(),
      email_notifications: z.number().int(),
      sms_notifications: z.number().int(),
    }),
  )`
    SELECT count(*)::int AS total_notifications,
           count(*) FILTER (
             WHERE l.delivery_status = ANY(${sql.array([...SUCCESSFUL_DELIVERY_STATUSES], 'text')}))::int
             AS successful_notifications,
           count(*) FILTER (WHERE l.notification_type = 'email' AND l.delivery_status <> 'skipped')::int
             AS email_notifications,
           count(*) FILTER (WHERE l.notification_type = 'sms' AND l.delivery_status <> 'skipped')::int
             AS sms_notifications
    FROM notification_logs l
    WHERE ${scopeCondition(scope)}`);
}

/** The message a provider's report is about, by the id the callback names or the provider's message id. */
export async function notificationIdForProviderMessage(
  db: CommonQueryMethods,
  providerMessageId: string,
  claimedId: number | null,
): Promise<number | null> {
  return db.maybeOneFirst(sql.type(z.object({ id: z.number().int() }))`
    SELECT id FROM notification_logs
    WHERE notification_type = 'sms'
      AND (provider_message_id = ${providerMessageId}
           OR (${claimedId}::int IS NOT NULL AND id = ${claimedId}::int AND provider_message_id IS NULL))
    ORDER BY (provider_message_id = ${providerMessageId}) DESC NULLS LAST
    LIMIT 1`);
}
