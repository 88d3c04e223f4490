import { streamName, type IDENTITY_EVENT_SCHEMAS } from '@labline/contracts';
import type { DomainEventOf } from '@labline/service-kit';

/** Everything that happens to a user account, in stream `user-<id>`. Credentials are never part of it. */
export type UserEvent = DomainEventOf<
  typeof IDENTITY_EVENT_SCHEMAS,
  | 'UserRegistered'
  | 'UserProfileUpdated'
  | 'UserUpdated'
  | 'UserDeactivated'
  | 'UserReactivated'
  | 'UserPasswordChanged'
  | 'UserLoggedIn'
  | 'SessionStarted'
  | 'SessionRefreshed'
  | 'SessionEnded'
  | 'PasswordTokenIssued'
  | 'PasswordTokenUsed'
>;

export const userStream = (userId: number) => streamName('user', userId);
