import { ERRORS, type CreateUserInput, type UpdateUserInput } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { httpError } from '@labline/service-kit';
import { UniqueIntegrityConstraintViolationError } from 'slonik';
import { RuleViolation } from '../domain/decider';
import {
  accountAfterUpdate,
  accountForNewUser,
  assertCanManageUser,
  type Account,
  type Administrator,
} from '../domain/user/administration';
import { userDecider } from '../domain/user/decide';
import { userStream, type UserEvent } from '../domain/user/events';
import { existingInstitutionIds } from '../projections/institutions/queries';
import { findUserIdByEmail } from '../projections/users/queries';
import { storePasswordHash } from '../security/credentials';
import type { CommandDependencies } from './deps';
import { handleCommand, toDomainEvent, violationToHttpError } from './handle';
import { registerUser } from './users';

/** Runs the access rules, turning a broken rule into its HTTP answer. */
function applyRules<T>(rules: () => T): T {
  try {
    return rules();
  } catch (error) {
    throw error instanceof RuleViolation ? violationToHttpError(error) : error;
  }
}

/** The user's current state and the stream version it was read at: the rules and the append use both. */
async function currentUser(deps: Pick<CommandDependencies, 'store'>, userId: number) {
  const history = await deps.store.readStream(userStream(userId));
  const state = history
    .map((event) => toDomainEvent(event) as UserEvent)
    .reduce(userDecider.evolve, userDecider.initialState());
  if (state.status !== 'registered') throw httpError(404, ERRORS.userNotFound);
  return { user: state, version: history.at(-1)!.version };
}

async function assertReferencesExist(deps: Pick<CommandDependencies, 'pool'>, account: Account, userId: number | null) {
  const owner = await findUserIdByEmail(deps.pool, account.email);
  if (owner !== null && owner !== userId) throw httpError(409, ERRORS.emailAlreadyRegistered);
  const referenced = [
    ...new Set([...(account.institution_id ? [account.institution_id] : []), ...account.clinician_institution_ids]),
  ];
  const existing = await existingInstitutionIds(deps.pool, referenced);
  if (referenced.some((id) => !existing.has(id))) throw httpError(400, ERRORS.institutionNotFound);
}

/** POST /users: the rules shape the account, then it is registered with its password. Returns the id. */
export async function createUserAsAdministrator(
  deps: CommandDependencies,
  actor: Administrator,
  input: CreateUserInput,
  metadata: AppendMetadata,
): Promise<number> {
  const account = applyRules(() => accountForNewUser(actor, input));
  if (input.password === null) throw httpError(400, ERRORS.passwordRequiredForNewUsers);
  return registerUser(deps, { ...account, is_active: input.is_active, password: input.password }, metadata);
}

/**
 * PUT /users/{id}: the new account, the status change and a new password (hash beside the events) in one
 * append, against the version the rules were checked on.
 */
export async function updateUserAsAdministrator(
  deps: CommandDependencies,
  actor: Administrator,
  userId: number,
  input: UpdateUserInput,
  metadata: AppendMetadata,
): Promise<void> {
  const { user, version } = await currentUser(deps, userId);
  const account = applyRules(() => accountAfterUpdate(actor, user, input));
  await assertReferencesExist(deps, account, userId);
  const passwordHash = input.password === null ? null : await deps.passwords.hash(input.password);
  try {
    await handleCommand(
      deps.store,
      userStream(userId),
      userDecider,
      {
        type: 'AdministerUser',
        data: { actorUserId: actor.userId, account, isActive: input.is_active, passwordReset: passwordHash !== null },
      },
      {
        metadata,
        expectedVersion: version,
        ...(passwordHash === null
          ? {}
          : { alsoInTransaction: (transaction) => storePasswordHash(transaction, userId, passwordHash) }),
      },
    );
  } catch (error) {
    // Another account took the e-mail between the check and the append: the read model's unique index says so.
    if (error instanceof UniqueIntegrityConstraintViolationError && error.constraint === 'users_email_key') {
      throw httpError(409, ERRORS.emailAlreadyRegistered);
    }
    throw error;
  }
}

/** The Deactivate and Reactivate actions (never on oneself). */
export async function setUserActiveAsAdministrator(
  deps: CommandDependencies,
  actor: Administrator,
  userId: number,
  active: boolean,
  metadata: AppendMetadata,
): Promise<void> {
  const { user, version } = await currentUser(deps, userId);
  applyRules(() => assertCanManageUser(actor, user));
  await handleCommand(
    deps.store,
    userStream(userId),
    userDecider,
    { type: 'SetUserActive', data: { actorUserId: actor.userId, active } },
    { metadata, expectedVersion: version },
  );
}
