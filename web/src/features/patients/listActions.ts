/**
 * What the patient list offers (spec 1 §2, /patients). Add Patient is the contracts' rule; the rest are the
 * spec's presentation choices per role, not access rules (the clinical service scopes the list itself).
 */
import { canCreatePatient, type Caller } from '@labline/contracts';

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

export function patientListActions(caller: Caller): PatientListActions {
  const add = canCreatePatient(caller);
  return {
    add,
    addFromEmptyState: add && caller.role !== 'clinician',
    filterByInstitution: caller.role === 'super_admin',
    showInstitutionBanner: caller.role === 'institution_admin',
  };
}
