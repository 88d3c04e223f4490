/**
 * The fulfillment pages' pure parts (spec 2 §2.5, §2.6): the filters' chips, the status cards' counts, the row
 * actions' names, the delivery confirmation file and the printable delivery report.
 */
import {
  FULFILLMENT_CARD_STATUSES,
  FULFILLMENT_STATUS_LABELS,
  FULFILLMENT_TEXTS,
  formatDate,
  type FulfillmentAction,
  type FulfillmentRequestRow,
  type FulfillmentStatus,
  type TestRequestPriority,
} from '@labline/contracts';

export const PRIORITY_LABELS: Record<TestRequestPriority, string> = {
  normal: 'Normal',
  urgent: 'Urgent',
  stat: 'STAT',
};
/**
 * The priorities, in order (TEST_REQUEST_PRIORITIES, read off the labels: importing the list would bring the test
 * requests' module into the page's first load).
 */
export const PRIORITIES = Object.keys(PRIORITY_LABELS) as TestRequestPriority[];

/** The list's filters as the page reads them from the address. */
export interface FulfillmentFilterValues {
  search: string;
  status: FulfillmentStatus | undefined;
  priority: TestRequestPriority | undefined;
  date_from: string | undefined;
  date_to: string | undefined;
  assigned_to_me: true | undefined;
}

export type FilterChipKey = keyof FulfillmentFilterValues;

export interface FilterChip {
  key: FilterChipKey;
  label: string;
}

/** One removable chip per active filter, in the filters' order (spec 2 §2.5). */
export function filterChips(filters: FulfillmentFilterValues): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.search !== '') chips.push({ key: 'search', label: `Search: ${filters.search}` });
  if (filters.status !== undefined)
    chips.push({ key: 'status', label: `Status: ${FULFILLMENT_STATUS_LABELS[filters.status]}` });
  if (filters.priority !== undefined)
    chips.push({ key: 'priority', label: `Priority: ${PRIORITY_LABELS[filters.priority]}` });
  if (filters.date_from !== undefined)
    chips.push({ key: 'date_from', label: `From: ${formatDate(filters.date_from)}` });
  if (filters.date_to !== undefined) chips.push({ key: 'date_to', label: `To: ${formatDate(filters.date_to)}` });
  if (filters.assigned_to_me === true) chips.push({ key: 'assigned_to_me', label: 'Assigned to me' });
  return chips;
}

/** The four status cards' counts, over the loaded rows (spec 2 §2.5). */
export function countByStatus(
  rows: readonly Pick<FulfillmentRequestRow, 'status'>[],
): { status: FulfillmentStatus; label: string; count: number }[] {
  return FULFILLMENT_CARD_STATUSES.map((status) => ({
    status,
    label: FULFILLMENT_STATUS_LABELS[status],
    count: rows.filter((row) => row.status === status).length,
  }));
}

/** The Update Status menu's and the rows' names of the actions (spec 2 §2.5). */
export const ACTION_LABELS: Record<FulfillmentAction, string> = {
  assign: 'Mark as Assigned',
  dispatch: 'Mark as Dispatched',
  deliver: 'Mark as Delivered',
  cancel: 'Cancel Request',
  reopen: 'Reopen Request',
};

/** "Jane Doe", or '' when fulfillment has not heard of the patient yet. */
export const patientName = (row: Pick<FulfillmentRequestRow, 'patient_first_name' | 'patient_last_name'>): string =>
  [row.patient_first_name, row.patient_last_name].filter((part) => part !== null && part !== '').join(' ');

export const assigneeName = (row: Pick<FulfillmentRequestRow, 'assigned_to_name' | 'assigned_to_lastname'>) =>
  [row.assigned_to_name, row.assigned_to_lastname].filter((part) => part !== null && part !== '').join(' ') ||
  FULFILLMENT_TEXTS.unassigned;
