import {
  ERRORS,
  type patientDetailResponseSchema,
  type patientListResponseSchema,
  type patientResponseSchema,
  type Patient,
  type PatientBody,
  type PatientDetail,
  type ResponseOf,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';
import { useRecordCache } from '../../shared/useRecordCache';

/** spec 1 §9: the patient list sends a page size of 10. */
export const PATIENT_PAGE_SIZE = 10;

/** The list's failures are only logged (spec 1 §8), so this text never reaches the screen. */
const PATIENT_LIST_LOG_TEXT = 'Failed to fetch patients';

const PATIENTS_PATH = '/patients';

export interface PatientListFilters {
  search: string;
  page: number;
  /** The super_admin institution filter; undefined for all institutions. */
  institutionId: number | undefined;
}

export function patientListPath({ search, page, institutionId }: PatientListFilters): string {
  const query = new URLSearchParams({ page: String(page), limit: String(PATIENT_PAGE_SIZE) });
  if (search.trim() !== '') query.set('search', search.trim());
  if (institutionId !== undefined) query.set('institution_id', String(institutionId));
  return `${PATIENTS_PATH}?${query.toString()}`;
}

/** The list keeps showing the previous page while the next one loads, so the table does not flash empty. */
export function usePatients(filters: PatientListFilters) {
  const path = patientListPath(filters);
  return useSWR(
    path,
    () => apiRequest<ResponseOf<typeof patientListResponseSchema>>(path, { defaultError: PATIENT_LIST_LOG_TEXT }),
    {
      keepPreviousData: true,
    },
  );
}

export function usePatientDetail(id: number | null) {
  const path = id === null ? null : `${PATIENTS_PATH}/${id}`;
  return useSWR(path, (key: string) =>
    apiRequest<ResponseOf<typeof patientDetailResponseSchema>>(key, {
      defaultError: ERRORS.failedToFetchPatientDetails,
    }).then(({ patient }) => patient),
  );
}

/** The patient for the edit form: same call, the form's own default error (spec 1 §8). */
export function usePatientForEdit(id: number | null) {
  const path = id === null ? null : `${PATIENTS_PATH}/${id}`;
  return useSWR(
    path === null ? null : ['edit', path],
    ([, key]: [string, string]) =>
      apiRequest<ResponseOf<typeof patientDetailResponseSchema>>(key, {
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
      cache.saved<PatientDetail>(`${PATIENTS_PATH}/${patient.id}`, (current) => ({
        ...patient,
        test_requests: current?.test_requests ?? [],
      })),
    deleted: () => cache.changed(),
  };
}

export async function savePatient(id: number | null, body: PatientBody): Promise<Patient> {
  const { patient } = await apiRequest<ResponseOf<typeof patientResponseSchema>>(
    id === null ? PATIENTS_PATH : `${PATIENTS_PATH}/${id}`,
    {
      method: id === null ? 'POST' : 'PUT',
      body,
      defaultError: ERRORS.failedToSavePatient,
    },
  );
  return patient;
}

export function deletePatient(id: number): Promise<void> {
  return apiRequest<void>(`${PATIENTS_PATH}/${id}`, {
    method: 'DELETE',
    defaultError: ERRORS.failedToDeletePatient,
  });
}
