import type { ClinicalEventData, ClinicalEventType } from '@labline/contracts';

/** A clinical event before the store gives it an envelope: the type and its contract-validated data. */
export type DomainEvent<T extends ClinicalEventType> = { type: T; data: ClinicalEventData<T> };

/** What kind of rule a command broke; the command layer maps it to an HTTP status. */
export type RuleViolationKind = 'conflict' | 'not_found' | 'invalid' | 'forbidden';

export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';
  constructor(
    readonly kind: RuleViolationKind,
    message: string,
  ) {
    super(message);
  }
}
