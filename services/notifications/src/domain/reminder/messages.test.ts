import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { DEFAULT_REMINDER_CONFIGS, type ReminderConfig } from '@labline/contracts';
import { testRecipient } from '../../recipient.fixture';
import { messageTypeOf, reminderRequests, type DueReminder } from './messages';

const recipient = testRecipient();
const config: ReminderConfig = {
  ...DEFAULT_REMINDER_CONFIGS[1]!,
  id: 2,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
};
const reminder: DueReminder = {
  recipient,
  testAt: '2030-06-01T12:00:00.000Z',
  config,
  scheduledFor: '2030-06-01T09:00:00.000Z',
  timeZone: 'Europe/London',
  smsOptedOut: false,
};

describe('a due reminder', () => {
  it('asks for one message per configured channel, from the templates, keyed by request, type, time and channel', () => {
    const [email, sms] = reminderRequests(reminder);
    assert.deepEqual(
      [
        email?.notification_type,
        email?.recipient_email,
        email?.message_type,
        email?.reminder_type,
        email?.idempotency_key,
      ],
      [
        'email',
        'amelia@example.com',
        '3_hours_before',
        '3_hours_before',
        'reminder:42:3_hours_before:2030-06-01T09:00:00.000Z:email',
      ],
    );
    assert.equal(email?.subject, 'Your Glucose test is today at 1 Jun 2030, 13:00 BST');
    assert.match(
      email?.body ?? '',
      /^Dear Amelia Thompson,\n\nYour Glucose test at Northwind General Hospital is in about three hours/,
    );
    assert.deepEqual([sms?.notification_type, sms?.recipient_phone, sms?.subject], ['sms', '+447700900123', null]);
    assert.equal(
      sms?.body,
      'Labline: your Glucose test at Northwind General Hospital is at 1 Jun 2030, 13:00 BST. Please arrive 15 minutes early.',
    );
    assert.deepEqual([email?.triggered_by_type, email?.skip_reason, sms?.skip_reason], ['system', null, null]);
  });

  it('goes only on the configuration channels, in the fallback wording where a template is empty', () => {
    const requests = reminderRequests({
      ...reminder,
      config: {
        ...config,
        reminder_type: 'day_before',
        notification_channels: 'email',
        subject_template: null,
        message_template_email: null,
      },
    });
    assert.equal(requests.length, 1);
    assert.equal(requests[0]?.message_type, 'reminder');
    assert.equal(requests[0]?.subject, 'Reminder: your Glucose test on 1 Jun 2030, 13:00 BST');
  });

  it('logs a channel consent excludes as skipped, with the reason', () => {
    const [, sms] = reminderRequests({ ...reminder, smsOptedOut: true });
    assert.match(sms?.skip_reason ?? '', /opted out/);
    const [email] = reminderRequests({ ...reminder, recipient: { ...recipient, contact_preference: 'sms' } });
    assert.match(email?.skip_reason ?? '', /SMS only/);
  });

  it('is logged under its own type only for the spec types', () => {
    assert.deepEqual(['7_days_before', '3_hours_before', 'custom', 'password_reset'].map(messageTypeOf), [
      '7_days_before',
      '3_hours_before',
      'reminder',
      'reminder',
    ]);
  });
});
