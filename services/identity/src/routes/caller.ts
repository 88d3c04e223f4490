import { ERRORS } from '@labline/contracts';
import { httpError, principalOf } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { CommonQueryMethods } from 'slonik';
import type { Administrator } from '../domain/user/administration';
import { findCaller, type Caller } from '../projections/users/administration-queries';

/** The signed-in caller from the read model (current role and institutions, not the token's copy). */
export async function callerOf(db: CommonQueryMethods, request: FastifyRequest): Promise<Caller> {
  const caller = await findCaller(db, principalOf(request).id);
  // The authentication hook already refused inactive and unknown users; this is the race with a deactivation.
  if (!caller) throw httpError(401, ERRORS.invalidToken);
  return caller;
}

export const administratorOf = (caller: Caller): Administrator => ({
  userId: caller.id,
  role: caller.role,
  institutionId: caller.institutionId,
});

/** Writes to users are for super_admin and institution_admin: others get 403 before anything is looked up. */
export function requireUserManager(caller: Caller): Caller {
  if (caller.role !== 'super_admin' && caller.role !== 'institution_admin') {
    throw httpError(403, ERRORS.noPermissionManageUsers);
  }
  return caller;
}
