import {
  CLINICAL_ROUTES,
  ERRORS,
  routeUrl,
  type AnswerOf,
  type CLINICAL_CONTRACTS,
  type Patient,
  type PatientBody,
  type PatientDetail,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';
import { callRoute } from '../../app/api/routes';
import { useRecordCache } from '../../shared/useRecordCache';

/** spec 1 §9: the patient list sends a page size of 10. */
export const PATIENT_PAGE_SIZE = 10;

/**
 * The list's failure: spec 1 §8 only logs it, but a list that failed to load shows an error with Retry, never an
 * empty table (issue 22), under this title (worded as the test request list's).
 */
export const PATIENT_LIST_LOAD_ERROR = 'Failed to fetch patients';

type Contracts = typeof CLINICAL_CONTRACTS;
const PATIENTS_PATH = routeUrl(CLINICAL_ROUTES.patients);
const patientPath = (id: number) => routeUrl(CLINICAL_ROUTES.patient, { id });

export interface PatientListFilters {
  search: string;
  page: number;
  /** The super_admin institution filter; undefined for all institutions. */
  institutionId: number | undefined;
}

export function patientListPath({ search, page, institutionId }: PatientListFilters): string {
  return routeUrl(
    CLINICAL_ROUTES.patients,
    {},
    {
      page,
      limit: PATIENT_PAGE_SIZE,
      search: search.trim() === '' ? undefined : search.trim(),
      institution_id: institutionId,
    },
  );
}

/** The list keeps showing the previous page while the next one loads, so the table does not flash empty. */
export function usePatients(filters: PatientListFilters) {
  const path = patientListPath(filters);
  return useSWR(
    path,
    () => apiRequest<AnswerOf<Contracts['patients']>>(path, { defaultError: PATIENT_LIST_LOAD_ERROR }),
    {
      keepPreviousData: true,
    },
  );
}

export function usePatientDetail(id: number | null) {
  const path = id === null ? null : patientPath(id);
  return useSWR(path, (key: string) =>
    apiRequest<AnswerOf<Contracts['patient']>>(key, {
      defaultError: ERRORS.failedToFetchPatientDetails,
    }).then(({ patient }) => patient),
  );
}

/** The patient for the edit form: same call, the form's own default error (spec 1 §8). */
export function usePatientForEdit(id: number | null) {
  const path = id === null ? null : patientPath(id);
  return useSWR(
    path === null ? null : ['edit', path],
    ([, key]: [string, string]) =>
      apiRequest<AnswerOf<Contracts['patient']>>(key, {
        defaultError: ERRORS.failedToFetchPatient,
      }).then(({ patient }) => patient),
    { revalidateOnFocus: false },
  );
}

/** Keeps cached patients in step with a save or delete (shared/useRecordCache). */
export function usePatientCache() {
  const cache = useRecordCache(PATIENTS_PATH);
  return {
    /** The saved patient's detail keeps its test requests, which the save does not answer. */
    saved: (patient: Patient) =>
      cache.saved<PatientDetail>(patientPath(patient.id), (current) => ({
        ...patient,
        test_requests: current?.test_requests ?? [],
      })),
    deleted: () => cache.changed(),
  };
}

export async function savePatient(id: number | null, body: PatientBody): Promise<Patient> {
  const options = { body, defaultError: ERRORS.failedToSavePatient };
  const { patient } =
    id === null
      ? await callRoute<Contracts['createPatient']>(CLINICAL_ROUTES.createPatient, {}, options)
      : await callRoute<Contracts['updatePatient']>(CLINICAL_ROUTES.updatePatient, { id }, options);
  return patient;
}

export async function deletePatient(id: number): Promise<void> {
  await callRoute<Contracts['deletePatient']>(
    CLINICAL_ROUTES.deletePatient,
    { id },
    { defaultError: ERRORS.failedToDeletePatient },
  );
}
