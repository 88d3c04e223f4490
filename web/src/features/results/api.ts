import {
  CATALOGUE_ROUTES,
  CLINICAL_ROUTES,
  RESULTS_ROUTES,
  RESULT_LIMITS,
  RESULT_TEXTS,
  routeUrl,
  type AnswerOf,
  type CLINICAL_CONTRACTS,
  type RESULTS_CONTRACTS,
  type ResultBody,
  type ResultDetail,
  type ResultStatus,
  type TestRequest,
  type TestRequestStatus,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';
import { callRoute } from '../../app/api/routes';
import { useRecordCache } from '../../shared/useRecordCache';

type Contracts = typeof RESULTS_CONTRACTS;
type Clinical = typeof CLINICAL_CONTRACTS;

const RESULTS_PATH = routeUrl(RESULTS_ROUTES.list);

/** The list's filters (spec 2 §2.7, §7) and page, as the address holds them. */
export interface ResultListFilters {
  page: number;
  /** The applied search term ('' for none): sent only once applied (Enter or Search). */
  search: string;
  status: ResultStatus | undefined;
}

/** GET /results (20 a page, spec 2 §9); the previous page stays shown while the next loads. */
export function useResultList(filters: ResultListFilters) {
  const path = routeUrl(
    RESULTS_ROUTES.list,
    {},
    {
      page: filters.page,
      limit: RESULT_LIMITS.pageSize,
      search: filters.search === '' ? undefined : filters.search,
      status: filters.status,
    },
  );
  return useSWR(
    path,
    (key: string) => apiRequest<AnswerOf<Contracts['list']>>(key, { defaultError: RESULT_TEXTS.failedToFetchResults }),
    { keepPreviousData: true },
  );
}

const resultPath = (id: number) => routeUrl(RESULTS_ROUTES.item, { id });

/** GET /results/{id}: the detail page's (Failed to fetch test result details). */
export function useResult(id: number | null) {
  return useSWR(id === null ? null : resultPath(id), (key: string) =>
    apiRequest<AnswerOf<Contracts['item']>>(key, { defaultError: RESULT_TEXTS.failedToFetchDetails }),
  );
}

/** The same call for the edit form, with the form's own default error (Failed to fetch test result). */
export function useResultForEdit(id: number | null) {
  return useSWR(
    id === null ? null : ['edit', resultPath(id)],
    ([, key]: [string, string]) =>
      apiRequest<AnswerOf<Contracts['item']>>(key, { defaultError: RESULT_TEXTS.failedToFetchResult }),
    { revalidateOnFocus: false },
  );
}

export function fetchResult(id: number): Promise<ResultDetail> {
  return callRoute<Contracts['item']>(RESULTS_ROUTES.item, { id }, { defaultError: RESULT_TEXTS.failedToFetchDetails });
}

/** A result's versions (GET /results/{id}/history), as the History tab reads them. */
export const resultHistoryPath = (id: number) => routeUrl(RESULTS_ROUTES.history, { id });

/** Keeps the cached lists and details in step with a change (shared/useRecordCache). */
export function useResultCache() {
  const cache = useRecordCache(RESULTS_PATH);
  return {
    saved: (result: ResultDetail) => cache.saved<ResultDetail>(resultPath(result.id), () => result),
    changed: () => cache.changed(),
  };
}

/** POST /results or PUT /results/{id}: the form's body (spec 2 §7). */
export function saveResult(id: number | null, body: ResultBody): Promise<ResultDetail> {
  const options = { body, defaultError: RESULT_TEXTS.failedToSave };
  return id === null
    ? callRoute<Contracts['create']>(RESULTS_ROUTES.create, {}, options)
    : callRoute<Contracts['update']>(RESULTS_ROUTES.update, { id }, options);
}

/** POST /results/{id}/review: body id and status (the Review menu). */
export function reviewResult(id: number, status: ResultStatus): Promise<ResultDetail> {
  return callRoute<Contracts['review']>(
    RESULTS_ROUTES.review,
    { id },
    { body: { id, status }, defaultError: RESULT_TEXTS.failedToMarkReviewed },
  );
}

/**
 * The statuses of the test requests a result is entered for. spec 2 §7 loads the completed ones; in Labline a
 * request becomes completed only when its result is released (docs/architecture.md, results), so the requests
 * in the laboratory and those whose kit was fulfilled are listed too.
 */
export const ENTRY_TEST_REQUEST_STATUSES: readonly TestRequestStatus[] = ['completed', 'in_progress', 'fulfilled'];
/** The spec gives no text for this lookup; shown above the select. */
export const ENTRY_REQUESTS_LOAD_ERROR = 'Failed to load test requests';

/**
 * The result form's test requests (GET /tests/requests with each status and limit=100, newest first): the
 * caller's own institutions' (the service scopes the list), merged and sorted newest first.
 */
export function useEntryTestRequests(enabled: boolean) {
  return useSWR(enabled ? ['result-entry-requests', ...ENTRY_TEST_REQUEST_STATUSES] : null, async () => {
    const lists = await Promise.all(
      ENTRY_TEST_REQUEST_STATUSES.map((status) =>
        apiRequest<AnswerOf<Clinical['testRequests']>>(
          routeUrl(CLINICAL_ROUTES.testRequests, {}, { status, limit: RESULT_LIMITS.entryTestRequests }),
          { defaultError: ENTRY_REQUESTS_LOAD_ERROR },
        ),
      ),
    );
    const requests: TestRequest[] = lists.flatMap((list) => list.requests);
    return requests.sort((a, b) => b.requested_at.localeCompare(a.requested_at));
  });
}

/** GET /tests/requests/{id}: the side panel's test information. */
export function useResultTestRequest(id: number | null) {
  return useSWR(id === null ? null : ['result-entry-request', id], ([, requestId]: [string, number]) =>
    callRoute<Clinical['testRequest']>(
      CLINICAL_ROUTES.testRequest,
      { id: requestId },
      { defaultError: RESULT_TEXTS.failedToFetchResult },
    ).then(({ request }) => request),
  );
}

/** GET /cms/markers with institution_id: the markers' descriptions, units and ranges. */
export function useInstitutionMarkers(institutionId: number | null) {
  const path =
    institutionId === null ? null : routeUrl(CATALOGUE_ROUTES.markers.list, {}, { institution_id: institutionId });
  return useSWR(path, (key: string) =>
    apiRequest<AnswerOf<Clinical['catalogue']['markers']['list']>>(key, {
      defaultError: 'Failed to fetch markers',
    }).then(({ items }) => items),
  );
}

/** GET /cms/panels/{id}: the panel's marker_ids. */
export function usePanel(panelId: number | null) {
  const path = panelId === null ? null : routeUrl(CATALOGUE_ROUTES.panels.item, { id: panelId });
  return useSWR(path, (key: string) =>
    apiRequest<AnswerOf<Clinical['catalogue']['panels']['item']>>(key, { defaultError: 'Failed to fetch panels' }).then(
      ({ item }) => item,
    ),
  );
}
