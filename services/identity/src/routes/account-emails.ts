import rateLimit from '@fastify/rate-limit';
import { ACCOUNT_EMAIL_TEXTS, canEmailUser, ERRORS, IDENTITY_CONTRACTS } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkPasswordToken, requestAccountEmail, setPasswordWithToken } from '../commands/account-emails';
import { commandDependencies, type IdentityContext } from '../config';
import { identityReads } from '../reads';

const contracts = IDENTITY_CONTRACTS;

/**
 * POST /users/{id}/emails, the Email communication card (spec 3 §2, §6, §7): super_admin, institution_admin and
 * client_admin, to an active user of their scope (contracts' canEmailUser); a user outside it is unknown (404).
 * The answer means the e-mail is queued: the notifications service sends it from identity's event.
 */
export const accountEmailRoutes =
  (context: IdentityContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, contracts.sendAccountEmail, async (request, reply) => {
      const caller = callerOf(request);
      const user = await identityReads(context.pool, caller).user(request.params.id);
      if (!user) throw httpError(404, ERRORS.userNotFound);
      // The role and the scope passed: what is left of the rule is the user's status.
      if (!canEmailUser(caller, user)) throw httpError(409, ACCOUNT_EMAIL_TEXTS.inactiveUser);
      await requestAccountEmail(context, user, request.body, context.config.PUBLIC_WEB_URL, appendMetadata(request));
      void reply.code(202);
      return { message: ACCOUNT_EMAIL_TEXTS.queued(request.body.type, user.email) };
    });
  };

/**
 * The set-password page's calls, public (the link is the proof): whether a link works, and setting the password
 * with it. Limited per client address as sign-in is, against guessing.
 */
export const passwordLinkRoutes =
  (context: IdentityContext, perAddress: { max: number; windowMs: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const commands = commandDependencies(context);
    await app.register(rateLimit, {
      max: perAddress.max,
      timeWindow: perAddress.windowMs,
      errorResponseBuilder: () => httpError(429, ERRORS.tooManyRequests),
    });

    route(app, contracts.passwordToken, async (request) => checkPasswordToken(commands, request.query.token));

    route(app, contracts.setPassword, async (request) => {
      await setPasswordWithToken(commands, request.body.token, request.body.new_password, (actor) =>
        appendMetadata(request, { actor }),
      );
      return { message: ACCOUNT_EMAIL_TEXTS.passwordSet };
    });
  };
