import {
  ERRORS,
  TEST_REQUEST_PAGE_SIZE,
  type labAssignmentListResponseSchema,
  type messageResponseSchema,
  type patientListResponseSchema,
  type testFormFieldsResponseSchema,
  type testRequestListResponseSchema,
  type testRequestResponseSchema,
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
import { useRecordCache } from '../../shared/useRecordCache';

const REQUESTS_PATH = '/tests/requests';
/** The list's failures are only logged (spec 1 §8), so this text never reaches the screen. */
const LIST_LOG_TEXT = 'Failed to fetch test requests';
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
  page: number;
}

export function testRequestListPath({ search, status, priority, page }: TestRequestListFilters): string {
  const query = new URLSearchParams({ page: String(page), limit: String(TEST_REQUEST_PAGE_SIZE) });
  if (search !== '') query.set('search', search);
  if (status !== undefined) query.set('status', status);
  if (priority !== undefined) query.set('priority', priority);
  return `${REQUESTS_PATH}?${query.toString()}`;
}

/** The list keeps showing the previous page while the next one loads, so the table does not flash empty. */
export function useTestRequests(filters: TestRequestListFilters) {
  const path = testRequestListPath(filters);
  return useSWR(
    path,
    () => apiRequest<ResponseOf<typeof testRequestListResponseSchema>>(path, { defaultError: LIST_LOG_TEXT }),
    {
      keepPreviousData: true,
    },
  );
}

const requestPath = (id: number) => `${REQUESTS_PATH}/${id}`;

export function useTestRequestDetail(id: number | null) {
  return useSWR(id === null ? null : requestPath(id), (key: string) =>
    apiRequest<ResponseOf<typeof testRequestResponseSchema>>(key, {
      defaultError: ERRORS.failedToFetchTestRequestDetails,
    }).then(({ request }) => request),
  );
}

/** The request for the edit form: same call, the form's own default error (spec 1 §8). */
export function useTestRequestForEdit(id: number | null) {
  return useSWR(
    id === null ? null : ['edit', requestPath(id)],
    ([, key]: [string, string]) =>
      apiRequest<ResponseOf<typeof testRequestResponseSchema>>(key, {
        defaultError: ERRORS.failedToFetchTestRequest,
      }).then(({ request }) => request),
    { revalidateOnFocus: false },
  );
}

/** Keeps cached requests in step with a change (shared/useRecordCache); the patient pages list them too. */
export function useTestRequestCache() {
  const requests = useRecordCache(REQUESTS_PATH);
  const patients = useRecordCache('/patients');
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
export const testRequestHistoryPath = (id: number) => `${requestPath(id)}/history`;

export async function saveTestRequest(id: number | null, body: TestRequestBody): Promise<TestRequestDetail> {
  const { request } = await apiRequest<ResponseOf<typeof testRequestResponseSchema>>(
    id === null ? REQUESTS_PATH : requestPath(id),
    {
      method: id === null ? 'POST' : 'PUT',
      body,
      defaultError: ERRORS.failedToSaveTestRequest,
    },
  );
  return request;
}

export async function archiveTestRequest(id: number): Promise<void> {
  await apiRequest<ResponseOf<typeof messageResponseSchema>>(requestPath(id), {
    method: 'DELETE',
    defaultError: ERRORS.archiveFailed,
  });
}

export async function cancelTestRequest(id: number): Promise<TestRequestDetail> {
  const { request } = await apiRequest<ResponseOf<typeof testRequestResponseSchema>>(`${requestPath(id)}/status`, {
    method: 'PUT',
    body: { status: 'cancelled' },
    defaultError: ERRORS.failedToUpdateStatus,
  });
  return request;
}

export async function sendNotification(id: number, message: string): Promise<string> {
  const answer = await apiRequest<ResponseOf<typeof messageResponseSchema>>(`${requestPath(id)}/send-reminder`, {
    method: 'POST',
    body: { reminder_type: 'custom_notification', custom_message: message },
    defaultError: ERRORS.failedToSendNotification,
  });
  return answer.message;
}

// ------------------------------------------------------------------------------------- order form lookups

/** spec 1 §7: the picker loads up to 100 patients (the caller's scope) and filters them in the browser. */
export function usePatientChoices() {
  const path = `/patients?page=1&limit=${PATIENT_PICKER_LOAD}`;
  return useSWR(path, (key: string) =>
    apiRequest<ResponseOf<typeof patientListResponseSchema>>(key, { defaultError: PATIENTS_LOAD_ERROR }).then(
      ({ patients }) => patients,
    ),
  );
}

/** GET /cms/test-form-fields: the institution's active sample types, markers, panels and devices. */
export function useTestFormFields(institutionId: number | null) {
  return useSWR(
    institutionId === null ? null : `/cms/test-form-fields?institution_id=${institutionId}`,
    (key: string) =>
      apiRequest<ResponseOf<typeof testFormFieldsResponseSchema>>(key, { defaultError: FORM_FIELDS_LOAD_ERROR }),
  );
}

/** GET /institutions/{id}/labs?sample_type=: the labs assigned to the institution for the sample type. */
export function useInstitutionLabs(institutionId: number | null, sampleType: string | null) {
  const path =
    institutionId === null || sampleType === null
      ? null
      : `/institutions/${institutionId}/labs?${new URLSearchParams({ sample_type: sampleType }).toString()}`;
  return useSWR(path, (key: string) =>
    apiRequest<ResponseOf<typeof labAssignmentListResponseSchema>>(key, { defaultError: LABS_LOAD_ERROR }).then(
      ({ labs }) => labs.filter((lab) => lab.lab_active),
    ),
  );
}

/** spec 1 §5: partners are the users with role fulfillment_agent. */
export function useFulfillmentPartners(enabled: boolean) {
  return useSWR(enabled ? '/users?role=fulfillment_agent&is_active=true&limit=100' : null, (key: string) =>
    apiRequest<ResponseOf<typeof userPickListResponseSchema>>(key, { defaultError: PARTNERS_LOAD_ERROR }).then(
      ({ users }) => users,
    ),
  );
}
