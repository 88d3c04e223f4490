import {
  CLINICAL_ROUTES,
  ERRORS,
  IDENTITY_ROUTES,
  routeUrl,
  type AnswerOf,
  type CLINICAL_CONTRACTS,
  type IDENTITY_CONTRACTS,
  type Institution,
  type InstitutionBody,
  type LabAssignmentBody,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';
import { callRoute } from '../../app/api/routes';
import { useRecordCache } from '../../shared/useRecordCache';

type Identity = typeof IDENTITY_CONTRACTS;
type Clinical = typeof CLINICAL_CONTRACTS;

export const INSTITUTIONS_PATH = routeUrl(IDENTITY_ROUTES.institutions);

const institutionPath = (id: number) => routeUrl(IDENTITY_ROUTES.institution, { id });

/** The spec gives no texts for these lists; shown in their tab when they fail. */
export const INSTITUTION_PATIENTS_LOAD_ERROR = 'Failed to load patients';
export const INSTITUTION_STATS_LOAD_ERROR = 'Failed to load institution statistics';

/** The institution for its detail page. */
export function useInstitutionDetail(id: number | null) {
  return useSWR(id === null ? null : institutionPath(id), (key: string) =>
    apiRequest<AnswerOf<Identity['institution']>>(key, {
      defaultError: ERRORS.failedToFetchInstitutionDetails,
    }).then(({ institution }) => institution),
  );
}

/** The institution for the edit form: same call, the form's own default error (spec 3 §8). */
export function useInstitutionForEdit(id: number | null) {
  return useSWR(
    id === null ? null : ['edit', institutionPath(id)],
    ([, key]: [string, string]) =>
      apiRequest<AnswerOf<Identity['institution']>>(key, {
        defaultError: ERRORS.failedToFetchInstitution,
      }).then(({ institution }) => institution),
    { revalidateOnFocus: false },
  );
}

export function useInstitutionStats(id: number) {
  return useSWR(routeUrl(IDENTITY_ROUTES.institutionStats, { id }), (key: string) =>
    apiRequest<AnswerOf<Identity['institutionStats']>>(key, {
      defaultError: INSTITUTION_STATS_LOAD_ERROR,
    }).then(({ stats }) => stats),
  );
}

/** Patients of the institution (clinical service, spec 3 §3 "Patient (in institution view)"). */
export function useInstitutionPatients(id: number) {
  return useSWR(routeUrl(CLINICAL_ROUTES.institutionPatients, { id }), (key: string) =>
    apiRequest<AnswerOf<Clinical['institutionPatients']>>(key, {
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
  const options = { body, defaultError: ERRORS.failedToSaveInstitution };
  const { institution } =
    id === null
      ? await callRoute<Identity['createInstitution']>(IDENTITY_ROUTES.createInstitution, {}, options)
      : await callRoute<Identity['updateInstitution']>(IDENTITY_ROUTES.updateInstitution, { id }, options);
  return institution;
}

export const labAssignmentHistoryPath = (institutionId: number, assignmentId: number) =>
  routeUrl(CLINICAL_ROUTES.labAssignmentHistory, { id: institutionId, assignmentId });

/** The labs assigned to the institution (spec 3 §2 Labs tab; clinical service). */
export function useLabAssignments(institutionId: number) {
  return useSWR(routeUrl(CLINICAL_ROUTES.labAssignments, { id: institutionId }), (key: string) =>
    apiRequest<AnswerOf<Clinical['labAssignments']>>(key, {
      defaultError: ERRORS.failedToFetchAssignedLabs,
    }).then(({ labs }) => labs),
  );
}

export async function assignLab(institutionId: number, body: LabAssignmentBody): Promise<void> {
  await callRoute<Clinical['assignLab']>(
    CLINICAL_ROUTES.assignLab,
    { id: institutionId },
    { body, defaultError: ERRORS.failedToAssignLab },
  );
}

export async function removeLabAssignment(institutionId: number, assignmentId: number): Promise<void> {
  await callRoute<Clinical['removeLabAssignment']>(
    CLINICAL_ROUTES.removeLabAssignment,
    { id: institutionId, assignmentId },
    { defaultError: ERRORS.failedToRemoveLabAssignment },
  );
}
