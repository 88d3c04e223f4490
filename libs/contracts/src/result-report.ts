/**
 * The result's PDF report (spec 2 §9, issue 26 items 3 and 5): the one renderer, shared by the results service's
 * endpoint and the browser. jsPDF and jspdf-autotable are passed in (types only here), so the web app loads them
 * on demand and this module stays in the contracts bundle at no cost.
 */
import type { jsPDF } from 'jspdf';
import type { autoTable as AutoTable } from 'jspdf-autotable';
import type { ResultDetail } from './http/results';
import { RESULT_REPORT_COLUMNS, RESULT_REPORT_DEFAULTS, RESULT_REPORT_TEXTS, resultDataPreview } from './result-data';
import { RESULT_STATUS_LABELS } from './results';

export interface ReportLibraries {
  jsPDF: typeof jsPDF;
  autoTable: typeof AutoTable;
}

export interface ReportOptions {
  /** Deflate the page content (the default); tests may read it uncompressed. */
  compress?: boolean;
}

const MARGIN = 15;
/** The header's label column and line height (mm). */
const LABEL_WIDTH = 28;
const LINE = 5;
const dateTime = (iso: string | null) => (iso === null ? '-' : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`);
const orDash = (text: string | null | undefined) => (text === null || text === undefined || text === '' ? '-' : text);

/** The header's label/value pairs, in two columns. */
function headerPairs(result: ResultDetail): [string, string][][] {
  const patient = `${result.patient_first_name ?? ''} ${result.patient_last_name ?? ''}`.trim();
  return [
    [
      ['Patient', orDash(patient)],
      ['MRN', orDash(result.medical_record_number)],
      ['Date of birth', orDash(result.date_of_birth)],
      ['Gender', orDash(result.gender)],
      ['Institution', orDash(result.institution_name ?? result.test_request.institution_name)],
      ['Address', orDash(result.test_request.institution_address)],
    ],
    [
      ['Report', result.display_id],
      ['Test', orDash(result.test_name)],
      ['Barcode', orDash(result.barcode_number)],
      ['Specimen', (result.test_request.sample_type ?? RESULT_REPORT_DEFAULTS.specimenType).toUpperCase()],
      ['Requested', dateTime(result.test_request.requested_at)],
      ['Entered', dateTime(result.entered_at)],
      ['Released', dateTime(result.released_at)],
      ['Status', RESULT_STATUS_LABELS[result.status]],
    ],
  ];
}

function drawHeader(document: jsPDF, result: ResultDetail): number {
  const width = document.internal.pageSize.getWidth();
  let y = MARGIN + 5;
  document.setFont('helvetica', 'bold').setFontSize(16);
  document.text(result.test_request.lab_name ?? RESULT_REPORT_DEFAULTS.labName, MARGIN, y);
  document.setFontSize(12);
  const corrected = result.status === 'amended';
  document.text(corrected ? RESULT_REPORT_TEXTS.correctedTitle : RESULT_REPORT_TEXTS.title, width - MARGIN, y, {
    align: 'right',
  });
  y += 8;
  document.setFont('helvetica', 'normal').setFontSize(9);
  // two columns of label and value; a long value wraps within its column
  const columnWidth = (width - 2 * MARGIN) / 2;
  const heights = headerPairs(result).map((pairs, index) => {
    const x = MARGIN + index * columnWidth;
    let line = 0;
    for (const [label, value] of pairs) {
      const lines = document.splitTextToSize(value, columnWidth - LABEL_WIDTH - 4) as string[];
      document.setFont('helvetica', 'bold').text(`${label}:`, x, y + line * LINE);
      document.setFont('helvetica', 'normal').text(lines, x + LABEL_WIDTH, y + line * LINE);
      line += lines.length;
    }
    return line;
  });
  y += Math.max(...heights) * LINE + 2;
  if (corrected) {
    document.setFont('helvetica', 'bold').text(RESULT_REPORT_TEXTS.correction, MARGIN, y);
    y += 5;
    document.setFont('helvetica', 'normal');
    const reason = document.splitTextToSize(
      `${RESULT_REPORT_TEXTS.correctionReason}: ${orDash(result.amendment_reason)}`,
      width - 2 * MARGIN,
    ) as string[];
    document.text(reason, MARGIN, y);
    y += reason.length * 4.5;
    document.text(`${RESULT_REPORT_TEXTS.originalRelease}: ${dateTime(result.first_released_at)}`, MARGIN, y);
    y += 5;
  }
  return y + 2;
}

/** The table's rows: the parsed markers, or the start of result_data when none parses. */
function tableBody(result: ResultDetail): string[][] {
  if (result.rows.length === 0) return [[result.test_name, resultDataPreview(result.result_data), '', '', '']];
  return result.rows.map((row) => [row.biomarker, row.value, row.units, row.range, row.interpretation]);
}

/** The report of a result as an A4 jsPDF document (output it as you need: bytes, a blob, a download). */
export function renderResultReport(libraries: ReportLibraries, result: ResultDetail, options: ReportOptions = {}) {
  const document = new libraries.jsPDF({ unit: 'mm', format: 'a4', compress: options.compress ?? true });
  const startY = drawHeader(document, result);
  libraries.autoTable(document, {
    startY,
    margin: { left: MARGIN, right: MARGIN, bottom: MARGIN + 5 },
    head: [[...RESULT_REPORT_COLUMNS]],
    body: tableBody(result),
    styles: { font: 'helvetica', fontSize: 9 },
    headStyles: { fillColor: [40, 70, 120] },
    // a flagged value and its interpretation stand out
    didParseCell: (cell) => {
      const row = result.rows[cell.row.index];
      if (cell.section === 'body' && row?.flag && (cell.column.index === 1 || cell.column.index === 4)) {
        cell.cell.styles.fontStyle = 'bold';
        cell.cell.styles.textColor = [170, 20, 20];
      }
    },
  });
  const pageHeight = document.internal.pageSize.getHeight();
  const finalY = (document as unknown as { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? startY;
  if (result.interpretation) {
    const width = document.internal.pageSize.getWidth() - 2 * MARGIN;
    const lines = document.splitTextToSize(`Clinical interpretation: ${result.interpretation}`, width) as string[];
    let y = finalY + 8;
    if (y + lines.length * 4.5 > pageHeight - MARGIN - 5) {
      document.addPage();
      y = MARGIN + 5;
    }
    document.setFont('helvetica', 'normal').setFontSize(9).text(lines, MARGIN, y);
  }
  // every page names its report and patient, and its number
  const patient = `${result.patient_first_name ?? ''} ${result.patient_last_name ?? ''}`.trim();
  const footer = `${result.display_id} - ${orDash(patient)} (${orDash(result.medical_record_number)})`;
  const pages = document.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    document.setPage(page);
    document.setFont('helvetica', 'normal').setFontSize(8);
    document.text(footer, MARGIN, pageHeight - 8);
    const width = document.internal.pageSize.getWidth();
    document.text(RESULT_REPORT_TEXTS.page(page, pages), width - MARGIN, pageHeight - 8, { align: 'right' });
  }
  return document;
}
