import {
  CLINICAL_ROUTES,
  ERRORS,
  IDENTITY_ROUTES,
  routeUrl,
  TEST_REQUEST_PAGE_SIZE,
  type AnswerOf,
  type CLINICAL_CONTRACTS,
  type userPickListResponseSchema,
  type TestRequestBody,
  type TestRequestDetail,
  type TestRequestPriority,
  type TestRequestStatus,
  type ResponseOf,
} from '@labline/contracts';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiRequest } from '../../app/api/client';
import { callRoute } from '../../app/api/routes';
import { useRecordCache } from '../../shared/useRecordCache';

type Contracts = typeof CLINICAL_CONTRACTS;
const REQUESTS_PATH = routeUrl(CLINICAL_ROUTES.testRequests);
/**
 * The list's failure: spec 1 §8 only logs it, but a list that failed to load shows an error with Retry, never an
 * empty table (issue 22), under this title.
 */
export const LIST_LOAD_ERROR = 'Failed to fetch test requests';
/** spec 1 §7, §9: the order form's patient picker loads up to 100 patients. */
export const PATIENT_PICKER_LOAD = 100;
/** The spec gives no texts for these lookups; shown where the list is used. */
const PATIENTS_LOAD_ERROR = 'Failed to load patients';
const LABS_LOAD_ERROR = 'Failed to load laboratories';
const FORM_FIELDS_LOAD_ERROR = 'Failed to load the test catalogue';
const PARTNERS_LOAD_ERROR = 'Failed to load fulfillment partners';

export interface TestRequestListFilters {
  search: string;
  status: TestRequestStatus | undefined;
  priority: TestRequestPriority | undefined;
  /** The Archived filter: the archived requests instead of the others. */
  archived: boolean;
  page: number;
}

export function testRequestListPath({ search, status, priority, archived, page }: TestRequestListFilters): string {
  return routeUrl(
    CLINICAL_ROUTES.testRequests,
    {},
    {
      page,
      limit: TEST_REQUEST_PAGE_SIZE,
      search: search === '' ? undefined : search,
      status,
      priority,
      archived: archived ? 'true' : undefined,
    },
  );
}

/** The list keeps showing the previous page while the next one loads, so the table does not flash empty. */
export function useTestRequests(filters: TestRequestListFilters) {
  const path = testRequestListPath(filters);
  return useSWR(path, () => apiRequest<AnswerOf<Contracts['testRequests']>>(path, { defaultError: LIST_LOAD_ERROR }), {
    keepPreviousData: true,
  });
}

const requestPath = (id: number) => routeUrl(CLINICAL_ROUTES.testRequest, { id });

export function useTestRequestDetail(id: number | null) {
  return useSWR(id === null ? null : requestPath(id), (key: string) =>
    apiRequest<AnswerOf<Contracts['testRequest']>>(key, {
      defaultError: ERRORS.failedToFetchTestRequestDetails,
    }).then(({ request }) => request),
  );
}

/** The request for the edit form: same call, the form's own default error (spec 1 §8). */
export function useTestRequestForEdit(id: number | null) {
  return useSWR(
    id === null ? null : ['edit', requestPath(id)],
    ([, key]: [string, string]) =>
      apiRequest<AnswerOf<Contracts['testRequest']>>(key, {
        defaultError: ERRORS.failedToFetchTestRequest,
      }).then(({ request }) => request),
    { revalidateOnFocus: false },
  );
}

/** Keeps cached requests in step with a change (shared/useRecordCache); the patient pages list them too. */
export function useTestRequestCache() {
  const requests = useRecordCache(REQUESTS_PATH);
  const patients = useRecordCache(routeUrl(CLINICAL_ROUTES.patients));
  return {
    saved: async (request: TestRequestDetail) => {
      await requests.saved<TestRequestDetail>(requestPath(request.id), () => request);
      await patients.changed();
    },
    changed: async () => {
      await requests.changed();
      await patients.changed();
    },
  };
}

/**
 * Fetches a request's detail again, keeping what the page shows meanwhile: after Send Notification, whose
 * delivery the notification history then lists.
 */
export function useTestRequestRefresh(): (id: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number) => {
      await mutate(requestPath(id));
    },
    [mutate],
  );
}

/** A request's history (GET /tests/requests/{id}/history), as the history drawer reads it. */
export const testRequestHistoryPath = (id: number) => routeUrl(CLINICAL_ROUTES.testRequestHistory, { id });

