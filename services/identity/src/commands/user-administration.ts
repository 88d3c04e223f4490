import { ERRORS, type Caller, type CreateUserInput, type UpdateUserInput } from '@labline/contracts';
import { RuleViolation, type AppendMetadata } from '@labline/eventstore';
import { httpError, violationToHttpError } from '@labline/service-kit';
import type { CommandDependencies } from '../config';
import { accountAfterUpdate, accountForNewUser, assertCanManageUser } from '../domain/user/administration';
import { userDecider } from '../domain/user/decide';
import { userStream } from '../domain/user/events';
import type { UserState } from '../domain/user/state';
import { storePasswordHash } from '../security/credentials';
import { supersedeOpenTokens } from '../security/password-tokens';
import { assertReferencesExist, registerUser } from './users';

function registered(state: UserState) {
  if (state.status !== 'registered') throw new RuleViolation('not_found', ERRORS.userNotFound);
  return state;
}

/** POST /users: the rules shape the account, then it is registered with its password. Returns the id. */
export async function createUserAsAdministrator(
  deps: CommandDependencies,
  actor: Caller,
  input: CreateUserInput,
  metadata: AppendMetadata,
): Promise<number> {
  let account;
  try {
    account = accountForNewUser(actor, input);
  } catch (error) {
    // No stream to decide on yet: the rules' verdict is answered as the command handler would.
    throw error instanceof RuleViolation ? violationToHttpError(error) : error;
  }
  if (input.password === null) throw httpError(400, ERRORS.passwordRequiredForNewUsers);
  return registerUser(deps, { ...account, is_active: input.is_active, password: input.password }, metadata);
}

/**
 * PUT /users/{id}: the new account, the status change and a new password (hash beside the events) in one
 * append, decided on the state the rules were checked against (the stream is folded once).
 */
export async function updateUserAsAdministrator(
  deps: CommandDependencies,
  actor: Caller,
  userId: number,
  input: UpdateUserInput,
  metadata: AppendMetadata,
): Promise<void> {
  let passwordHash: string | null = null;
  let emailChanged = false;
  await deps.commands.handleCommand({
    stream: userStream(userId),
    decider: userDecider,
    command: async (state) => {
      const account = accountAfterUpdate(actor, registered(state), input);
      emailChanged = account.email !== registered(state).email;
      await assertReferencesExist(deps, account, userId);
      // Hashed only once the rules passed, before the append transaction opens.
      passwordHash = input.password === null ? null : await deps.passwords.hash(input.password);
      return {
        type: 'AdministerUser' as const,
        data: { actorUserId: actor.userId, account, isActive: input.is_active, passwordReset: passwordHash !== null },
      };
    },
    metadata,
    alsoInTransaction: async (transaction) => {
      if (passwordHash !== null) await storePasswordHash(transaction, userId, passwordHash);
      // Set-password links sent earlier (to the old address, or before this password) stop working.
      if (passwordHash !== null || emailChanged) await supersedeOpenTokens(transaction, userId);
    },
  });
}

/** The Deactivate and Reactivate actions (never on oneself). */
export async function setUserActiveAsAdministrator(
  deps: CommandDependencies,
  actor: Caller,
  userId: number,
  active: boolean,
  metadata: AppendMetadata,
): Promise<void> {
  await deps.commands.handleCommand({
    stream: userStream(userId),
    decider: userDecider,
    command: async (state) => {
      assertCanManageUser(actor, registered(state), active ? 'reactivate' : 'deactivate');
      return { type: 'SetUserActive' as const, data: { actorUserId: actor.userId, active } };
    },
    metadata,
  });
}
