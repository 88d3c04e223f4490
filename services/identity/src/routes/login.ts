import rateLimit from '@fastify/rate-limit';
import { ERRORS, errorBodySchema, loginBodySchema, loginResponseSchema } from '@labline/contracts';
import { actorOf, appendMetadata, httpError } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordUserLogin } from '../commands/users';
import type { CommandDependencies } from '../config';
import { findSessionUser } from '../projections/users/queries';
import { findLoginAccount } from '../security/credentials';
import type { LoginThrottle } from '../security/login-throttle';
import type { TokenIssuer } from '../security/tokens';

export interface LoginRouteOptions {
  commands: CommandDependencies;
  tokens: TokenIssuer;
  throttle: LoginThrottle;
  /** Attempts per client address and window, counted by this replica. */
  perAddress: { max: number; windowMs: number };
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

    app.post(
      '/auth/login',
      {
        schema: {
          body: loginBodySchema,
          response: { 200: loginResponseSchema, '4xx': errorBodySchema },
        },
      },
      async (request) => {
        const { email, password } = request.body;
        const attempt = await throttle.begin(email);
        if (!attempt.allowed) throw httpError(429, ERRORS.tooManyLoginAttempts);

        const account = await findLoginAccount(commands.pool, email);
        // Unknown e-mail and wrong password take the same path and time and give the same answer.
        const passwordMatches = account
          ? await commands.passwords.verify(account.password_hash, password)
          : await commands.passwords.verifyUnknownAccount(password);
        if (!account || !passwordMatches) throw httpError(401, ERRORS.invalidCredentials);
        await attempt.succeeded();
        // Told only to someone who knows the password, so it reveals nothing to a guesser.
        if (!account.is_active) throw httpError(403, ERRORS.accountInactive);

        const user = await findSessionUser(commands.pool, account.id);
        if (!user) throw httpError(401, ERRORS.invalidCredentials);
        const actor = actorOf(user);
        await recordUserLogin(commands, user.id, appendMetadata(request, { actor }));
        return { token: await tokens.issue(user), user };
      },
    );
  };
