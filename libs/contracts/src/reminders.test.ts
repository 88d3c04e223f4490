/**
 * Reminders' pure rules: the duration text of spec 3 §9, the Timing column, template placeholders and who
 * reads or changes the configurations (spec 3 §6; configurations are global).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { assertMatrix, callerAs } from './access-matrix.fixture';
import {
  canManageReminderConfigs,
  canReadReminderConfigs,
  DEFAULT_REMINDER_CONFIGS,
  formatReminderDuration,
  isReminderType,
  REMINDER_DEFAULTS,
  REMINDER_FALLBACK_TEMPLATES,
  reminderChannelList,
  reminderOffsetMinutes,
  reminderTimingText,
  renderReminderTemplate,
  unknownReminderPlaceholders,
} from './reminders';

const values = {
  test_name: 'Glucose',
  test_datetime: 'Monday 12 May 2025 at 09:30 BST',
  patient_name: 'Amelia Thompson',
  institution_name: 'Northwind General Hospital',
};

describe('reminder durations (spec 3 §9)', () => {
  it('shows minutes under an hour, hours and minutes under a day, otherwise days and hours', () => {
    assert.equal(formatReminderDuration(0), '0m');
    assert.equal(formatReminderDuration(59), '59m');
    assert.equal(formatReminderDuration(60), '1h 0m');
    assert.equal(formatReminderDuration(125), '2h 5m');
    assert.equal(formatReminderDuration(24 * 60 - 1), '23h 59m');
    assert.equal(formatReminderDuration(24 * 60), '1d 0h');
    assert.equal(formatReminderDuration(6 * 24 * 60 + 23 * 60 + 59), '6d 23h');
  });

  it('counts whole minutes and nothing below zero', () => {
    assert.equal(formatReminderDuration(59.9), '59m');
    assert.equal(formatReminderDuration(-5), '0m');
  });
});

describe('reminder timing', () => {
  it('reads "{value} {unit} before" and converts to minutes', () => {
    assert.equal(reminderTimingText(7, 'days'), '7 days before');
    assert.equal(reminderTimingText(3, 'hours'), '3 hours before');
    assert.equal(reminderOffsetMinutes(7, 'days'), 7 * 24 * 60);
    assert.equal(reminderOffsetMinutes(3, 'hours'), 180);
    assert.equal(reminderOffsetMinutes(15, 'minutes'), 15);
  });

  it('names the channels of each choice', () => {
    assert.deepEqual(reminderChannelList('email,sms'), ['email', 'sms']);
    assert.deepEqual(reminderChannelList('sms'), ['sms']);
  });

  it('starts new configurations at 7 days by e-mail and SMS, with the two defaults of the spec', () => {
    assert.deepEqual(
      [REMINDER_DEFAULTS.time_value, REMINDER_DEFAULTS.time_unit, REMINDER_DEFAULTS.notification_channels],
      [7, 'days', 'email,sms'],
    );
    assert.deepEqual(
      DEFAULT_REMINDER_CONFIGS.map((config) => [config.reminder_type, config.time_value, config.time_unit]),
      [
        ['7_days_before', 7, 'days'],
        ['3_hours_before', 3, 'hours'],
      ],
    );
  });
});

describe('reminder types', () => {
  it('are snake case', () => {
    for (const type of ['7_days_before', '3_hours_before', 'day_before', 'x']) assert.equal(isReminderType(type), true);
    for (const type of ['7-days-before', 'Days_before', '_x', 'x_', 'a__b', 'a b', '', 'x'.repeat(51)]) {
      assert.equal(isReminderType(type), false, type);
    }
  });
});

describe('reminder templates', () => {
  it('fill in the four variables, however often they appear', () => {
    assert.equal(
      renderReminderTemplate(
        '{patient_name}: {test_name} on {test_datetime} at {institution_name} ({test_name})',
        values,
      ),
      'Amelia Thompson: Glucose on Monday 12 May 2025 at 09:30 BST at Northwind General Hospital (Glucose)',
    );
  });

  it('name each unknown placeholder once, and accept the known ones', () => {
    assert.deepEqual(unknownReminderPlaceholders('Hi {patient_name}, {when} {when} {Test_Name} {}'), [
      '{when}',
      '{Test_Name}',
      '{}',
    ]);
    assert.deepEqual(unknownReminderPlaceholders('{test_name}{test_datetime}{patient_name}{institution_name}'), []);
    assert.deepEqual(unknownReminderPlaceholders('no placeholders, a lone { brace'), []);
  });

  it('leave nothing unfilled in the defaults and fallbacks', () => {
    const templates = [
      ...DEFAULT_REMINDER_CONFIGS.flatMap((config) => [
        config.subject_template,
        config.message_template_email,
        config.message_template_sms,
      ]),
      ...Object.values(REMINDER_FALLBACK_TEMPLATES),
    ];
    for (const template of templates) {
      assert.ok(template);
      assert.deepEqual(unknownReminderPlaceholders(template), []);
      assert.doesNotMatch(renderReminderTemplate(template, values), /[{}]/);
    }
  });
});

describe('reminder configuration access', () => {
  it('reads with the notification tabs, changes for super_admin only', () => {
    // super_admin, institution_admin, clinician, client_admin, fulfillment_agent, lab_user
    assertMatrix('read', { any: [true, true, false, false, false, false] }, (caller) => canReadReminderConfigs(caller));
    assertMatrix('manage', { any: [true, false, false, false, false, false] }, (caller) =>
      canManageReminderConfigs(caller),
    );
  });

  it('follows the notification sub-permission', () => {
    assert.equal(canReadReminderConfigs(callerAs('institution_admin', ['cms', 'cms_markers'])), false);
    assert.equal(canManageReminderConfigs(callerAs('institution_admin', ['cms', 'cms_notification_logs'])), false);
  });
});
