/**
 * clinical's reads bound to their caller (Medplum's `getRepoForLogin`): a route gets this repository from its
 * caller and cannot reach a read model without the caller's tenant and ownership scope (lint keeps route
 * files from importing the projections' queries).
 */
import {
  canListInstitutionPatients,
  patientScope,
  type Caller,
  type Patient,
  type PatientListQuery,
} from '@labline/contracts';
import type { DatabasePool } from 'slonik';
import { findPatient, listInstitutionPatients, listPatients, type PatientPage } from './projections/patients/queries';

export interface ClinicalReads {
  /** The patients list of the caller's scope. */
  patients(query: PatientListQuery): Promise<PatientPage>;
  /** A patient the caller may see, or null (unknown and out of scope look the same). */
  patient(id: number): Promise<Patient | null>;
  /** An institution's patients the caller may see, or null when the institution is not theirs. */
  institutionPatients(institutionId: number): ReturnType<typeof listInstitutionPatients> | null;
}

export function clinicalReads(pool: DatabasePool, caller: Caller): ClinicalReads {
  const scope = patientScope(caller);
  return {
    patients: (query) => listPatients(pool, scope, query),
    patient: (id) => findPatient(pool, scope, id),
    institutionPatients: (institutionId) =>
      canListInstitutionPatients(caller, institutionId) ? listInstitutionPatients(pool, scope, institutionId) : null,
  };
}
