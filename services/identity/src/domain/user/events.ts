import { streamName } from '@labline/contracts';
import type { DomainEvent } from '../decider';

/** Everything that happens to a user account, in stream `user-<id>`. Credentials are never part of it. */
export type UserEvent =
  | DomainEvent<'UserRegistered'>
  | DomainEvent<'UserProfileUpdated'>
  | DomainEvent<'UserUpdated'>
  | DomainEvent<'UserDeactivated'>
  | DomainEvent<'UserReactivated'>
  | DomainEvent<'UserPasswordChanged'>
  | DomainEvent<'UserLoggedIn'>;

export const userStream = (userId: number) => streamName('user', userId);
