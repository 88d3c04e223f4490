/**
 * The delivery documents (spec 2 §2.5): the confirmation saved as a JSON file through a Blob link, and the
 * delivery report written into the window Print Delivery Report opened (in the click, so that no popup blocker
 * stops it), with a Print button. Loaded at the first use, not with the list.
 */
import type { FulfillmentRequestDetail, FulfillmentRequestRow } from '@labline/contracts';
import { confirmationFileName, deliveryConfirmation, deliveryReportHtml, REPORT_PRINT_BUTTON_ID } from './report';

/** Saves delivery-confirmation-{id}.json. */
export function downloadConfirmation(row: FulfillmentRequestRow): void {
  const blob = new Blob([JSON.stringify(deliveryConfirmation(row), null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = confirmationFileName(row.id);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function writeReport(opened: Window, request: FulfillmentRequestDetail): void {
  opened.document.open();
  opened.document.write(deliveryReportHtml(request));
  opened.document.close();
  opened.document.getElementById(REPORT_PRINT_BUTTON_ID)?.addEventListener('click', () => opened.print());
}
