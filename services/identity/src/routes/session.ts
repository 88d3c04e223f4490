import { ERRORS, IDENTITY_CONTRACTS, MESSAGES } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, principalOf, route } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeOwnPassword, endSession, refreshSession, updateUserProfile } from '../commands/users';
import { commandDependencies, type IdentityContext, type IdentitySettings } from '../config';
import { identityReads } from '../reads';
import type { TokenIssuer } from '../security/tokens';

const contracts = IDENTITY_CONTRACTS;

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
    route(app, contracts.profile, async (request) => ({ user: await me(request) }));

    route(app, contracts.updateProfile, async (request) => {
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
    });

    route(app, contracts.changePassword, async (request) => {
      const { current_password, new_password } = request.body;
      await changeOwnPassword(
        commands,
        callerOf(request).userId,
        { current: current_password, next: new_password },
        principalOf(request).sid,
        appendMetadata(request),
      );
      return { message: MESSAGES.passwordChanged };
    });

    // A fresh token of the same session from the current read model, so that changes reach the session too;
    // refused (and the session ended) past the idle timeout or the session's absolute end.
    route(app, contracts.refresh, async (request) => {
      const { userId } = callerOf(request);
      const { sid } = principalOf(request);
      const open = await refreshSession(commands, userId, sid, session.idleTimeoutSeconds, appendMetadata(request));
      const current = open ? await identityReads(context.pool, callerOf(request)).session(sid) : null;
      if (!current) throw httpError(401, ERRORS.invalidToken);
      return { token: await tokens.issue(await me(request), current) };
    });

    // Sign Out: the session ends, and with it every token issued for it, at the gateway and every service.
    route(app, contracts.logout, async (request, reply) => {
      await endSession(commands, callerOf(request).userId, principalOf(request).sid, appendMetadata(request));
      return reply.code(204).send(null);
    });
  };
