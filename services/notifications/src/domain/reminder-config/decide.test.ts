import { describe, it } from 'vitest';
import { DEFAULT_REMINDER_CONFIGS } from '@labline/contracts';
import { RuleViolation } from '@labline/eventstore';
import { deciderSpecification } from '@labline/eventstore/testing';
import { reminderConfigDecider, type ReminderConfigEvent } from './decide';

const spec = deciderSpecification(reminderConfigDecider);
const values = DEFAULT_REMINDER_CONFIGS[1]!;
const created: ReminderConfigEvent = { type: 'ReminderConfigCreated', data: { ...values, reminderConfigId: 2 } };
const deleted: ReminderConfigEvent = {
  type: 'ReminderConfigDeleted',
  data: { reminderConfigId: 2, reminder_type: values.reminder_type },
};

describe('a reminder configuration', () => {
  it('is one per type', () => {
    const create = { type: 'CreateReminderConfig' as const, data: { ...values, reminderConfigId: 2 } };
    spec.given([]).when(create).then([created]);
    spec.given([created]).when(create).thenThrows(RuleViolation);
  });

  it('may be created again after it was deleted, with a new id', () => {
    spec
      .given([created, deleted])
      .when({ type: 'CreateReminderConfig', data: { ...values, reminderConfigId: 9 } })
      .then([{ type: 'ReminderConfigCreated', data: { ...values, reminderConfigId: 9 } }]);
  });

  it('is updated as a whole, and an update that changes nothing records nothing', () => {
    spec
      .given([created])
      .when({ type: 'UpdateReminderConfig', data: { ...values, time_value: 2 } })
      .then([{ type: 'ReminderConfigUpdated', data: { ...values, time_value: 2, reminderConfigId: 2 } }]);
    spec.given([created]).when({ type: 'UpdateReminderConfig', data: values }).thenNothingHappened();
  });

  it('is not found to update or delete before it exists or after it was deleted', () => {
    for (const history of [[], [created, deleted]]) {
      spec.given(history).when({ type: 'UpdateReminderConfig', data: values }).thenThrows(RuleViolation);
      spec
        .given(history)
        .when({ type: 'DeleteReminderConfig', data: { reminder_type: values.reminder_type } })
        .thenThrows(RuleViolation);
    }
    spec
      .given([created])
      .when({ type: 'DeleteReminderConfig', data: { reminder_type: values.reminder_type } })
      .then([deleted]);
  });
});
