import { ERRORS, PASSWORD_MIN_LENGTH, type IdentityEventData } from '@labline/contracts';
import type { AppendMetadata, ExpectedStreamVersion } from '@labline/eventstore';
import { httpError, nextId } from '@labline/service-kit';
import type { CommandDependencies } from '../config';
import { userDecider } from '../domain/user/decide';
import { userStream } from '../domain/user/events';
import { existingInstitutionIds } from '../projections/institutions/queries';
import { findUserIdByEmail } from '../projections/users/queries';
import { findPasswordHash, storePasswordHash } from '../security/credentials';
import { supersedeOpenTokens } from '../security/password-tokens';

/** The e-mail is free (or the user's own) and every institution named exists, else 409 / 400. */
export async function assertReferencesExist(
  deps: Pick<CommandDependencies, 'pool'>,
  account: { email: string; institution_id: number | null; clinician_institution_ids: readonly number[] },
  userId: number | null,
): Promise<void> {
  const owner = await findUserIdByEmail(deps.pool, account.email);
  if (owner !== null && owner !== userId) throw httpError(409, ERRORS.emailAlreadyRegistered);
  const referenced = [
    ...new Set([...(account.institution_id ? [account.institution_id] : []), ...account.clinician_institution_ids]),
  ];
  const existing = await existingInstitutionIds(deps.pool, referenced);
  if (referenced.some((id) => !existing.has(id))) throw httpError(400, ERRORS.institutionNotFound);
}

export type NewUser = Omit<IdentityEventData<'UserRegistered'>, 'userId'> & { password: string };

/**
 * Registers a user under a new id: the UserRegistered event, its projection and the password hash commit
 * together or not at all. Returns the id.
 */
export async function registerUser(deps: CommandDependencies, user: NewUser, metadata: AppendMetadata) {
  const { password, ...profile } = user;
  const email = profile.email.trim().toLowerCase();
  if (password.length < PASSWORD_MIN_LENGTH)
    throw httpError(400, `password: must be at least ${PASSWORD_MIN_LENGTH} characters`);
  await assertReferencesExist(deps, { ...profile, email }, null);

  // Hashing takes tens of milliseconds: done before the transaction opens, not while it holds locks.
  const passwordHash = await deps.passwords.hash(password);
  const userId = await nextId(deps.pool, 'user_id_seq');
  // Two registrations of one e-mail at once: the read model's unique index refuses the later one (409).
  await deps.commands.handleCommand({
    stream: userStream(userId),
    decider: userDecider,
    command: { type: 'RegisterUser', data: { ...profile, email, userId } },
    metadata,
    alsoInTransaction: (transaction) => storePasswordHash(transaction, userId, passwordHash),
  });
  return userId;
}

export async function updateUserProfile(
  deps: Pick<CommandDependencies, 'commands'>,
  userId: number,
  profile: { first_name: string; last_name: string; phone: string | null },
  options: { metadata: AppendMetadata; expectedVersion?: ExpectedStreamVersion },
) {
  return deps.commands.handleCommand({
    stream: userStream(userId),
    decider: userDecider,
    command: { type: 'UpdateUserProfile', data: profile },
    ...options,
  });
}

/**
 * Self-service change: the current password must match; the new hash and the event commit together, and the
 * user's other sessions end (the one the change is made from goes on).
 */
export async function changeOwnPassword(
  deps: CommandDependencies,
  userId: number,
  passwords: { current: string; next: string },
  keepSessionId: string,
  metadata: AppendMetadata,
) {
  const storedHash = await findPasswordHash(deps.pool, userId);
  if (storedHash === null || !(await deps.passwords.verify(storedHash, passwords.current))) {
    throw httpError(400, ERRORS.currentPasswordIncorrect);
  }
  const passwordHash = await deps.passwords.hash(passwords.next);
  await deps.commands.handleCommand({
    stream: userStream(userId),
    decider: userDecider,
    command: { type: 'ChangeUserPassword', data: 'self_service', keepSessionId },
    metadata,
    alsoInTransaction: async (transaction) => {
      await storePasswordHash(transaction, userId, passwordHash);
      // A set-password link sent earlier must not undo the change.
      await supersedeOpenTokens(transaction, userId);
    },
  });
}

/**
 * Records a sign-in and the session it opens; simultaneous sign-ins of one account retry instead of failing
 * each other.
 */
export async function recordUserLogin(
  deps: Pick<CommandDependencies, 'commands'>,
  userId: number,
  session: { sessionId: string; startedAt: string; expiresAt: string },
  metadata: AppendMetadata,
) {
  await deps.commands.handleCommand({
    stream: userStream(userId),
    decider: userDecider,
    command: { type: 'RecordUserLogin', session },
    metadata,
    retries: 3,
  });
}

/**
 * POST /auth/refresh: renews the session, or ends it past the idle timeout or its absolute end. Returns
 * whether it is still open (a renewal that raced another command on the account is retried).
 */
export async function refreshSession(
  deps: Pick<CommandDependencies, 'commands'>,
  userId: number,
  sessionId: string,
  idleTimeoutSeconds: number,
  metadata: AppendMetadata,
): Promise<boolean> {
  const events = await deps.commands.handleCommand({
    stream: userStream(userId),
    decider: userDecider,
    command: { type: 'RefreshSession', data: { sessionId, now: new Date().toISOString(), idleTimeoutSeconds } },
    metadata,
    retries: 3,
  });
  return !events.some((event) => event.type === 'SessionEnded');
}

/** POST /auth/logout: ends the session; its tokens are refused everywhere from now on. */
export async function endSession(
  deps: Pick<CommandDependencies, 'commands'>,
  userId: number,
  sessionId: string,
  metadata: AppendMetadata,
) {
  await deps.commands.handleCommand({
    stream: userStream(userId),
    decider: userDecider,
    command: { type: 'EndSession', data: { sessionId } },
    metadata,
    retries: 3,
  });
}
