import { NOTIFICATIONS_CONTRACTS, ERRORS, REMINDER_MESSAGES, type Caller } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationsContext } from '../config';
import { createReminderConfig, deleteReminderConfig, updateReminderConfig } from '../commands/reminder-configs';
import { reminderReads } from '../reads';
import type { ReminderScheduler } from '../workers/reminders/scheduler';

/**
 * The Reminder Configurations tab (spec 3 §2, §5, §7): whoever sees the notification tabs reads the
 * configurations; only a super_admin changes them (they are global: contracts' canManageReminderConfigs).
 * Bad input is refused before anything is written; an unknown type answers 404, a second of one type 409.
 */
export const reminderConfigRoutes =
  (context: NotificationsContext, scheduler: ReminderScheduler): FastifyPluginAsyncZod =>
  async (app) => {
    const stored = async (caller: Caller, reminderType: string) => {
      const config = await reminderReads(context.pool, caller).config(reminderType);
      if (!config) throw httpError(500, ERRORS.internal);
      return { reminder_config: config };
    };

    route(app, NOTIFICATIONS_CONTRACTS.reminderConfigs, async (request) => ({
      reminder_configs: await reminderReads(context.pool, callerOf(request)).configs(),
    }));

    route(app, NOTIFICATIONS_CONTRACTS.createReminderConfig, async (request, reply) => {
      await createReminderConfig(context, scheduler, request.body, appendMetadata(request));
      return reply.code(201).send(await stored(callerOf(request), request.body.reminder_type));
    });

    route(app, NOTIFICATIONS_CONTRACTS.updateReminderConfig, async (request) => {
      const { reminder_type: reminderType } = request.params;
      await updateReminderConfig(context, scheduler, reminderType, request.body, appendMetadata(request));
      return stored(callerOf(request), reminderType);
    });

    route(app, NOTIFICATIONS_CONTRACTS.deleteReminderConfig, async (request) => {
      await deleteReminderConfig(context, scheduler, request.params.reminder_type, appendMetadata(request));
      return { message: REMINDER_MESSAGES.deleted };
    });
  };
