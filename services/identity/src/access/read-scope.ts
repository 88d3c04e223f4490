/**
 * What each role may read of users and institutions (issue 3 item 3, issue 4 item 2). The user and
 * institution queries take these scopes, so every read is bound to its caller.
 */
import { ERRORS, type Role } from '@labline/contracts';
import { httpError } from '@labline/service-kit';
import type { Caller, UserScope } from '../projections/users/administration-queries';

export interface UserListRequest {
  role?: Role | undefined;
  isActive?: boolean | undefined;
}

/**
 * GET /users. Administrators list their institution's users (super_admin all). The patient and order forms
 * of the other roles only pick clinicians and fulfillment partners: a clinician lists the active clinicians
 * of their institutions and the active fulfillment agents, a fulfillment agent the latter only. Fulfillment
 * agents without an institution are system-level partners and listed to everyone who may order.
 */
export function userListScope(
  caller: Caller,
  request: UserListRequest,
): { scope: UserScope; isActive: boolean | undefined } {
  const institutions = (includeUnaffiliated: boolean): UserScope => ({
    kind: 'institutions',
    institutionIds: caller.institutionIds,
    includeUnaffiliated,
  });
  const partners = request.role === 'fulfillment_agent';
  switch (caller.role) {
    case 'super_admin':
      return { scope: { kind: 'all' }, isActive: request.isActive };
    case 'institution_admin':
    case 'client_admin':
      return { scope: institutions(partners), isActive: request.isActive };
    case 'clinician':
      if (request.role !== 'clinician' && !partners) throw httpError(403, ERRORS.forbidden);
      return { scope: institutions(partners), isActive: true };
    case 'fulfillment_agent':
      if (!partners) throw httpError(403, ERRORS.forbidden);
      return { scope: institutions(true), isActive: true };
    case 'lab_user':
      // No lab screen lists users (spec 1 §6: lab users neither order nor manage accounts).
      throw httpError(403, ERRORS.forbidden);
  }
}

/**
 * GET /users/{id}: super_admin any user; institution_admin and client_admin (the e-mail card) the users of
 * their institution; everyone else only themself. Anything else answers 404 as an unknown id does.
 */
export function userDetailScope(caller: Caller): UserScope {
  switch (caller.role) {
    case 'super_admin':
      return { kind: 'all' };
    case 'institution_admin':
    case 'client_admin':
      return { kind: 'institutions', institutionIds: caller.institutionIds };
    default:
      return { kind: 'self', userId: caller.id };
  }
}

/** Institutions a caller may read: all for super_admin, else their own (a clinician's linked ones too). */
export type InstitutionScope = { kind: 'all' } | { kind: 'ids'; ids: readonly number[] };

export function institutionScope(caller: Caller): InstitutionScope {
  return caller.role === 'super_admin' ? { kind: 'all' } : { kind: 'ids', ids: caller.institutionIds };
}
