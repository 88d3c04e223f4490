/**
 * Which user actions a screen offers (spec 3 §2, §4, §6), in one place. Identity enforces the same rules
 * (services/identity/src/domain/user/administration.ts); these only decide which buttons are shown.
 */
import type { Role, SessionUser, User } from '@labline/contracts';

type Viewer = Pick<SessionUser, 'id' | 'role' | 'institution_id'>;
type Target = Pick<User, 'id' | 'institution_id'>;

export const USER_MANAGER_ROLES: readonly Role[] = ['super_admin', 'institution_admin'];

/**
 * Edit: super_admin any user; an institution_admin the users whose primary institution is theirs (a
 * clinician of another institution linked to theirs is visible to them but not theirs to change).
 */
export function canEditUser(viewer: Viewer, target: Target): boolean {
  if (viewer.role === 'super_admin') return true;
  return (
    viewer.role === 'institution_admin' &&
    viewer.institution_id !== null &&
    target.institution_id === viewer.institution_id
  );
}

/** Deactivate and reactivate: as edit, never on oneself. */
export function canChangeUserStatus(viewer: Viewer, target: Target): boolean {
  return viewer.id !== target.id && canEditUser(viewer, target);
}

/** Only super_admin chooses the super_admin role, the primary institution and the menu permissions. */
export function isSystemAdministrator(viewer: Pick<SessionUser, 'role'>): boolean {
  return viewer.role === 'super_admin';
}
