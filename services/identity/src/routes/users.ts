import {
  canManageUsers,
  createUserBodySchema,
  ERRORS,
  errorBodySchema,
  idParamSchema,
  updateUserBodySchema,
  userListQuerySchema,
  userListResponseSchema,
  userPickListResponseSchema,
  userResponseSchema,
} from '@labline/contracts';
import { allow, appendMetadata, callerOf, httpError } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUserAsAdministrator,
  setUserActiveAsAdministrator,
  updateUserAsAdministrator,
} from '../commands/user-administration';
import { commandDependencies, type IdentityContext } from '../config';
import { z } from 'zod';
import { identityReads } from '../reads';

const errors = { '4xx': errorBodySchema };

/**
 * User administration (spec 3 §2, §7). Reads are bound to the caller's scope (contracts' userListScope and
 * userDetailScope); writes are for the user managers (a route guard) and follow the rules of
 * domain/user/administration.ts per user.
 */
export const userRoutes =
  (context: IdentityContext): FastifyPluginAsyncZod =>
  async (app) => {
    const commands = commandDependencies(context);
    const manages = allow(canManageUsers, ERRORS.noPermissionManageUsers);
    const readsOf = (request: FastifyRequest) => identityReads(context.pool, callerOf(request));
    const visibleUser = async (request: FastifyRequest, id: number) => {
      const user = await readsOf(request).user(id);
      if (!user) throw httpError(404, ERRORS.userNotFound);
      return user;
    };

    app.get(
      '/users',
      {
        schema: {
          querystring: userListQuerySchema,
          response: { 200: z.union([userListResponseSchema, userPickListResponseSchema]), ...errors },
        },
      },
      async (request) => {
        const page = readsOf(request).users(request.query);
        if (!page) throw httpError(403, ERRORS.forbidden);
        return page;
      },
    );

    app.get(
      '/users/:id',
      { schema: { params: idParamSchema, response: { 200: userResponseSchema, ...errors } } },
      async (request) => ({ user: await visibleUser(request, request.params.id) }),
    );

    app.post(
      '/users',
      {
        preHandler: manages,
        schema: { body: createUserBodySchema, response: { 201: userResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const userId = await createUserAsAdministrator(
          commands,
          callerOf(request),
          request.body,
          appendMetadata(request),
        );
        void reply.code(201);
        return { user: await visibleUser(request, userId) };
      },
    );

    app.put(
      '/users/:id',
      {
        preHandler: manages,
        schema: {
          params: idParamSchema,
          body: updateUserBodySchema,
          response: { 200: userResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { id } = request.params;
        await visibleUser(request, id);
        await updateUserAsAdministrator(commands, callerOf(request), id, request.body, appendMetadata(request));
        return { user: await visibleUser(request, id) };
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
        preHandler: manages,
        schema: { params: idParamSchema, response: { 200: userResponseSchema, ...errors } },
        handler: async (request) => {
          const { id } = request.params;
          await visibleUser(request, id);
          await setUserActiveAsAdministrator(commands, callerOf(request), id, active, appendMetadata(request));
          return { user: await visibleUser(request, id) };
        },
      });
    }
  };
