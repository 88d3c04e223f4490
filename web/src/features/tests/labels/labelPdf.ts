/**
 * The labels as a PDF, one label per page of the label's size (what thermal label printers expect), for a
 * printer of 203 or 300 dpi: every bar and space a whole number of the printer's dots. jsPDF and bwip-js are
 * large: this module is imported only when the print dialog opens, and it loads the two as chunks of their own,
 * side by side (together they would be one chunk over the build's size limit).
 */
import type { jsPDF } from 'jspdf';
import type { BarcodeBars } from './barcode';
import type { LabelContent } from './labelContent';
import {
  LABEL_SIZES,
  LABEL_SIZE_IDS,
  isRefusal,
  planLabel,
  type LabelPlan,
  type LabelSizeId,
  type Measurer,
  type PrinterDpi,
} from './labelLayout';

export interface LabelPdfOptions {
  /** Deflate the page content (the default); the tests read it uncompressed. */
  compress?: boolean;
}

async function pdfCode() {
  const [{ jsPDF }, { code128Bars }] = await Promise.all([import('jspdf'), import('./barcode')]);
  return { jsPDF, code128Bars };
}

type PdfCode = Awaited<ReturnType<typeof pdfCode>>;

const measurer =
  (document: jsPDF): Measurer =>
  (font, bold) =>
  (text, fontSize) => {
    document.setFont(font, bold ? 'bold' : 'normal').setFontSize(fontSize);
    return document.getTextWidth(text);
  };

function newDocument(code: PdfCode, sizeId: LabelSizeId, compress: boolean): jsPDF {
  const size = LABEL_SIZES[sizeId];
  return new code.jsPDF({
    unit: 'mm',
    format: [size.widthMm, size.heightMm],
    orientation: 'landscape',
    compress,
    putOnlyUsedFonts: true,
  });
}

/**
 * Every label laid out on the size at `dpi`, or the first label's reason why they cannot be printed there (the
 * labels of a run differ only in their tube).
 */
function planLabels(
  code: PdfCode,
  document: jsPDF,
  labels: readonly LabelContent[],
  sizeId: LabelSizeId,
  dpi: PrinterDpi,
): { plans: { plan: LabelPlan; barcode: BarcodeBars }[] } | { problem: string } {
  const barcodes = new Map<string, BarcodeBars>();
  const measure = measurer(document);
  const plans: { plan: LabelPlan; barcode: BarcodeBars }[] = [];
  for (const label of labels) {
    const barcode = barcodes.get(label.barcodeNumber) ?? code.code128Bars(label.barcodeNumber);
    barcodes.set(label.barcodeNumber, barcode);
    const plan = planLabel(label, LABEL_SIZES[sizeId], dpi, barcode.modules, measure);
    if (isRefusal(plan)) return plan;
    plans.push({ plan, barcode });
  }
  return { plans };
}

/**
 * For each label size, why these labels cannot be printed on it at `dpi` (the sentence the print dialog shows
 * beside the size it disables), or null when they can: the same check `labelPdf` makes before it draws.
 */
export async function labelSizeProblems(
  labels: readonly LabelContent[],
  dpi: PrinterDpi,
): Promise<Record<LabelSizeId, string | null>> {
  const code = await pdfCode();
  const entries = LABEL_SIZE_IDS.map((sizeId) => {
    const planned = planLabels(code, newDocument(code, sizeId, false), labels, sizeId, dpi);
    return [sizeId, 'problem' in planned ? planned.problem : null] as const;
  });
  return Object.fromEntries(entries) as Record<LabelSizeId, string | null>;
}

function drawLabel(document: jsPDF, { plan, barcode }: { plan: LabelPlan; barcode: BarcodeBars }): void {
  const { bars } = plan;
  document.setFillColor(0, 0, 0);
  for (const bar of barcode.bars) {
    document.rect(bars.left + bar.start * bars.moduleMm, bars.top, bar.width * bars.moduleMm, bars.height, 'F');
  }
  if (plan.mark !== null) document.rect(plan.mark.left, plan.mark.top, plan.mark.width, plan.mark.height, 'F');
  for (const text of plan.texts) {
    document.setFont(text.font, text.bold ? 'bold' : 'normal').setFontSize(text.fontSize);
    document.setTextColor(text.white === true ? 255 : 0);
    document.text(text.text, text.x, text.baseline, { align: text.align, baseline: 'alphabetic' });
  }
  document.setTextColor(0);
}

/**
 * The labels, one per page of the chosen size, in order, for a `dpi` printer. Refuses (RangeError with the print
 * dialog's sentence) labels whose barcode or surname does not fit the size: nothing unreadable is drawn.
 */
export async function labelPdf(
  labels: readonly LabelContent[],
  sizeId: LabelSizeId,
  dpi: PrinterDpi,
  options: LabelPdfOptions = {},
): Promise<jsPDF> {
  if (labels.length === 0) throw new RangeError('No labels to print');
  const code = await pdfCode();
  const document = newDocument(code, sizeId, options.compress ?? true);
  const planned = planLabels(code, document, labels, sizeId, dpi);
  if ('problem' in planned) throw new RangeError(planned.problem);
  document.setProperties({ title: `Specimen labels ${labels[0]!.requestId}`, creator: 'Labline' });
  document.setLineHeightFactor(1);
  const size = LABEL_SIZES[sizeId];
  planned.plans.forEach((plan, index) => {
    if (index > 0) document.addPage([size.widthMm, size.heightMm], 'landscape');
    drawLabel(document, plan);
  });
  return document;
}

/** Builds the PDF and hands it to the browser as a download named `fileName`. */
export async function downloadLabelPdf(
  labels: readonly LabelContent[],
  sizeId: LabelSizeId,
  dpi: PrinterDpi,
  fileName: string,
): Promise<void> {
  const document = await labelPdf(labels, sizeId, dpi);
  await document.save(fileName, { returnPromise: true });
}
