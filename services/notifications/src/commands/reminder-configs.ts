/**
 * Reminder configurations' commands (spec 3 §7: POST, PUT, DELETE /cms/reminder-configs): each appends to the
 * type's stream through the service's command handler (validated, projected inline) and, in the same
 * transaction, queues the re-planning of that type's reminders, so a change and its consequences never part.
 */
import {
  DEFAULT_REMINDER_CONFIGS,
  type ReminderConfigInput,
  type ReminderConfigUpdateInput,
  type ReminderConfigValues,
} from '@labline/contracts';
import { ConcurrencyError, type AppendMetadata, type RecordedEvent } from '@labline/eventstore';
import { HttpError, nextId } from '@labline/service-kit';
import type { DatabaseTransactionConnection } from 'slonik';
import type { NotificationsContext } from '../config';
import {
  reminderConfigDecider,
  reminderConfigStream,
  type ReminderConfigCommand,
} from '../domain/reminder-config/decide';
import { anyReminderConfigRecorded } from '../projections/reminders/queries';
import type { ReminderScheduler } from '../workers/reminders/scheduler';

type ConfigContext = Pick<NotificationsContext, 'pool' | 'commands' | 'logger'>;
type Replanner = Pick<ReminderScheduler, 'replanInTransaction'> | null;

async function handle(
  context: ConfigContext,
  replanner: Replanner,
  reminderType: string,
  command: ReminderConfigCommand,
  metadata: AppendMetadata,
): Promise<RecordedEvent[]> {
  return context.commands.handleCommand({
    stream: reminderConfigStream(reminderType),
    decider: reminderConfigDecider,
    command,
    metadata,
    alsoInTransaction: async (transaction: DatabaseTransactionConnection, events: RecordedEvent[]) => {
      const [first] = events;
      if (replanner && first) await replanner.replanInTransaction(transaction, reminderType, first.occurredAt);
    },
  });
}

export async function createReminderConfig(
  context: ConfigContext,
  replanner: Replanner,
  input: ReminderConfigInput | ReminderConfigValues,
  metadata: AppendMetadata,
): Promise<void> {
  const reminderConfigId = await nextId(context.pool, 'reminder_config_id_seq');
  await handle(
    context,
    replanner,
    input.reminder_type,
    { type: 'CreateReminderConfig', data: { ...input, reminderConfigId } },
    metadata,
  );
}

export async function updateReminderConfig(
  context: ConfigContext,
  replanner: Replanner,
  reminderType: string,
  input: ReminderConfigUpdateInput,
  metadata: AppendMetadata,
): Promise<void> {
  const data = { ...input, reminder_type: reminderType };
  await handle(context, replanner, reminderType, { type: 'UpdateReminderConfig', data }, metadata);
}

export async function deleteReminderConfig(
  context: ConfigContext,
  replanner: Replanner,
  reminderType: string,
  metadata: AppendMetadata,
): Promise<void> {
  const command = { type: 'DeleteReminderConfig' as const, data: { reminder_type: reminderType } };
  await handle(context, replanner, reminderType, command, metadata);
}

/**
 * The defaults (spec 3 §2: 7_days_before, 3_hours_before), on the first start only: once any configuration was
 * recorded, deleted ones stay deleted. Replicas starting together race on the streams; the loser's conflict
 * means the winner seeded it. Nothing to re-plan yet: the planner reads the test requests' history when it
 * first starts.
 */
export async function seedDefaultReminderConfigs(context: ConfigContext, metadata: AppendMetadata): Promise<void> {
  if (await anyReminderConfigRecorded(context.pool)) return;
  for (const defaults of DEFAULT_REMINDER_CONFIGS) {
    try {
      await createReminderConfig(context, null, defaults, metadata);
    } catch (error) {
      const seededElsewhere =
        error instanceof ConcurrencyError || (error instanceof HttpError && error.statusCode === 409);
      if (!seededElsewhere) throw error;
      context.logger.info({ reminderType: defaults.reminder_type }, 'default reminder configuration seeded elsewhere');
    }
  }
}
