import { testRequestNotificationLogSchema, type TestRequestDetail } from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';

/**
 * The notification history of a request the caller may see: its messages, newest requested first (as the CMS
 * notification log lists them). Only those filed under the request's own institution: a message sent while the
 * request belonged to another one stays that institution's (as the notifications service scopes its log).
 */
export async function testRequestNotificationLogs(
  db: CommonQueryMethods,
  request: { id: number; institution_id: number },
): Promise<TestRequestDetail['notification_logs']> {
  const rows = await db.any(sql.type(testRequestNotificationLogSchema)`
    SELECT l.id, coalesce(l.sent_at, l.created_at) AS sent_at, l.message_type, l.notification_type,
           l.recipient_type, l.recipient_email, l.recipient_phone, l.delivery_status, l.error_message,
           l.triggered_by_type, u.first_name || ' ' || u.last_name AS triggered_by_name
    FROM notification_logs l LEFT JOIN users u ON u.id = l.triggered_by_user_id
    WHERE l.test_request_id = ${request.id} AND l.institution_id = ${request.institution_id}
    ORDER BY l.created_at DESC, l.id DESC`);
  return [...rows];
}
