import {
  FULFILLMENT_NOTES,
  FULFILLMENT_ROUTES,
  FULFILLMENT_TEXTS,
  FULFILLMENT_TRANSITIONS,
  routeUrl,
  type AnswerOf,
  type FULFILLMENT_CONTRACTS,
  type FulfillmentAction,
  type FulfillmentRequestDetail,
  type FulfillmentRequestRow,
  type FulfillmentStatus,
  type TestRequestPriority,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';
import { callRoute } from '../../app/api/routes';
import { useRecordCache } from '../../shared/useRecordCache';

type Contracts = typeof FULFILLMENT_CONTRACTS;

const FULFILLMENT_PATH = routeUrl(FULFILLMENT_ROUTES.list);

/** The list's filters (spec 2 §2.5, §7) and page, as the address holds them. */
export interface FulfillmentListFilters {
  page: number;
  search: string;
  status: FulfillmentStatus | undefined;
  priority: TestRequestPriority | undefined;
  assignedToMe: boolean;
  dateFrom: string | undefined;
  dateTo: string | undefined;
}

/** GET /fulfillment (20 a page, spec 2 §9); the previous page stays shown while the next loads. */
export function useFulfillmentList(filters: FulfillmentListFilters) {
  const path = routeUrl(
    FULFILLMENT_ROUTES.list,
    {},
    {
      page: filters.page,
      search: filters.search === '' ? undefined : filters.search,
      status: filters.status,
      assigned_to_me: filters.assignedToMe ? 'true' : undefined,
      priority: filters.priority,
      date_from: filters.dateFrom,
      date_to: filters.dateTo,
    },
  );
  return useSWR(
    path,
    (key: string) =>
      apiRequest<AnswerOf<Contracts['list']>>(key, { defaultError: FULFILLMENT_TEXTS.failedToFetchRequests }),
    { keepPreviousData: true },
  );
}

/** GET /fulfillment/{id}. */
export function useFulfillmentRequest(id: number | null) {
  const path = id === null ? null : routeUrl(FULFILLMENT_ROUTES.item, { id });
  return useSWR(path, (key: string) =>
    apiRequest<AnswerOf<Contracts['item']>>(key, { defaultError: FULFILLMENT_TEXTS.failedToFetchDetails }),
  );
}

export function fetchFulfillmentRequest(id: number): Promise<FulfillmentRequestDetail> {
  return callRoute<Contracts['item']>(
    FULFILLMENT_ROUTES.item,
    { id },
    { defaultError: FULFILLMENT_TEXTS.failedToFetchDetails },
  );
}

/** Keeps the cached lists and details in step with a change (shared/useRecordCache). */
export function useFulfillmentCache() {
  const cache = useRecordCache(FULFILLMENT_PATH);
  return {
    saved: (request: FulfillmentRequestDetail) =>
      cache.saved<FulfillmentRequestDetail>(routeUrl(FULFILLMENT_ROUTES.item, { id: request.id }), () => request),
    changed: () => cache.changed(),
  };
}

/** What a status change needs beyond the action: the tracking number to dispatch, the kit's barcode (detail). */
export interface StatusChangeDetails {
  trackingNumber?: string;
  barcodeNumber?: string;
}

/**
 * PUT /fulfillment/{id}/status: the action's target status, with spec 2 §4's note for it (Package dispatched,
 * Package delivered, Request cancelled, Request reopened from cancelled status).
 */
export function changeFulfillmentStatus(
  id: number,
  action: FulfillmentAction,
  details: StatusChangeDetails = {},
): Promise<FulfillmentRequestDetail> {
  return callRoute<Contracts['updateStatus']>(
    FULFILLMENT_ROUTES.updateStatus,
    { id },
    {
      body: {
        status: FULFILLMENT_TRANSITIONS[action].to,
        tracking_number: details.trackingNumber,
        notes: FULFILLMENT_NOTES[action],
        barcodeNumber: details.barcodeNumber,
      },
      defaultError: action === 'reopen' ? FULFILLMENT_TEXTS.failedToReopen : FULFILLMENT_TEXTS.failedToUpdateStatus,
    },
  );
}

/** POST /fulfillment/{id}/assign (Assign to Me). */
export function assignFulfillmentRequest(id: number, assignedTo: number): Promise<FulfillmentRequestDetail> {
  return callRoute<Contracts['assign']>(
    FULFILLMENT_ROUTES.assign,
    { id },
    { body: { assigned_to: assignedTo }, defaultError: FULFILLMENT_TEXTS.failedToAssign },
  );
}

/** POST /fulfillment: a replacement for a cancelled request, of the same test request, item and quantity. */
export function createReplacement(row: FulfillmentRequestRow): Promise<FulfillmentRequestDetail> {
  return callRoute<Contracts['create']>(
    FULFILLMENT_ROUTES.create,
    {},
    {
      body: {
        test_request_id: row.test_request_id,
        inventory_item_id: row.inventory_item_id,
        quantity_requested: row.quantity_requested,
        notes: `Replacement for ${row.display_id}`,
      },
      defaultError: FULFILLMENT_TEXTS.failedToCreateReplacement,
    },
  );
}
