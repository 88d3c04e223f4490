/**
 * Who may open and edit an institution's detail (spec 3 §6): super_admin for every institution, the
 * institution_admin for their own. Identity enforces the same; these decide what the page offers.
 */
import type { SessionUser } from '@labline/contracts';

type Viewer = Pick<SessionUser, 'role' | 'institution_id'>;

export function canManageInstitution(viewer: Viewer, institutionId: number): boolean {
  return (
    viewer.role === 'super_admin' || (viewer.role === 'institution_admin' && viewer.institution_id === institutionId)
  );
}

/** Add User and Add Clinician on the institution detail are super_admin only (spec 3 §6). */
export function canAddUsersFromInstitution(viewer: Viewer): boolean {
  return viewer.role === 'super_admin';
}
