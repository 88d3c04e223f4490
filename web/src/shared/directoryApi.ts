/**
 * The lists that several areas pick from (institutions, an institution's clinicians): one hook each, so
 * every screen shares one cache entry and one error text per list.
 */
import {
  ERRORS,
  IDENTITY_ROUTES,
  routeUrl,
  type AnswerOf,
  type Caller,
  type IDENTITY_CONTRACTS,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../app/api/client';

/** The spec gives no text for a failed clinician list; shown where the list is used. */
export const CLINICIANS_LOAD_ERROR = 'Failed to load clinicians';

/** spec 1 §6: administrators load the full list, clinicians their own institutions. */
function institutionListPath(caller: Pick<Caller, 'role'>): string {
  return routeUrl(caller.role === 'clinician' ? IDENTITY_ROUTES.myInstitutions : IDENTITY_ROUTES.institutions);
}

/** Every institution the caller may see; `enabled` false loads nothing (a screen that does not need it). */
export function useInstitutionList(caller: Pick<Caller, 'role'>, enabled = true) {
  return useSWR(enabled ? institutionListPath(caller) : null, (key: string) =>
    apiRequest<AnswerOf<(typeof IDENTITY_CONTRACTS)['institutions']>>(key, {
      defaultError: ERRORS.failedToFetchInstitutions,
    }).then(({ institutions }) => institutions),
  );
}

/** The clinicians of an institution; nothing while no institution is chosen. */
export function useInstitutionClinicians(institutionId: number | undefined) {
  const path =
    institutionId === undefined ? null : routeUrl(IDENTITY_ROUTES.institutionClinicians, { id: institutionId });
  return useSWR(path, (key: string) =>
    apiRequest<AnswerOf<(typeof IDENTITY_CONTRACTS)['institutionClinicians']>>(key, {
      defaultError: CLINICIANS_LOAD_ERROR,
    }).then(({ clinicians }) => clinicians),
  );
}
