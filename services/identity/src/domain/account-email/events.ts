import { streamName, type IDENTITY_EVENT_SCHEMAS } from '@labline/contracts';
import type { DomainEventOf } from '@labline/service-kit';

/**
 * An e-mail to a user from the Email communication card, in stream `accountEmail-<id>`: an aggregate of its own,
 * so that its subject (lab.identity.accountEmail.*), whose reset and setup links carry a token, is consumed by the
 * notifications service only, never by the consumers of user events.
 */
export type AccountEmailEvent = DomainEventOf<typeof IDENTITY_EVENT_SCHEMAS, 'AccountEmailRequested'>;

export const accountEmailStream = (emailId: number) => streamName('accountEmail', emailId);
