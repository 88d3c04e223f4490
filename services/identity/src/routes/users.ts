import {
  createUserBodySchema,
  ERRORS,
  errorBodySchema,
  idParamSchema,
  updateUserBodySchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
} from '@labline/contracts';
import { appendMetadata, httpError } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { userDetailScope, userListScope } from '../access/read-scope';
import type { CommandDependencies } from '../commands/deps';
import {
  createUserAsAdministrator,
  setUserActiveAsAdministrator,
  updateUserAsAdministrator,
} from '../commands/user-administration';
import { findUser, listUsers, type Caller } from '../projections/users/administration-queries';
import { administratorOf, callerOf, requireUserManager } from './caller';

const errors = { '4xx': errorBodySchema };

async function visibleUserOrNotFound(pool: DatabasePool, caller: Caller, userId: number) {
  const user = await findUser(pool, userDetailScope(caller), userId);
  if (!user) throw httpError(404, ERRORS.userNotFound);
  return user;
}

/**
 * User administration (spec 3 §2, §7): registered inside the authenticated group. Reads are scoped by the
 * caller's role (access/read-scope.ts); writes follow the rules of domain/user/administration.ts.
 */
export const userRoutes: FastifyPluginAsyncZod<{ commands: CommandDependencies }> = async (app, { commands }) => {
  const { pool } = commands;

  app.get(
    '/users',
    { schema: { querystring: userListQuerySchema, response: { 200: userListResponseSchema, ...errors } } },
    async (request) => {
      const query = request.query;
      const caller = await callerOf(pool, request);
      const { scope, isActive } = userListScope(caller, { role: query.role, isActive: query.is_active });
      return listUsers(pool, scope, {
        search: query.search,
        role: query.role,
        institutionId: query.institution_id,
        isActive,
        page: query.page,
        limit: query.limit,
      });
    },
  );

  app.get(
    '/users/:id',
    { schema: { params: idParamSchema, response: { 200: userResponseSchema, ...errors } } },
    async (request) => ({
      user: await visibleUserOrNotFound(pool, await callerOf(pool, request), request.params.id),
    }),
  );

  app.post(
    '/users',
    { schema: { body: createUserBodySchema, response: { 201: userResponseSchema, ...errors } } },
    async (request, reply) => {
      const caller = requireUserManager(await callerOf(pool, request));
      const userId = await createUserAsAdministrator(
        commands,
        administratorOf(caller),
        request.body,
        appendMetadata(request),
      );
      void reply.code(201);
      return { user: await visibleUserOrNotFound(pool, caller, userId) };
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        params: idParamSchema,
        body: updateUserBodySchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = requireUserManager(await callerOf(pool, request));
      const { id } = request.params;
      await visibleUserOrNotFound(pool, caller, id);
      await updateUserAsAdministrator(commands, administratorOf(caller), id, request.body, appendMetadata(request));
      return { user: await visibleUserOrNotFound(pool, caller, id) };
    },
  );

  // The Deactivate and Reactivate actions; DELETE /users/{id} deactivates too (an account is never erased:
  // its events are the audit trail and other services keep its name on their records).
  const statusRoutes = [
    ['POST', '/users/:id/deactivate', false],
    ['DELETE', '/users/:id', false],
    ['POST', '/users/:id/reactivate', true],
  ] as const;
  for (const [method, url, active] of statusRoutes) {
    app.route({
      method,
      url,
      schema: { params: idParamSchema, response: { 200: userResponseSchema, ...errors } },
      handler: async (request) => {
        const caller = requireUserManager(await callerOf(pool, request));
        const { id } = request.params;
        await visibleUserOrNotFound(pool, caller, id);
        await setUserActiveAsAdministrator(commands, administratorOf(caller), id, active, appendMetadata(request));
        return { user: await visibleUserOrNotFound(pool, caller, id) };
      },
    });
  }
};
