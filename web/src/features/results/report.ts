/**
 * The result's PDF report in the browser (spec 2 §9): contracts' one renderer (the server's endpoint draws the
 * same), with jsPDF and jspdf-autotable loaded here. This module is itself imported on demand, at the first
 * Generate PDF or PDF click, so none of it is in a page's first load.
 */
import { renderResultReport, type ResultDetail } from '@labline/contracts';

/** Draws the report and saves it under contracts' file name (test-result-{id}-{patient}.pdf). */
export async function downloadResultReport(result: ResultDetail): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const document = renderResultReport({ jsPDF, autoTable }, result);
  document.save(result.report_file_name);
}
