/**
 * The fulfillment pages' pure parts (spec 2 §2.5, §2.6): the filters' chips, the status cards' counts, the row
 * actions' names, the delivery confirmation file and the printable delivery report.
 */
import {
  FULFILLMENT_CARD_STATUSES,
  FULFILLMENT_STATUS_LABELS,
  FULFILLMENT_TEXTS,
  formatDate,
  formatDateTime,
  type FulfillmentAction,
  type FulfillmentRequestDetail,
  type FulfillmentRequestRow,
  type FulfillmentStatus,
  type TestRequestPriority,
} from '@labline/contracts';

export const PRIORITY_LABELS: Record<TestRequestPriority, string> = {
  normal: 'Normal',
  urgent: 'Urgent',
  stat: 'STAT',
};

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

/** The name of the delivery confirmation's file: delivery-confirmation-{id}.json (spec 2 §2.5). */
export const confirmationFileName = (id: number): string => `${FULFILLMENT_TEXTS.confirmationFileName(id)}.json`;

/** What the delivery confirmation says: the request, its patient and the delivery. */
export function deliveryConfirmation(row: FulfillmentRequestRow) {
  return {
    request_id: row.display_id,
    test_request_id: row.test_request_display_id,
    status: row.status,
    item: { name: row.item_name, sku: row.item_sku, quantity: row.quantity_requested },
    patient: { name: patientName(row), medical_record_number: row.medical_record_number },
    institution: row.institution_name,
    tracking_number: row.tracking_number,
    barcode_number: row.barcode_number,
    dispatch_date: row.dispatch_date,
    delivery_date: row.delivery_date,
    delivered_by: row.assigned_to === null ? null : assigneeName(row),
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

/** The id of the report's Print button, which the opening page wires to window.print. */
export const REPORT_PRINT_BUTTON_ID = 'print-report';

/**
 * The printable delivery report (spec 2 §2.5, Print Delivery Report): a document of its own, with the request,
 * the patient (and the address when the detail has it) and the delivery. Every value is escaped.
 */
export function deliveryReportHtml(request: FulfillmentRequestDetail): string {
  const value = (text: string | null | undefined) =>
    escapeHtml(text === null || text === undefined || text === '' ? '—' : text);
  const date = (text: string | null) => (text === null ? null : formatDateTime(text));
  const rows = (entries: [string, string | null | undefined][]) =>
    entries
      .map(([label, text]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${value(text)}</td></tr>`)
      .join('');
  const section = (title: string, entries: [string, string | null | undefined][]) =>
    `<section><h2>${escapeHtml(title)}</h2><table>${rows(entries)}</table></section>`;
  const patient = request.patient;
  const address =
    patient === null
      ? null
      : [
          patient.street_address_1,
          patient.street_address_2,
          [patient.city, patient.state, patient.postal_code].filter(Boolean).join(', '),
          patient.country,
        ]
          .filter((line) => line !== null && line !== '')
          .join(', ');
  const title = `Delivery Report ${request.display_id}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:32px;color:#1f1f1f}table{border-collapse:collapse;width:100%;margin-bottom:16px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #ddd}th{width:220px;color:#444}
button{font-size:14px;padding:6px 16px}@media print{button{display:none}}</style></head><body><main>
<h1>${escapeHtml(title)}</h1>
${section('Request', [
  ['Request ID', request.display_id],
  ['Test Request ID', request.test_request_display_id],
  ['Status', FULFILLMENT_STATUS_LABELS[request.status]],
  ['Priority', PRIORITY_LABELS[request.priority]],
  ['Item', request.item_name],
  ['SKU', request.item_sku],
  ['Quantity', String(request.quantity_requested)],
  ['Institution', request.institution_name],
  ['Requested', date(request.created_at)],
])}
${section('Patient', [
  ['Name', patientName(request)],
  ['MRN', request.medical_record_number],
  ['Phone', patient?.phone],
  ['Email', patient?.email],
  ['Address', address],
])}
${section('Delivery', [
  ['Tracking Number', request.tracking_number],
  ['Kit Barcode', request.barcode_number],
  ['Dispatched', date(request.dispatch_date)],
  ['Delivered', date(request.delivery_date)],
  ['Handled by', request.assigned_to === null ? null : assigneeName(request)],
])}
<button type="button" id="${REPORT_PRINT_BUTTON_ID}">Print</button>
</main></body></html>`;
}
