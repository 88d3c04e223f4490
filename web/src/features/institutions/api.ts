import {
  ERRORS,
  clinicianListResponseSchema,
  institutionListResponseSchema,
  institutionPatientsResponseSchema,
  institutionResponseSchema,
  institutionStatsResponseSchema,
  type Institution,
  type InstitutionBody,
} from '@labline/contracts';
import useSWR, { useSWRConfig } from 'swr';
import { apiRequest } from '../../app/api/client';

export const INSTITUTIONS_PATH = '/institutions';

const institutionPath = (id: number) => `${INSTITUTIONS_PATH}/${id}`;

/** The spec gives no texts for these lists; shown in their tab when they fail. */
export const CLINICIANS_LOAD_ERROR = 'Failed to load clinicians';
export const INSTITUTION_PATIENTS_LOAD_ERROR = 'Failed to load patients';
export const INSTITUTION_STATS_LOAD_ERROR = 'Failed to load institution statistics';

/** Every institution the caller may see: the whole list for super_admin, their own for others. */
export function useInstitutions(enabled = true) {
  return useSWR(enabled ? INSTITUTIONS_PATH : null, (key: string) =>
    apiRequest(key, institutionListResponseSchema, { defaultError: ERRORS.failedToFetchInstitutions }).then(
      ({ institutions }) => institutions,
    ),
  );
}

/** The institution for its detail page. */
export function useInstitutionDetail(id: number | null) {
  return useSWR(id === null ? null : institutionPath(id), (key: string) =>
    apiRequest(key, institutionResponseSchema, { defaultError: ERRORS.failedToFetchInstitutionDetails }).then(
      ({ institution }) => institution,
    ),
  );
}

/** The institution for the edit form: same call, the form's own default error (spec 3 §8). */
export function useInstitutionForEdit(id: number | null) {
  return useSWR(
    id === null ? null : ['edit', institutionPath(id)],
    ([, key]: [string, string]) =>
      apiRequest(key, institutionResponseSchema, { defaultError: ERRORS.failedToFetchInstitution }).then(
        ({ institution }) => institution,
      ),
    { revalidateOnFocus: false },
  );
}

export function useInstitutionStats(id: number) {
  return useSWR(`${institutionPath(id)}/stats`, (key: string) =>
    apiRequest(key, institutionStatsResponseSchema, { defaultError: INSTITUTION_STATS_LOAD_ERROR }).then(
      ({ stats }) => stats,
    ),
  );
}

export function useInstitutionClinicians(id: number) {
  return useSWR(`${institutionPath(id)}/clinicians`, (key: string) =>
    apiRequest(key, clinicianListResponseSchema, { defaultError: CLINICIANS_LOAD_ERROR }).then(
      ({ clinicians }) => clinicians,
    ),
  );
}

/** Patients of the institution (clinical service, spec 3 §3 "Patient (in institution view)"). */
export function useInstitutionPatients(id: number) {
  return useSWR(`/patients/institution/${id}`, (key: string) =>
    apiRequest(key, institutionPatientsResponseSchema, { defaultError: INSTITUTION_PATIENTS_LOAD_ERROR }).then(
      ({ patients }) => patients,
    ),
  );
}

/** Drops every cached institution list and detail, so the screens show a saved institution at once. */
export function useRevalidateInstitutions() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) =>
        (typeof key === 'string' && key.startsWith(INSTITUTIONS_PATH)) ||
        (Array.isArray(key) && typeof key[1] === 'string' && key[1].startsWith(INSTITUTIONS_PATH)),
      undefined,
      { revalidate: true },
    );
}

export async function saveInstitution(id: number | null, body: InstitutionBody): Promise<Institution> {
  const { institution } = await apiRequest(
    id === null ? INSTITUTIONS_PATH : institutionPath(id),
    institutionResponseSchema,
    { method: id === null ? 'POST' : 'PUT', body, defaultError: ERRORS.failedToSaveInstitution },
  );
  return institution;
}
