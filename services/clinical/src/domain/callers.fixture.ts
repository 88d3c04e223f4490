/** The deciders' tests' callers and their check of a broken rule. Test-only (imported by tests alone). */
import type { Caller } from '@labline/contracts';
import { RuleViolation } from '@labline/eventstore';

export const NORTHWIND = 1;
export const RIVERSIDE = 2;

export const superAdmin: Caller = {
  userId: 1,
  role: 'super_admin',
  institutionId: null,
  institutionIds: [],
  permissions: [],
};
export const admin: Caller = {
  userId: 2,
  role: 'institution_admin',
  institutionId: NORTHWIND,
  institutionIds: [NORTHWIND],
  permissions: [],
};

/** The decision broke a rule of this kind (and with this text, when given). */
export const violation = (kind: RuleViolation['kind'], message?: string) => (error: unknown) =>
  error instanceof RuleViolation && error.kind === kind && (message === undefined || error.message === message);
