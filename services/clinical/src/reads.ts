/**
 * clinical's reads bound to their caller (Medplum's `getRepoForLogin`): a route gets this repository from its
 * caller and cannot reach a read model without the caller's tenant and ownership scope (lint keeps route
 * files from importing the projections' queries).
 */
import {
  canListInstitutionPatients,
  patientScope,
  type Caller,
  type HistoryEntry,
  type Patient,
  type PatientListQuery,
} from '@labline/contracts';
import { catalogueReads, type CatalogueReads, type ReadDependencies } from './catalogue-reads';
import { patientStream } from './domain/patient/events';
import { patientHistory } from './history';
import { findPatient, listInstitutionPatients, listPatients, type PatientPage } from './projections/patients/queries';
import { testRequestReads, type TestRequestReads } from './test-request-reads';

export interface ClinicalReads extends CatalogueReads, TestRequestReads {
  /** The patients list of the caller's scope. */
  patients(query: PatientListQuery): Promise<PatientPage>;
  /** A patient the caller may see, or null (unknown and out of scope look the same). */
  patient(id: number): Promise<Patient | null>;
  /** The history of a patient the caller may see, or null. */
  patientHistory(id: number): Promise<HistoryEntry[] | null>;
  /** An institution's patients the caller may see, or null when the institution is not theirs. */
  institutionPatients(institutionId: number): ReturnType<typeof listInstitutionPatients> | null;
}

export function clinicalReads(deps: ReadDependencies, caller: Caller): ClinicalReads {
  const { pool, store } = deps;
  const scope = patientScope(caller);
  return {
    ...catalogueReads(deps, caller),
    ...testRequestReads(deps, caller),
    patients: (query) => listPatients(pool, scope, query),
    patient: (id) => findPatient(pool, scope, id),
    async patientHistory(id) {
      if (!(await findPatient(pool, scope, id))) return null;
      return patientHistory(pool, await store.readStream(patientStream(id)));
    },
    institutionPatients: (institutionId) =>
      canListInstitutionPatients(caller, institutionId) ? listInstitutionPatients(pool, scope, institutionId) : null,
  };
}
