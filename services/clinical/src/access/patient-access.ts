/**
 * Who may see and change which patients (spec 1 §6, issue 3 item 2): one pure module that the read queries,
 * the decider and the routes all use, so the list, the detail and the writes agree on every role.
 */
import type { Role } from '@labline/contracts';

/** The signed-in user as clinical knows them from identity's events (current role and institutions). */
export interface Caller {
  userId: number;
  role: Role;
  /** The primary institution and, for a clinician, the linked ones. */
  institutionIds: readonly number[];
}

/** Which patients a caller reads: everything, those of some institutions, or a clinician's own there. */
export type PatientScope =
  | { kind: 'all' }
  | { kind: 'institutions'; institutionIds: readonly number[] }
  | { kind: 'clinician'; clinicianId: number; institutionIds: readonly number[] }
  | { kind: 'none' };

export function patientScope(caller: Caller): PatientScope {
  switch (caller.role) {
    case 'super_admin':
      return { kind: 'all' };
    case 'institution_admin':
    case 'lab_user':
    case 'client_admin':
      return { kind: 'institutions', institutionIds: caller.institutionIds };
    case 'clinician':
      // 'My Patients': the patients assigned to them within their institutions.
      return { kind: 'clinician', clinicianId: caller.userId, institutionIds: caller.institutionIds };
    case 'fulfillment_agent':
      return { kind: 'none' };
  }
}

/** Roles with the patients section (fulfillment agents have none): anything else answers 403. */
export const mayUsePatients = (role: Role): boolean => role !== 'fulfillment_agent';

export const mayCreatePatients = (role: Role): boolean => mayUsePatients(role) && role !== 'lab_user';

export const mayDeletePatients = (role: Role): boolean => role === 'super_admin' || role === 'institution_admin';

/** Whether the caller may edit a patient they can see (a clinician sees only their own patients). */
export const mayEditPatients = (role: Role): boolean =>
  role === 'super_admin' || role === 'institution_admin' || role === 'clinician';

export function isPatientVisible(
  scope: PatientScope,
  patient: { institution_ids: readonly number[]; clinician_id: number | null },
): boolean {
  const inInstitutions = (ids: readonly number[]) => patient.institution_ids.some((id) => ids.includes(id));
  switch (scope.kind) {
    case 'all':
      return true;
    case 'institutions':
      return inInstitutions(scope.institutionIds);
    case 'clinician':
      return patient.clinician_id === scope.clinicianId && inInstitutions(scope.institutionIds);
    case 'none':
      return false;
  }
}

/** Institutions a caller may file patients under: any for super_admin, else their own. */
export const mayUseInstitution = (caller: Caller, institutionId: number): boolean =>
  caller.role === 'super_admin' || caller.institutionIds.includes(institutionId);
