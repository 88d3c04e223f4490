import type { IdentityEventData, IdentityEventType } from '@labline/contracts';

/** An identity event before the store gives it an envelope: the type and its contract-validated data. */
export type DomainEvent<T extends IdentityEventType> = { type: T; data: IdentityEventData<T> };

export { RuleViolation, type RuleViolationKind } from '@labline/eventstore';
