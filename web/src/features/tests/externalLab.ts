/**
 * The external lab integration panel's calls (spec 1 §7 "Results and external lab", §8): a result created for the
 * laboratory, its API status (followed while the laboratory works on the order), a sync, and the provider's
 * submit-order and fetch-results. Each with spec 1 §8's default error text.
 */
import {
  EXTERNAL_LAB_PROVIDERS,
  EXTERNAL_LAB_TEXTS,
  RESULTS_ROUTES,
  routeUrl,
  type AnswerOf,
  type ExternalApiStatus,
  type RESULTS_CONTRACTS,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';
import { callRoute } from '../../app/api/routes';

type Contracts = typeof RESULTS_CONTRACTS;

/** The one adapter there is: the FHIR R4 laboratory. */
const PROVIDER = EXTERNAL_LAB_PROVIDERS[0];

/** While the laboratory has the order, its status is asked again this often (the service's poll moves it). */
const FOLLOW_MS = 2_000;
const followed = (status: ExternalApiStatus | undefined) =>
  status !== undefined &&
  status.api_enabled &&
  (status.external_api_status === 'submitted' ||
    status.external_api_status === 'sample_received' ||
    (status.external_api_status === 'complete' && !status.has_external_data));

export const apiStatusPath = (resultId: number) => routeUrl(RESULTS_ROUTES.apiStatus, { id: resultId });

/** GET /results/{id}/api-status ('Failed to load API status'), followed while the laboratory works. */
export function useApiStatus(resultId: number | null) {
  return useSWR(
    resultId === null ? null : apiStatusPath(resultId),
    async (key: string) =>
      (await apiRequest<AnswerOf<Contracts['apiStatus']>>(key, { defaultError: EXTERNAL_LAB_TEXTS.failedToLoadStatus }))
        .api_status,
    { refreshInterval: (status) => (followed(status) ? FOLLOW_MS : 0) },
  );
}

/** POST /results/create ('Failed to create test result'): answers the new result's id. */
export async function createResultForExternalLab(testRequestId: number): Promise<number> {
  const result = await callRoute<Contracts['createForExternalLab']>(
    RESULTS_ROUTES.createForExternalLab,
    {},
    { body: { test_request_id: testRequestId }, defaultError: EXTERNAL_LAB_TEXTS.failedToCreateResult },
  );
  return result.id;
}

export async function submitExternalOrder(testRequestId: number): Promise<ExternalApiStatus> {
  const answer = await callRoute<Contracts['submitExternalOrder']>(
    RESULTS_ROUTES.submitExternalOrder,
    { provider: PROVIDER, testRequestId },
    { defaultError: EXTERNAL_LAB_TEXTS.failedToSubmit },
  );
  return answer.api_status;
}

/** Answers the status, and the service's note when the results are not in yet. */
export async function fetchExternalResults(
  testRequestId: number,
): Promise<{ status: ExternalApiStatus; message: string | null }> {
  const answer = await callRoute<Contracts['fetchExternalResults']>(
    RESULTS_ROUTES.fetchExternalResults,
    { provider: PROVIDER, testRequestId },
    { defaultError: EXTERNAL_LAB_TEXTS.failedToFetch },
  );
  return { status: answer.api_status, message: answer.message };
}

export async function syncExternalStatus(resultId: number): Promise<ExternalApiStatus> {
  const answer = await callRoute<Contracts['syncStatus']>(
    RESULTS_ROUTES.syncStatus,
    { id: resultId },
    { defaultError: EXTERNAL_LAB_TEXTS.failedToSync },
  );
  return answer.api_status;
}
