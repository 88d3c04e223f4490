/**
 * The reminder configuration bodies (spec 3 §5): what is required, the time value's floor, the type's format,
 * the templates' placeholders, and the channels' spellings.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { reminderConfigBodySchema, reminderConfigUpdateBodySchema, upcomingRemindersQuerySchema } from './reminders';

const body = {
  reminder_type: '1_day_before',
  time_value: 1,
  time_unit: 'days',
  notification_channels: 'email,sms',
  subject_template: 'Your {test_name} test',
  message_template_email: 'Dear {patient_name},\nsee you on {test_datetime} at {institution_name}.',
  message_template_sms: 'Please arrive 15 minutes early',
  is_active: true,
};

/** The problems of a refused body, as "field: problem". */
function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  assert.equal(result.success, false);
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('a reminder configuration body', () => {
  it('is taken as the modal sends it', () => {
    const parsed = reminderConfigBodySchema.parse(body);
    assert.equal(parsed.reminder_type, '1_day_before');
    assert.equal(parsed.notification_channels, 'email,sms');
  });

  it('requires type, channels, time value and unit; templates and active have defaults', () => {
    assert.deepEqual(
      problems(reminderConfigBodySchema.safeParse({})).map((problem) => problem.split(':')[0]),
      ['reminder_type', 'time_value', 'time_unit', 'notification_channels'],
    );
    const minimal = reminderConfigBodySchema.parse({
      reminder_type: 'x',
      time_value: 5,
      time_unit: 'minutes',
      notification_channels: 'sms',
    });
    assert.deepEqual(
      [minimal.subject_template, minimal.message_template_email, minimal.message_template_sms, minimal.is_active],
      [null, null, null, true],
    );
  });

  it('refuses a time value under 1, a fraction and an unknown unit', () => {
    assert.deepEqual(problems(reminderConfigBodySchema.safeParse({ ...body, time_value: 0 })), [
      'time_value: must be at least 1',
    ]);
    assert.deepEqual(problems(reminderConfigBodySchema.safeParse({ ...body, time_value: 1.5 })), [
      'time_value: must be a whole number',
    ]);
    assert.deepEqual(problems(reminderConfigBodySchema.safeParse({ ...body, time_unit: 'weeks' })), [
      'time_unit: must be one of minutes, hours, days',
    ]);
  });

  it('refuses a type that is not snake case', () => {
    for (const type of ['1-day-before', 'One_day', '1 day', '_x']) {
      assert.match(
        problems(reminderConfigBodySchema.safeParse({ ...body, reminder_type: type }))[0]!,
        /^reminder_type: /,
      );
    }
  });

  it('names an unknown placeholder in the template that has it', () => {
    assert.deepEqual(
      problems(reminderConfigBodySchema.safeParse({ ...body, message_template_sms: 'Come {when}, {patient_name}' })),
      [
        'message_template_sms: unknown placeholder {when}: templates may use only {test_name}, {test_datetime}, {patient_name}, {institution_name}',
      ],
    );
  });

  it('takes the channels in either order and stores them as email,sms', () => {
    assert.equal(
      reminderConfigBodySchema.parse({ ...body, notification_channels: 'sms, email' }).notification_channels,
      'email,sms',
    );
    for (const channels of ['', 'fax', 'email,email', 'email,sms,fax']) {
      assert.deepEqual(problems(reminderConfigBodySchema.safeParse({ ...body, notification_channels: channels })), [
        'notification_channels: must be email, sms or email,sms',
      ]);
    }
  });

  it('keeps the type out of an update', () => {
    const { reminder_type: _type, ...update } = body;
    assert.equal(reminderConfigUpdateBodySchema.safeParse(update).success, true);
    assert.equal(reminderConfigUpdateBodySchema.safeParse(body).success, false);
  });
});

describe('the upcoming reminders query', () => {
  it('looks 7 days ahead unless asked for 1 to 31', () => {
    assert.equal(upcomingRemindersQuerySchema.parse({}).days, 7);
    assert.equal(upcomingRemindersQuerySchema.parse({ days: '31' }).days, 31);
    assert.equal(upcomingRemindersQuerySchema.safeParse({ days: '32' }).success, false);
    assert.equal(upcomingRemindersQuerySchema.safeParse({ days: '0' }).success, false);
  });
});
