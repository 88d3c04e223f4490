/**
 * The delivery documents' content (spec 2 §2.5): the confirmation's file and the printable delivery report. Loaded
 * with documents.ts at the first Download Confirmation or Print Delivery Report, not with the list.
 */
import {
  FULFILLMENT_STATUS_LABELS,
  FULFILLMENT_TEXTS,
  formatDateTime,
  type FulfillmentRequestDetail,
  type FulfillmentRequestRow,
} from '@labline/contracts';
import { assigneeName, patientName, PRIORITY_LABELS } from './model';

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
