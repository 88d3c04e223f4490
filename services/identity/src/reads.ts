/**
 * identity's reads bound to their caller (Medplum's `getRepoForLogin`): a route gets this repository from its
 * caller and cannot reach a read model without the caller's tenant scope (lint keeps route files from
 * importing the projections' queries). A read outside the scope answers null, as an unknown id does (404).
 */
import {
  canEditInstitution,
  canManageUsers,
  institutionScope,
  userDetailScope,
  userListScope,
  type Caller,
  type Clinician,
  type Institution,
  type InstitutionStats,
  type SessionUser,
  type Pagination,
  type User,
  type UserPick,
  type UserListQuery,
} from '@labline/contracts';
import type { DatabasePool } from 'slonik';
import {
  findInstitution,
  institutionStats,
  listInstitutionClinicians,
  listInstitutions,
} from './projections/institutions/queries';
import { findUser, listUsers } from './projections/users/administration-queries';
import { findOpenSession } from './projections/sessions/queries';
import { findSessionUser } from './projections/users/queries';

export interface IdentityReads {
  /**
   * The users list, or null when the caller may not list these users (403): full records for those who
   * administer users, picker entries (id, name, role) for everyone else.
   */
  users(query: UserListQuery): Promise<{ users: (User | UserPick)[]; pagination: Pagination }> | null;
  user(id: number): Promise<User | null>;
  /** The caller's own session user (profile, refresh). */
  me(): Promise<SessionUser | null>;
  /** One of the caller's own sessions while it is open (the token's), or null. */
  session(sessionId: string): Promise<{ sessionId: string; expiresAt: string } | null>;
  institutions(): Promise<Institution[]>;
  /** The caller's own institutions (the primary one and a clinician's linked ones), for super_admin too. */
  myInstitutions(): Promise<Institution[]>;
  institution(id: number): Promise<Institution | null>;
  institutionClinicians(id: number): Promise<Clinician[] | null>;
  institutionStats(id: number): Promise<InstitutionStats | null>;
}

const pickOf = (user: User): UserPick => ({
  id: user.id,
  first_name: user.first_name,
  last_name: user.last_name,
  role: user.role,
});

export function identityReads(pool: DatabasePool, caller: Caller): IdentityReads {
  const institution = (id: number) => findInstitution(pool, institutionScope(caller), id);
  const ifVisible =
    <T>(read: (id: number) => Promise<T>) =>
    async (id: number): Promise<T | null> =>
      (await institution(id)) ? read(id) : null;
  return {
    users(query) {
      const allowed = userListScope(caller, { role: query.role, isActive: query.is_active });
      if (!allowed) return null;
      const page = listUsers(pool, allowed.scope, {
        search: query.search,
        role: query.role,
        institutionId: query.institution_id,
        isActive: allowed.isActive,
        page: query.page,
        limit: query.limit,
      });
      if (canManageUsers(caller)) return page;
      return page.then(({ users, pagination }) => ({ users: users.map(pickOf), pagination }));
    },
    user: (id) => findUser(pool, userDetailScope(caller), id),
    me: () => findSessionUser(pool, caller.userId),
    async session(sessionId) {
      const open = await findOpenSession(pool, sessionId);
      return open && open.user_id === caller.userId ? { sessionId, expiresAt: open.expires_at } : null;
    },
    institutions: () => listInstitutions(pool, institutionScope(caller)),
    myInstitutions: () => listInstitutions(pool, { kind: 'ids', ids: caller.institutionIds }),
    institution,
    // The institution's administrators see the e-mails (its Clinicians tab); the patient form's picker does not.
    institutionClinicians: ifVisible(async (id) => {
      const clinicians = await listInstitutionClinicians(pool, id);
      return canEditInstitution(caller, id) ? clinicians : clinicians.map(({ email: _email, ...pick }) => pick);
    }),
    institutionStats: ifVisible((id) => institutionStats(pool, id)),
  };
}
