/**
 * Which patient actions the page offers (spec 1 §6, Patients), in one place. The clinical service enforces
 * the same rules; these only decide which buttons are shown.
 */
import type { Role, SessionUser } from '@labline/contracts';

const PATIENT_ADMINISTRATORS: readonly Role[] = ['super_admin', 'institution_admin'];

export interface PatientListActions {
  /** The header's Add Patient button. */
  add: boolean;
  /** The empty state's Add Patient button: for neither lab users nor clinicians. */
  addFromEmptyState: boolean;
  /** The institution filter. */
  filterByInstitution: boolean;
  /** The institution banner. */
  showInstitutionBanner: boolean;
}

export function patientListActions(user: Pick<SessionUser, 'role'>): PatientListActions {
  return {
    add: user.role !== 'lab_user',
    addFromEmptyState: user.role !== 'lab_user' && user.role !== 'clinician',
    filterByInstitution: user.role === 'super_admin',
    showInstitutionBanner: user.role === 'institution_admin',
  };
}

export interface PatientActions {
  edit: boolean;
  delete: boolean;
}

/** Administrators edit and delete any patient in scope; a clinician edits the patients assigned to them. */
export function patientActions(
  user: Pick<SessionUser, 'id' | 'role'>,
  patient: { clinician_id: number | null },
): PatientActions {
  const administrator = PATIENT_ADMINISTRATORS.includes(user.role);
  return {
    edit: administrator || (user.role === 'clinician' && patient.clinician_id === user.id),
    delete: administrator,
  };
}
