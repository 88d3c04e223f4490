import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Actor, type SessionUser } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { actorOf, httpError } from '@labline/service-kit';
import type { CommandDependencies } from '../config';
import { findSessionUser } from '../projections/users/queries';
import { findLoginAccount } from '../security/credentials';
import type { LoginThrottle } from '../security/login-throttle';
import type { TokenSession } from '../security/tokens';
import { recordUserLogin } from './users';

/**
 * POST /auth/login's command: the password checked under the per-account throttle, the sign-in recorded as
 * the user's own event with the session it opens. Returns the session user and the session, or refuses as
 * the spec says (401, 403, 429).
 */
export async function signIn(
  deps: CommandDependencies,
  throttle: LoginThrottle,
  credentials: { email: string; password: string },
  address: string,
  metadataFor: (actor: Actor) => AppendMetadata,
  sessionLifetimeSeconds: number,
): Promise<{ user: SessionUser; session: TokenSession }> {
  const attempt = await throttle.begin(credentials.email, address);
  if (!attempt.allowed) throw httpError(429, ERRORS.tooManyLoginAttempts);
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);

  const account = await findLoginAccount(deps.pool, credentials.email);
  // Unknown e-mail and wrong password take the same path and time and give the same answer.
  const passwordMatches = account
    ? await deps.passwords.verify(account.password_hash, credentials.password)
    : await deps.passwords.verifyUnknownAccount(credentials.password);
  if (!account || !passwordMatches) throw httpError(401, ERRORS.invalidCredentials);
  await attempt.succeeded();
  // Told only to someone who knows the password, so it reveals nothing to a guesser.
  if (!account.is_active) throw httpError(403, ERRORS.accountInactive);

  const user = await findSessionUser(deps.pool, account.id);
  if (!user) throw httpError(401, ERRORS.invalidCredentials);
  const now = new Date();
  const session = {
    sessionId: randomUUID(),
    startedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + sessionLifetimeSeconds * 1000).toISOString(),
  };
  await recordUserLogin(deps, user.id, session, metadataFor(actorOf(user)));
  return { user, session };
}
