import type { IdentityEventData } from '@labline/contracts';
import { RuleViolation, type Decider } from '@labline/eventstore';
import type { AccountEmailEvent } from './events';

export type RequestAccountEmail = { type: 'RequestAccountEmail'; data: IdentityEventData<'AccountEmailRequested'> };

export type AccountEmailState = { status: 'none' } | { status: 'requested' };

/** Why the e-mail is not one the notifications service can send, or null. */
function emailProblem(data: RequestAccountEmail['data']): string | null {
  const hasLink = data.link !== null && data.link_expires_at !== null;
  if (data.type === 'custom') {
    if (data.subject === null || data.message === null) return 'a custom email needs a subject and a message';
    return hasLink ? 'a custom email carries no set-password link' : null;
  }
  return hasLink ? null : `a ${data.type} email needs its set-password link`;
}

export function decideAccountEmail(command: RequestAccountEmail, state: AccountEmailState): AccountEmailEvent[] {
  if (state.status === 'requested') throw new RuleViolation('conflict', 'This email was already requested');
  const problem = emailProblem(command.data);
  if (problem) throw new RuleViolation('invalid', problem);
  return [{ type: 'AccountEmailRequested', data: command.data }];
}

export const accountEmailDecider: Decider<RequestAccountEmail, AccountEmailEvent, AccountEmailState> = {
  decide: decideAccountEmail,
  // The stream's one event type: once it is there, the e-mail was requested.
  evolve: () => ({ status: 'requested' }),
  initialState: () => ({ status: 'none' }),
};
