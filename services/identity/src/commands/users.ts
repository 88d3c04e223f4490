import { ERRORS, PASSWORD_MIN_LENGTH, type IdentityEventData } from '@labline/contracts';
import type { AppendMetadata, ExpectedStreamVersion } from '@labline/eventstore';
import { httpError } from '@labline/service-kit';
import { sql, UniqueIntegrityConstraintViolationError } from 'slonik';
import { z } from 'zod';
import { userDecider } from '../domain/user/decide';
import { userStream } from '../domain/user/events';
import { existingInstitutionIds } from '../projections/institutions/queries';
import { findUserIdByEmail } from '../projections/users/queries';
import { findPasswordHash, storePasswordHash } from '../security/credentials';
import type { CommandDependencies } from './deps';
import { handleCommand } from './handle';

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
  if ((await findUserIdByEmail(deps.pool, email)) !== null) throw httpError(409, ERRORS.emailAlreadyRegistered);
  const referenced = [
    ...new Set([...(profile.institution_id ? [profile.institution_id] : []), ...profile.clinician_institution_ids]),
  ];
  const existing = await existingInstitutionIds(deps.pool, referenced);
  if (referenced.some((id) => !existing.has(id))) throw httpError(400, ERRORS.institutionNotFound);

  // Hashing takes tens of milliseconds: done before the transaction opens, not while it holds locks.
  const passwordHash = await deps.passwords.hash(password);
  const userId = await deps.pool.oneFirst(
    sql.type(z.object({ id: z.number().int() }))`SELECT nextval('user_id_seq')::int AS id`,
  );
  try {
    await handleCommand(
      deps.store,
      userStream(userId),
      userDecider,
      { type: 'RegisterUser', data: { ...profile, email, userId } },
      { metadata, alsoInTransaction: (transaction) => storePasswordHash(transaction, userId, passwordHash) },
    );
  } catch (error) {
    // Two registrations of one e-mail at once: the read model's unique index refuses the later one.
    if (error instanceof UniqueIntegrityConstraintViolationError && error.constraint === 'users_email_key') {
      throw httpError(409, ERRORS.emailAlreadyRegistered);
    }
    throw error;
  }
  return userId;
}

export async function updateUserProfile(
  deps: Pick<CommandDependencies, 'store'>,
  userId: number,
  profile: { first_name: string; last_name: string; phone: string | null },
  options: { metadata: AppendMetadata; expectedVersion?: ExpectedStreamVersion },
) {
  return handleCommand(
    deps.store,
    userStream(userId),
    userDecider,
    { type: 'UpdateUserProfile', data: profile },
    options,
  );
}

/** Self-service change: the current password must match; the new hash and the event commit together. */
export async function changeOwnPassword(
  deps: CommandDependencies,
  userId: number,
  passwords: { current: string; next: string },
  metadata: AppendMetadata,
) {
  const storedHash = await findPasswordHash(deps.pool, userId);
  if (storedHash === null || !(await deps.passwords.verify(storedHash, passwords.current))) {
    throw httpError(400, ERRORS.currentPasswordIncorrect);
  }
  const passwordHash = await deps.passwords.hash(passwords.next);
  await handleCommand(
    deps.store,
    userStream(userId),
    userDecider,
    { type: 'ChangeUserPassword', data: 'self_service' },
    { metadata, alsoInTransaction: (transaction) => storePasswordHash(transaction, userId, passwordHash) },
  );
}

/** Records a sign-in; simultaneous sign-ins of one account retry instead of failing each other. */
export async function recordUserLogin(
  deps: Pick<CommandDependencies, 'store'>,
  userId: number,
  metadata: AppendMetadata,
) {
  await handleCommand(
    deps.store,
    userStream(userId),
    userDecider,
    { type: 'RecordUserLogin' },
    { metadata, retries: 3 },
  );
}
