/**
 * The ReminderConfig aggregate (stream `reminderConfig-{reminder_type}`): one configuration of automated
 * reminders (spec 3 §3). One per type: a second of the same type is a conflict; a deleted type may be created
 * again. An update replaces every field but the type; one that changes nothing records nothing.
 */
import {
  REMINDER_ERRORS,
  streamName,
  type NOTIFICATION_EVENT_SCHEMAS,
  type ReminderConfigValues,
} from '@labline/contracts';
import { RuleViolation, type Decider } from '@labline/eventstore';
import type { DomainEventOf } from '@labline/service-kit';

export type ReminderConfigEvent = DomainEventOf<
  typeof NOTIFICATION_EVENT_SCHEMAS,
  'ReminderConfigCreated' | 'ReminderConfigUpdated' | 'ReminderConfigDeleted'
>;

export const reminderConfigStream = (reminderType: string) => streamName('reminderConfig', reminderType);

/** A configuration's fields but its type (which the stream is). */
export type ReminderConfigFields = Omit<ReminderConfigValues, 'reminder_type'>;

export type ReminderConfigState =
  | { status: 'absent' }
  | { status: 'deleted'; reminderConfigId: number }
  | { status: 'present'; reminderConfigId: number; fields: ReminderConfigFields };

export type ReminderConfigCommand =
  | { type: 'CreateReminderConfig'; data: ReminderConfigValues & { reminderConfigId: number } }
  | { type: 'UpdateReminderConfig'; data: ReminderConfigValues }
  | { type: 'DeleteReminderConfig'; data: { reminder_type: string } };

const fieldsOf = ({ reminder_type: _type, ...fields }: ReminderConfigValues): ReminderConfigFields => fields;

const sameFields = (a: ReminderConfigFields, b: ReminderConfigFields) =>
  (Object.keys(a) as (keyof ReminderConfigFields)[]).every((key) => a[key] === b[key]);

export function decideReminderConfig(
  command: ReminderConfigCommand,
  state: ReminderConfigState,
): ReminderConfigEvent[] {
  switch (command.type) {
    case 'CreateReminderConfig':
      if (state.status === 'present') {
        throw new RuleViolation('conflict', REMINDER_ERRORS.duplicateType(command.data.reminder_type));
      }
      return [{ type: 'ReminderConfigCreated', data: command.data }];
    case 'UpdateReminderConfig': {
      if (state.status !== 'present') throw new RuleViolation('not_found', REMINDER_ERRORS.notFound);
      const fields = fieldsOf(command.data);
      if (sameFields(state.fields, fields)) return [];
      return [
        {
          type: 'ReminderConfigUpdated',
          data: { ...command.data, reminderConfigId: state.reminderConfigId },
        },
      ];
    }
    case 'DeleteReminderConfig':
      if (state.status !== 'present') throw new RuleViolation('not_found', REMINDER_ERRORS.notFound);
      return [
        {
          type: 'ReminderConfigDeleted',
          data: { reminderConfigId: state.reminderConfigId, reminder_type: command.data.reminder_type },
        },
      ];
  }
}

export function evolveReminderConfig(state: ReminderConfigState, event: ReminderConfigEvent): ReminderConfigState {
  switch (event.type) {
    case 'ReminderConfigCreated':
    case 'ReminderConfigUpdated': {
      const { reminderConfigId, ...values } = event.data;
      return { status: 'present', reminderConfigId, fields: fieldsOf(values) };
    }
    case 'ReminderConfigDeleted':
      return { status: 'deleted', reminderConfigId: event.data.reminderConfigId };
  }
}

export const reminderConfigDecider: Decider<ReminderConfigCommand, ReminderConfigEvent, ReminderConfigState> = {
  decide: decideReminderConfig,
  evolve: evolveReminderConfig,
  initialState: () => ({ status: 'absent' }),
};
