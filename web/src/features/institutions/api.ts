import {
  ERRORS,
  type institutionPatientsResponseSchema,
  type institutionResponseSchema,
  type institutionStatsResponseSchema,
  type labAssignmentListResponseSchema,
  type labAssignmentResponseSchema,
  type messageResponseSchema,
  type Institution,
  type InstitutionBody,
  type LabAssignmentBody,
  type ResponseOf,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';
import { useRecordCache } from '../../shared/useRecordCache';

export const INSTITUTIONS_PATH = '/institutions';

const institutionPath = (id: number) => `${INSTITUTIONS_PATH}/${id}`;

/** The spec gives no texts for these lists; shown in their tab when they fail. */
export const INSTITUTION_PATIENTS_LOAD_ERROR = 'Failed to load patients';
export const INSTITUTION_STATS_LOAD_ERROR = 'Failed to load institution statistics';

/** The institution for its detail page. */
export function useInstitutionDetail(id: number | null) {
  return useSWR(id === null ? null : institutionPath(id), (key: string) =>
    apiRequest<ResponseOf<typeof institutionResponseSchema>>(key, {
      defaultError: ERRORS.failedToFetchInstitutionDetails,
    }).then(({ institution }) => institution),
  );
}

/** The institution for the edit form: same call, the form's own default error (spec 3 §8). */
export function useInstitutionForEdit(id: number | null) {
  return useSWR(
    id === null ? null : ['edit', institutionPath(id)],
    ([, key]: [string, string]) =>
      apiRequest<ResponseOf<typeof institutionResponseSchema>>(key, {
        defaultError: ERRORS.failedToFetchInstitution,
      }).then(({ institution }) => institution),
    { revalidateOnFocus: false },
  );
}

export function useInstitutionStats(id: number) {
  return useSWR(`${institutionPath(id)}/stats`, (key: string) =>
    apiRequest<ResponseOf<typeof institutionStatsResponseSchema>>(key, {
      defaultError: INSTITUTION_STATS_LOAD_ERROR,
    }).then(({ stats }) => stats),
  );
}

/** Patients of the institution (clinical service, spec 3 §3 "Patient (in institution view)"). */
export function useInstitutionPatients(id: number) {
  return useSWR(`/patients/institution/${id}`, (key: string) =>
    apiRequest<ResponseOf<typeof institutionPatientsResponseSchema>>(key, {
      defaultError: INSTITUTION_PATIENTS_LOAD_ERROR,
    }).then(({ patients }) => patients),
  );
}

/** Keeps cached institutions in step with a save (shared/useRecordCache): the saved one shows at once. */
export function useInstitutionCache() {
  const cache = useRecordCache(INSTITUTIONS_PATH);
  return {
    saved: (institution: Institution) => cache.saved<Institution>(institutionPath(institution.id), () => institution),
  };
}

export async function saveInstitution(id: number | null, body: InstitutionBody): Promise<Institution> {
  const { institution } = await apiRequest<ResponseOf<typeof institutionResponseSchema>>(
    id === null ? INSTITUTIONS_PATH : institutionPath(id),
    { method: id === null ? 'POST' : 'PUT', body, defaultError: ERRORS.failedToSaveInstitution },
  );
  return institution;
}

const labAssignmentsPath = (institutionId: number) => `${institutionPath(institutionId)}/labs`;

export const labAssignmentHistoryPath = (institutionId: number, assignmentId: number) =>
  `${labAssignmentsPath(institutionId)}/${assignmentId}/history`;

/** The labs assigned to the institution (spec 3 §2 Labs tab; clinical service). */
export function useLabAssignments(institutionId: number) {
  return useSWR(labAssignmentsPath(institutionId), (key: string) =>
    apiRequest<ResponseOf<typeof labAssignmentListResponseSchema>>(key, {
      defaultError: ERRORS.failedToFetchAssignedLabs,
    }).then(({ labs }) => labs),
  );
}

export async function assignLab(institutionId: number, body: LabAssignmentBody): Promise<void> {
  await apiRequest<ResponseOf<typeof labAssignmentResponseSchema>>(labAssignmentsPath(institutionId), {
    method: 'POST',
    body,
    defaultError: ERRORS.failedToAssignLab,
  });
}

export async function removeLabAssignment(institutionId: number, assignmentId: number): Promise<void> {
  await apiRequest<ResponseOf<typeof messageResponseSchema>>(`${labAssignmentsPath(institutionId)}/${assignmentId}`, {
    method: 'DELETE',
    defaultError: ERRORS.failedToRemoveLabAssignment,
  });
}
