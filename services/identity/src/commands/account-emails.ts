import {
  ACCOUNT_EMAIL_TEXTS,
  PASSWORD_TOKEN_LIFETIME_SECONDS,
  SET_PASSWORD_PATH,
  SIGN_IN_PATH,
  type AccountEmailInput,
  type Actor,
  type IdentityEventData,
  type PasswordTokenPurpose,
  type User,
} from '@labline/contracts';
import { STREAM_DOES_NOT_EXIST, type AppendMetadata } from '@labline/eventstore';
import { httpError, nextId } from '@labline/service-kit';
import type { DatabaseTransactionConnection } from 'slonik';
import type { CommandDependencies, IdentityContext } from '../config';
import { accountEmailDecider } from '../domain/account-email/decide';
import { accountEmailStream } from '../domain/account-email/events';
import { userDecider } from '../domain/user/decide';
import { userStream } from '../domain/user/events';
import { storePasswordHash } from '../security/credentials';
import {
  claimPasswordToken,
  findPasswordToken,
  hashOfToken,
  newPasswordToken,
  storePasswordToken,
  supersedeOpenTokens,
  tokenProblem,
} from '../security/password-tokens';

type AccountEmailDependencies = Pick<IdentityContext, 'pool' | 'commands'>;
type AccountEmail = IdentityEventData<'AccountEmailRequested'>;

/** The e-mail's event on its own stream, inside the transaction that issues its link. */
async function requestEmailIn(
  deps: AccountEmailDependencies,
  transaction: DatabaseTransactionConnection,
  email: AccountEmail,
  metadata: AppendMetadata,
): Promise<void> {
  await deps.commands.handleCommand({
    stream: accountEmailStream(email.emailId),
    decider: accountEmailDecider,
    command: { type: 'RequestAccountEmail', data: email },
    metadata,
    expectedVersion: STREAM_DOES_NOT_EXIST,
    transaction,
  });
}

/**
 * POST /users/{id}/emails for a user the caller may e-mail (the route checks canEmailUser): an e-mail for the
 * notifications service to send. A reset or setup e-mail issues a link first: its token's hash, the user's
 * PasswordTokenIssued and the e-mail's event commit together, and the user's older links of the purpose stop
 * working.
 */
export async function requestAccountEmail(
  deps: AccountEmailDependencies,
  target: Pick<User, 'id' | 'email' | 'first_name' | 'last_name' | 'institution_id'>,
  input: AccountEmailInput,
  publicWebUrl: string,
  metadata: AppendMetadata,
): Promise<void> {
  const emailId = await nextId(deps.pool, 'account_email_id_seq');
  const email = {
    emailId,
    userId: target.id,
    type: input.type,
    recipient_email: target.email,
    first_name: target.first_name,
    last_name: target.last_name,
    institution_id: target.institution_id,
    sign_in_url: `${publicWebUrl}${SIGN_IN_PATH}`,
  };
  if (input.type === 'custom') {
    const { subject, message, include_login_info } = input;
    await deps.commands.handleCommand({
      stream: accountEmailStream(emailId),
      decider: accountEmailDecider,
      command: {
        type: 'RequestAccountEmail',
        data: { ...email, link: null, link_expires_at: null, subject, message, include_login_info },
      },
      metadata,
    });
    return;
  }
  const purpose: PasswordTokenPurpose = input.type;
  const { token, hash } = newPasswordToken();
  const expiresAt = new Date(Date.now() + PASSWORD_TOKEN_LIFETIME_SECONDS[purpose] * 1000).toISOString();
  const link = `${publicWebUrl}${SET_PASSWORD_PATH}?token=${token}`;
  await deps.commands.handleCommand({
    stream: userStream(target.id),
    decider: userDecider,
    command: { type: 'IssuePasswordToken', data: { purpose, expiresAt } },
    metadata,
    // Issuing does not depend on what the caller saw: a sign-in landing on the stream meanwhile is no conflict.
    retries: 3,
    alsoInTransaction: async (transaction) => {
      await storePasswordToken(transaction, { hash, userId: target.id, purpose, expiresAt });
      await requestEmailIn(
        deps,
        transaction,
        { ...email, link, link_expires_at: expiresAt, subject: null, message: null, include_login_info: false },
        metadata,
      );
    },
  });
}

/** GET /auth/password-token: what a link is for and whose account, or 400 saying why it no longer works. */
export async function checkPasswordToken(deps: Pick<CommandDependencies, 'pool'>, token: string) {
  const found = await findPasswordToken(deps.pool, hashOfToken(token));
  const problem = tokenProblem(found);
  if (problem !== null || found === null) throw httpError(400, problem ?? ACCOUNT_EMAIL_TEXTS.invalidLink);
  return { purpose: found.purpose, email: found.email, expires_at: found.expires_at };
}

/**
 * POST /auth/set-password: the link's token sets the password once. The token is claimed in the transaction that
 * stores the new hash and records the change, so of two uses at once exactly one commits; the other, and any
 * later one, is refused and changes nothing. The user's other open links stop working and every session ends.
 */
export async function setPasswordWithToken(
  deps: CommandDependencies,
  token: string,
  newPassword: string,
  metadataFor: (actor: Actor) => AppendMetadata,
): Promise<void> {
  const hash = hashOfToken(token);
  const found = await findPasswordToken(deps.pool, hash);
  const problem = tokenProblem(found);
  if (problem !== null || found === null) throw httpError(400, problem ?? ACCOUNT_EMAIL_TEXTS.invalidLink);
  // Hashing takes tens of milliseconds: done before the transaction opens, not while it holds locks.
  const passwordHash = await deps.passwords.hash(newPassword);
  await deps.commands.handleCommand({
    stream: userStream(found.user_id),
    decider: userDecider,
    command: { type: 'SetPasswordWithToken', data: { purpose: found.purpose } },
    // The user acts: the link proves who they are.
    metadata: metadataFor({ userId: found.user_id, role: found.role, institutionId: found.institution_id }),
    // A use racing this one appends first: decided again, the claim below then finds the token used (400).
    retries: 3,
    alsoInTransaction: async (transaction) => {
      if (!(await claimPasswordToken(transaction, hash))) {
        throw httpError(400, tokenProblem(await findPasswordToken(transaction, hash)) ?? ACCOUNT_EMAIL_TEXTS.usedLink);
      }
      await supersedeOpenTokens(transaction, found.user_id);
      await storePasswordHash(transaction, found.user_id, passwordHash);
    },
  });
}
