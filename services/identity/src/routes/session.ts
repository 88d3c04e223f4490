import {
  changePasswordBodySchema,
  ERRORS,
  errorBodySchema,
  MESSAGES,
  profileResponseSchema,
  tokenResponseSchema,
  updateProfileBodySchema,
} from '@labline/contracts';
import { appendMetadata, callerOf, httpError } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeOwnPassword, updateUserProfile } from '../commands/users';
import { commandDependencies, type IdentityContext } from '../config';
import { identityReads } from '../reads';
import type { TokenIssuer } from '../security/tokens';

const errors = { '4xx': errorBodySchema };

/** The signed-in user's own session and profile. */
export const sessionRoutes =
  (context: IdentityContext, tokens: TokenIssuer): FastifyPluginAsyncZod =>
  async (app) => {
    const commands = commandDependencies(context);
    const me = async (request: FastifyRequest) => {
      const user = await identityReads(context.pool, callerOf(request)).me();
      if (!user) throw httpError(404, ERRORS.userNotFound);
      return user;
    };
    app.get('/auth/profile', { schema: { response: { 200: profileResponseSchema, ...errors } } }, async (request) => ({
      user: await me(request),
    }));

    app.put(
      '/auth/profile',
      { schema: { body: updateProfileBodySchema, response: { 200: profileResponseSchema, ...errors } } },
      async (request) => {
        const { userId: id } = callerOf(request);
        const body = request.body;
        if (body.email !== undefined) throw httpError(400, ERRORS.emailCannotChange);
        const current = await me(request);
        // An absent phone keeps the stored one; an empty or null one clears it.
        const phone = body.phone === undefined ? current.phone : body.phone || null;
        await updateUserProfile(
          commands,
          id,
          { first_name: body.first_name, last_name: body.last_name, phone },
          { metadata: appendMetadata(request) },
        );
        return { user: await me(request) };
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
          callerOf(request).userId,
          { current: current_password, next: new_password },
          appendMetadata(request),
        );
        return { message: MESSAGES.passwordChanged };
      },
    );

    // A fresh token from the current read model, so role and permission changes reach the session too.
    app.post('/auth/refresh', { schema: { response: { 200: tokenResponseSchema, ...errors } } }, async (request) => {
      return { token: await tokens.issue(await me(request)) };
    });
  };
