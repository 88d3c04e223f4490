import {
  ERRORS,
  clinicianListResponseSchema,
  institutionListResponseSchema,
  patientDetailResponseSchema,
  patientListResponseSchema,
  patientResponseSchema,
  type Patient,
  type PatientBody,
  type PatientDetail,
  type SessionUser,
} from '@labline/contracts';
import useSWR, { useSWRConfig } from 'swr';
import { IGNORE_RESPONSE_BODY, apiRequest } from '../../app/api/client';

/** spec 1 §9: the patient list sends a page size of 10. */
export const PATIENT_PAGE_SIZE = 10;

/** The list's failures are only logged (spec 1 §8), so this text never reaches the screen. */
const PATIENT_LIST_LOG_TEXT = 'Failed to fetch patients';
/** The spec gives no text for the clinician list; shown under the form's clinician field. */
export const CLINICIANS_LOAD_ERROR = 'Failed to load clinicians';

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
  return useSWR(path, () => apiRequest(path, patientListResponseSchema, { defaultError: PATIENT_LIST_LOG_TEXT }), {
    keepPreviousData: true,
  });
}

export function usePatientDetail(id: number | null) {
  const path = id === null ? null : `${PATIENTS_PATH}/${id}`;
  return useSWR(path, (key: string) =>
    apiRequest(key, patientDetailResponseSchema, { defaultError: ERRORS.failedToFetchPatientDetails }).then(
      ({ patient }) => patient,
    ),
  );
}

/** The patient for the edit form: same call, the form's own default error (spec 1 §8). */
export function usePatientForEdit(id: number | null) {
  const path = id === null ? null : `${PATIENTS_PATH}/${id}`;
  return useSWR(
    path === null ? null : ['edit', path],
    ([, key]: [string, string]) =>
      apiRequest(key, patientDetailResponseSchema, { defaultError: ERRORS.failedToFetchPatient }).then(
        ({ patient }) => patient,
      ),
    { revalidateOnFocus: false },
  );
}

/** spec 1 §6: administrators load the full list, clinicians their own institutions. */
export function institutionListPath(user: SessionUser): string {
  return user.role === 'clinician' ? '/institutions/my' : '/institutions';
}

export function useInstitutionOptions(user: SessionUser, enabled = true) {
  const path = enabled ? institutionListPath(user) : null;
  return useSWR(path, (key: string) =>
    apiRequest(key, institutionListResponseSchema, { defaultError: ERRORS.failedToFetchInstitutions }).then(
      ({ institutions }) => institutions,
    ),
  );
}

export function useInstitutionClinicians(institutionId: number | undefined) {
  const path = institutionId === undefined ? null : `/institutions/${institutionId}/clinicians`;
  return useSWR(path, (key: string) =>
    apiRequest(key, clinicianListResponseSchema, { defaultError: CLINICIANS_LOAD_ERROR }).then(
      ({ clinicians }) => clinicians,
    ),
  );
}

const isPatientKey = (key: unknown) =>
  (typeof key === 'string' && key.startsWith(PATIENTS_PATH)) ||
  (Array.isArray(key) && typeof key[1] === 'string' && key[1].startsWith(PATIENTS_PATH));

/**
 * Keeps cached patients in step with a save or delete: the saved patient's detail is the server's answer
 * (so the detail page shows the change at once), and every cached list and detail is fetched again.
 */
export function usePatientCache() {
  const { mutate } = useSWRConfig();
  return {
    async saved(patient: Patient) {
      await mutate<PatientDetail>(
        `${PATIENTS_PATH}/${patient.id}`,
        (current) => ({ ...patient, test_requests: current?.test_requests ?? [] }),
        { revalidate: false },
      );
      void mutate((key) => isPatientKey(key) && key !== `${PATIENTS_PATH}/${patient.id}`);
    },
    deleted() {
      void mutate(isPatientKey);
    },
  };
}

export async function savePatient(id: number | null, body: PatientBody): Promise<Patient> {
  const { patient } = await apiRequest(id === null ? PATIENTS_PATH : `${PATIENTS_PATH}/${id}`, patientResponseSchema, {
    method: id === null ? 'POST' : 'PUT',
    body,
    defaultError: ERRORS.failedToSavePatient,
  });
  return patient;
}

export function deletePatient(id: number): Promise<void> {
  return apiRequest(`${PATIENTS_PATH}/${id}`, IGNORE_RESPONSE_BODY, {
    method: 'DELETE',
    defaultError: ERRORS.failedToDeletePatient,
  });
}
