/**
 * The Notification Logs tab's filters reach the server as the query its contract reads (spec 3 §3 Notification log
 * filter): a filter under another name would be ignored and the table would show everything.
 */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import { notificationLogQuerySchema } from '@labline/contracts';
import { notificationLogsPath, type NotificationLogFilters } from './logQuery';

const NO_FILTERS: NotificationLogFilters = {
  search: '',
  messageType: undefined,
  channel: undefined,
  status: undefined,
  triggeredBy: undefined,
  page: 1,
};

const queryOf = (path: string) =>
  notificationLogQuerySchema.parse(Object.fromEntries(new URL(path, 'http://app').searchParams));

test('every filter is sent under the name the service reads, with the page and 10 a page', () => {
  const path = notificationLogsPath({
    search: '  ward 3@example.com ',
    messageType: '7_days_before',
    channel: 'sms',
    status: 'skipped',
    triggeredBy: 'manual',
    page: 3,
  });
  assert.match(path, /^\/cms\/notification-logs\?/);
  const query = queryOf(path);
  assert.equal(query.page, 3);
  assert.equal(query.limit, 10);
  assert.equal(query.search, 'ward 3@example.com');
  assert.equal(query.message_type, '7_days_before');
  assert.equal(query.notification_type, 'sms');
  assert.equal(query.delivery_status, 'skipped');
  assert.equal(query.triggered_by_type, 'manual');
});

test('filters left at "all" are not sent', () => {
  assert.equal(notificationLogsPath(NO_FILTERS), '/cms/notification-logs?page=1&limit=10');
  assert.equal(notificationLogsPath({ ...NO_FILTERS, search: '   ' }), '/cms/notification-logs?page=1&limit=10');
});
