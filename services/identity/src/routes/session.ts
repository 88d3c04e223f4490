import {
  changePasswordBodySchema,
  ERRORS,
  errorBodySchema,
  MESSAGES,
  profileResponseSchema,
  tokenResponseSchema,
  updateProfileBodySchema,
} from '@labline/contracts';
import { appendMetadata, callerOf, httpError, principalOf } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeOwnPassword, endSession, refreshSession, updateUserProfile } from '../commands/users';
import { commandDependencies, type IdentityContext, type IdentitySettings } from '../config';
import { identityReads } from '../reads';
import type { TokenIssuer } from '../security/tokens';

const errors = { '4xx': errorBodySchema };

/** The signed-in user's own session and profile. */
export const sessionRoutes =
  (context: IdentityContext, tokens: TokenIssuer, session: IdentitySettings['session']): FastifyPluginAsyncZod =>
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
          principalOf(request).sid,
          appendMetadata(request),
        );
        return { message: MESSAGES.passwordChanged };
      },
    );

    // A fresh token of the same session from the current read model, so that changes reach the session too;
    // refused (and the session ended) past the idle timeout or the session's absolute end.
    app.post('/auth/refresh', { schema: { response: { 200: tokenResponseSchema, ...errors } } }, async (request) => {
      const { userId } = callerOf(request);
      const { sid } = principalOf(request);
      const open = await refreshSession(commands, userId, sid, session.idleTimeoutSeconds, appendMetadata(request));
      const current = open ? await identityReads(context.pool, callerOf(request)).session(sid) : null;
      if (!current) throw httpError(401, ERRORS.invalidToken);
      return { token: await tokens.issue(await me(request), current) };
    });

    // Sign Out: the session ends, and with it every token issued for it, at the gateway and every service.
    app.post('/auth/logout', { schema: { response: { 204: z.null(), ...errors } } }, async (request, reply) => {
      await endSession(commands, callerOf(request).userId, principalOf(request).sid, appendMetadata(request));
      return reply.code(204).send(null);
    });
  };
