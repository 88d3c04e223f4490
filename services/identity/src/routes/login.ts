import rateLimit from '@fastify/rate-limit';
import { ERRORS, IDENTITY_CONTRACTS } from '@labline/contracts';
import { appendMetadata, httpError, route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signIn } from '../commands/sign-in';
import type { CommandDependencies } from '../config';
import type { LoginThrottle } from '../security/login-throttle';
import type { TokenIssuer } from '../security/tokens';

export interface LoginRouteOptions {
  commands: CommandDependencies;
  tokens: TokenIssuer;
  throttle: LoginThrottle;
  /** Attempts per client address and window, counted by this replica. */
  perAddress: { max: number; windowMs: number };
  /** How long a session may last after sign-in. */
  sessionLifetimeSeconds: number;
}

/** POST /auth/login: public, rate-limited per address (here) and per account (in Postgres). */
export const loginRoutes =
  (options: LoginRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const { commands, tokens, throttle } = options;
    await app.register(rateLimit, {
      max: options.perAddress.max,
      timeWindow: options.perAddress.windowMs,
      errorResponseBuilder: () => httpError(429, ERRORS.tooManyLoginAttempts),
    });

    route(app, IDENTITY_CONTRACTS.login, async (request) => {
      const { user, session } = await signIn(
        commands,
        throttle,
        request.body,
        request.ip,
        (actor) => appendMetadata(request, { actor }),
        options.sessionLifetimeSeconds,
      );
      return { token: await tokens.issue(user, session), user };
    });
  };
