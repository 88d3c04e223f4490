import {
  changePasswordBodySchema,
  ERRORS,
  errorBodySchema,
  MESSAGES,
  profileResponseSchema,
  tokenResponseSchema,
  updateProfileBodySchema,
} from '@labline/contracts';
import { appendMetadata, httpError, principalOf } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { z } from 'zod';
import type { CommandDependencies } from '../commands/deps';
import { changeOwnPassword, updateUserProfile } from '../commands/users';
import { findSessionUser } from '../projections/users/queries';
import type { TokenIssuer } from '../security/tokens';

export interface SessionRouteOptions {
  commands: CommandDependencies;
  tokens: TokenIssuer;
}

async function sessionUserOrNotFound(pool: DatabasePool, userId: number) {
  const user = await findSessionUser(pool, userId);
  if (!user) throw httpError(404, ERRORS.userNotFound);
  return user;
}

const errors = { '4xx': errorBodySchema };

/** The signed-in user's own session and profile. Registered inside the authenticated group. */
export const sessionRoutes: FastifyPluginAsyncZod<SessionRouteOptions> = async (app, { commands, tokens }) => {
  app.get('/auth/profile', { schema: { response: { 200: profileResponseSchema, ...errors } } }, async (request) => ({
    user: await sessionUserOrNotFound(commands.pool, principalOf(request).id),
  }));

  app.put(
    '/auth/profile',
    { schema: { body: updateProfileBodySchema, response: { 200: profileResponseSchema, ...errors } } },
    async (request) => {
      const { id } = principalOf(request);
      const body = request.body;
      if (body.email !== undefined) throw httpError(400, ERRORS.emailCannotChange);
      const current = await sessionUserOrNotFound(commands.pool, id);
      // An absent phone keeps the stored one; an empty or null one clears it.
      const phone = body.phone === undefined ? current.phone : body.phone || null;
      await updateUserProfile(
        commands,
        id,
        { first_name: body.first_name, last_name: body.last_name, phone },
        { metadata: appendMetadata(request) },
      );
      return { user: await sessionUserOrNotFound(commands.pool, id) };
    },
  );

  app.post(
    '/auth/change-password',
    {
      schema: {
        body: changePasswordBodySchema,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { current_password, new_password } = request.body;
      await changeOwnPassword(
        commands,
        principalOf(request).id,
        { current: current_password, next: new_password },
        appendMetadata(request),
      );
      return { message: MESSAGES.passwordChanged };
    },
  );

  // A fresh token from the current read model, so role and permission changes reach the session too.
  app.post('/auth/refresh', { schema: { response: { 200: tokenResponseSchema, ...errors } } }, async (request) => {
    const user = await sessionUserOrNotFound(commands.pool, principalOf(request).id);
    return { token: await tokens.issue(user) };
  });
};
