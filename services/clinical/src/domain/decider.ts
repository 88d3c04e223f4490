import type { ClinicalEventData, ClinicalEventType } from '@labline/contracts';

/** A clinical event before the store gives it an envelope: the type and its contract-validated data. */
export type DomainEvent<T extends ClinicalEventType> = { type: T; data: ClinicalEventData<T> };

export { RuleViolation, type RuleViolationKind } from '@labline/eventstore';