export async function saveTestRequest(id: number | null, body: TestRequestBody): Promise<TestRequestDetail> {
  const options = { body, defaultError: ERRORS.failedToSaveTestRequest };
  const { request } =
    id === null
      ? await callRoute<Contracts['createTestRequest']>(CLINICAL_ROUTES.createTestRequest, {}, options)
      : await callRoute<Contracts['updateTestRequest']>(CLINICAL_ROUTES.updateTestRequest, { id }, options);
  return request;
}

export async function archiveTestRequest(id: number): Promise<void> {
  await callRoute<Contracts['archiveTestRequest']>(
    CLINICAL_ROUTES.archiveTestRequest,
    { id },
    { defaultError: ERRORS.archiveFailed },
  );
}

/** Restore (issue 22): the archived request back on the lists, as the detail shows it. */
export async function restoreTestRequest(id: number): Promise<TestRequestDetail> {
  const { request } = await callRoute<Contracts['restoreTestRequest']>(
    CLINICAL_ROUTES.restoreTestRequest,
    { id },
    { defaultError: ERRORS.restoreFailed },
  );
  return request;
}

/**
 * Cancel with the message of its notification step (spec 1 §4): one request, which the patient is told of only
 * once it succeeded, in this text instead of the default wording.
 */
export async function cancelTestRequest(id: number, message: string): Promise<TestRequestDetail> {
  const { request } = await callRoute<Contracts['changeTestRequestStatus']>(
    CLINICAL_ROUTES.changeTestRequestStatus,
    { id },
    { body: { status: 'cancelled', custom_message: message }, defaultError: ERRORS.failedToUpdateStatus },
  );
  return request;
}

export async function sendNotification(id: number, message: string): Promise<string> {
  const answer = await callRoute<Contracts['sendTestRequestReminder']>(
    CLINICAL_ROUTES.sendTestRequestReminder,
    { id },
    {
      body: { reminder_type: 'custom_notification', custom_message: message },
      defaultError: ERRORS.failedToSendNotification,
    },
  );
  return answer.message;
}

// ------------------------------------------------------------------------------------- order form lookups

/** spec 1 §7: the picker loads up to 100 patients (the caller's scope) and filters them in the browser. */
export function usePatientChoices() {
  const path = routeUrl(CLINICAL_ROUTES.patients, {}, { page: 1, limit: PATIENT_PICKER_LOAD });
  return useSWR(path, (key: string) =>
    apiRequest<AnswerOf<Contracts['patients']>>(key, { defaultError: PATIENTS_LOAD_ERROR }).then(
      ({ patients }) => patients,
    ),
  );
}

/** GET /cms/test-form-fields: the institution's active sample types, markers, panels and devices. */
export function useTestFormFields(institutionId: number | null) {
  return useSWR(
    institutionId === null ? null : routeUrl(CLINICAL_ROUTES.testFormFields, {}, { institution_id: institutionId }),
    (key: string) => apiRequest<AnswerOf<Contracts['testFormFields']>>(key, { defaultError: FORM_FIELDS_LOAD_ERROR }),
  );
}

/** GET /institutions/{id}/labs?sample_type=: the labs assigned to the institution for the sample type. */
export function useInstitutionLabs(institutionId: number | null, sampleType: string | null) {
  const path =
    institutionId === null || sampleType === null
      ? null
      : routeUrl(CLINICAL_ROUTES.labAssignments, { id: institutionId }, { sample_type: sampleType });
  return useSWR(path, (key: string) =>
    apiRequest<AnswerOf<Contracts['labAssignments']>>(key, { defaultError: LABS_LOAD_ERROR }).then(({ labs }) =>
      labs.filter((lab) => lab.lab_active),
    ),
  );
}

/** spec 1 §5: partners are the users with role fulfillment_agent. */
export function useFulfillmentPartners(enabled: boolean) {
  const path = routeUrl(IDENTITY_ROUTES.users, {}, { role: 'fulfillment_agent', is_active: true, limit: 100 });
  return useSWR(enabled ? path : null, (key: string) =>
    apiRequest<ResponseOf<typeof userPickListResponseSchema>>(key, { defaultError: PARTNERS_LOAD_ERROR }).then(
      ({ users }) => users,
    ),
  );
}
