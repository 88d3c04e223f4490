import {
  canManageReminderConfigs,
  canReadReminderConfigs,
  errorBodySchema,
  ERRORS,
  REMINDER_MESSAGES,
  reminderConfigBodySchema,
  reminderConfigDeletedResponseSchema,
  reminderConfigListResponseSchema,
  reminderConfigResponseSchema,
  reminderConfigUpdateBodySchema,
  reminderTypeParamSchema,
  type Caller,
} from '@labline/contracts';
import { allow, appendMetadata, callerOf, httpError } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationsContext } from '../config';
import { createReminderConfig, deleteReminderConfig, updateReminderConfig } from '../reminders/commands';
import { reminderReads } from '../reminders/reads';
import type { ReminderScheduler } from '../reminders/scheduler';

const errors = { '4xx': errorBodySchema };

/**
 * The Reminder Configurations tab (spec 3 §2, §5, §7): whoever sees the notification tabs reads the
 * configurations; only a super_admin changes them (they are global: contracts' canManageReminderConfigs).
 * Bad input is refused before anything is written; an unknown type answers 404, a second of one type 409.
 */
export const reminderConfigRoutes =
  (context: NotificationsContext, scheduler: ReminderScheduler): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', allow(canReadReminderConfigs));
    const manage = allow(canManageReminderConfigs);
    const stored = async (caller: Caller, reminderType: string) => {
      const config = await reminderReads(context.pool, caller).config(reminderType);
      if (!config) throw httpError(500, ERRORS.internal);
      return { reminder_config: config };
    };

    app.get(
      '/cms/reminder-configs',
      { schema: { response: { 200: reminderConfigListResponseSchema, ...errors } } },
      async (request) => ({ reminder_configs: await reminderReads(context.pool, callerOf(request)).configs() }),
    );

    app.post(
      '/cms/reminder-configs',
      {
        preHandler: manage,
        schema: { body: reminderConfigBodySchema, response: { 201: reminderConfigResponseSchema, ...errors } },
      },
      async (request, reply) => {
        await createReminderConfig(context, scheduler, request.body, appendMetadata(request));
        return reply.code(201).send(await stored(callerOf(request), request.body.reminder_type));
      },
    );

    app.put(
      '/cms/reminder-configs/:reminder_type',
      {
        preHandler: manage,
        schema: {
          params: reminderTypeParamSchema,
          body: reminderConfigUpdateBodySchema,
          response: { 200: reminderConfigResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { reminder_type: reminderType } = request.params;
        await updateReminderConfig(context, scheduler, reminderType, request.body, appendMetadata(request));
        return stored(callerOf(request), reminderType);
      },
    );

    app.delete(
      '/cms/reminder-configs/:reminder_type',
      {
        preHandler: manage,
        schema: { params: reminderTypeParamSchema, response: { 200: reminderConfigDeletedResponseSchema, ...errors } },
      },
      async (request) => {
        await deleteReminderConfig(context, scheduler, request.params.reminder_type, appendMetadata(request));
        return { message: REMINDER_MESSAGES.deleted };
      },
    );
  };
