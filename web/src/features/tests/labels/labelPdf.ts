/**
 * The labels as a PDF, one label per page of the label's size (what thermal label printers expect). jsPDF and
 * bwip-js are large: this module is imported only when the user asks for the PDF, and it loads the two as
 * chunks of their own, side by side (together they would be one chunk over the build's size limit).
 */
import type { jsPDF } from 'jspdf';
import type { BarcodeBars } from './barcode';
import type { LabelContent } from './labelContent';
import {
  LABEL_SIZES,
  NARROWEST_RELIABLE_MODULE_MM,
  barPlacement,
  fitText,
  labelLayout,
  printableText,
  shrinkToFit,
  type LabelLayout,
  type LabelSizeId,
} from './labelLayout';

/** The human-readable barcode number gets smaller than its size before it is cut, down to this. */
const SMALLEST_BARCODE_NUMBER_PT = 4;
/** Between the DOB and the MRN on their shared line. */
const COLUMN_GAP_MM = 1.5;

export interface LabelPdfOptions {
  /** Deflate the page content (the default); the tests read it uncompressed. */
  compress?: boolean;
}

export interface LabelPdf {
  document: jsPDF;
  /** The bars came out narrower than prints reliably (a long barcode number on a small label). */
  denseBarcode: boolean;
}

type Font = 'helvetica' | 'courier';

function writer(document: jsPDF) {
  const measure = (font: Font, bold: boolean) => (text: string, fontSize: number) => {
    document.setFont(font, bold ? 'bold' : 'normal').setFontSize(fontSize);
    return document.getTextWidth(text);
  };
  return {
    measure,
    /** `text` on a baseline, cut to `maxWidth`; aligned left at `x`, or right or centred on it. */
    write(
      text: string,
      x: number,
      baseline: number,
      maxWidth: number,
      style: { fontSize: number; bold?: boolean; font?: Font; align?: 'left' | 'right' | 'center' },
    ) {
      const { fontSize, bold = false, font = 'helvetica', align = 'left' } = style;
      const fitted = fitText(printableText(text), maxWidth, fontSize, measure(font, bold));
      document.setFont(font, bold ? 'bold' : 'normal').setFontSize(fontSize);
      document.text(fitted, x, baseline, { align, baseline: 'alphabetic' });
    },
  };
}

function drawBars(document: jsPDF, layout: LabelLayout, barcode: BarcodeBars): number {
  const { moduleMm, left } = barPlacement(layout, barcode.modules);
  document.setFillColor(0, 0, 0);
  for (const bar of barcode.bars) {
    document.rect(left + bar.start * moduleMm, layout.bars.top, bar.width * moduleMm, layout.bars.height, 'F');
  }
  return moduleMm;
}

/** Draws one label on the current page; answers the bars' module width. */
function drawLabel(document: jsPDF, layout: LabelLayout, label: LabelContent, barcode: BarcodeBars): number {
  const { write, measure } = writer(document);
  const { left, right, contentWidth, size } = layout;
  write(label.patientName, left, layout.name.baselineMm, contentWidth, { fontSize: layout.name.fontSize, bold: true });

  const details = layout.identity.fontSize;
  const dateOfBirth = printableText(label.dateOfBirth);
  const dateWidth = Math.min(measure('helvetica', false)(dateOfBirth, details), contentWidth / 2);
  write(dateOfBirth, left, layout.identity.baselineMm, dateWidth, { fontSize: details });
  write(label.medicalRecordNumber, right, layout.identity.baselineMm, contentWidth - dateWidth - COLUMN_GAP_MM, {
    fontSize: details,
    align: 'right',
  });

  const moduleMm = drawBars(document, layout, barcode);
  const numberSize = shrinkToFit(
    label.barcodeNumber,
    contentWidth,
    size.fontSizes.barcodeNumber,
    SMALLEST_BARCODE_NUMBER_PT,
    measure('courier', true),
  );
  write(label.barcodeNumber, size.widthMm / 2, layout.barcodeNumber.baselineMm, contentWidth, {
    fontSize: numberSize,
    font: 'courier',
    bold: true,
    align: 'center',
  });

  const requestIdWidth = measure('helvetica', true)(label.requestId, details);
  write(label.requestId, left, layout.request.baselineMm, contentWidth, { fontSize: details, bold: true });
  write(label.sampleType, right, layout.request.baselineMm, contentWidth - requestIdWidth - COLUMN_GAP_MM, {
    fontSize: details,
    align: 'right',
  });
  if (label.device !== null) write(label.device, left, layout.device.baselineMm, contentWidth, { fontSize: details });
  return moduleMm;
}

/** The labels, one per page of the chosen size, in order. */
export async function labelPdf(
  labels: readonly LabelContent[],
  sizeId: LabelSizeId,
  options: LabelPdfOptions = {},
): Promise<LabelPdf> {
  if (labels.length === 0) throw new RangeError('No labels to print');
  const [{ jsPDF }, { code128Bars }] = await Promise.all([import('jspdf'), import('./barcode')]);
  const size = LABEL_SIZES[sizeId];
  const format: [number, number] = [size.widthMm, size.heightMm];
  const document = new jsPDF({
    unit: 'mm',
    format,
    orientation: 'landscape',
    compress: options.compress ?? true,
    putOnlyUsedFonts: true,
  });
  document.setProperties({ title: `Specimen labels ${labels[0]!.requestId}`, creator: 'Labline' });
  document.setLineHeightFactor(1);
  const layout = labelLayout(size);
  const barcodes = new Map<string, BarcodeBars>();
  let narrowestModule = Infinity;
  labels.forEach((label, index) => {
    if (index > 0) document.addPage(format, 'landscape');
    const barcode = barcodes.get(label.barcodeNumber) ?? code128Bars(label.barcodeNumber);
    barcodes.set(label.barcodeNumber, barcode);
    narrowestModule = Math.min(narrowestModule, drawLabel(document, layout, label, barcode));
  });
  return { document, denseBarcode: narrowestModule < NARROWEST_RELIABLE_MODULE_MM };
}

/** Builds the PDF and hands it to the browser as a download named `fileName`. */
export async function downloadLabelPdf(
  labels: readonly LabelContent[],
  sizeId: LabelSizeId,
  fileName: string,
): Promise<Pick<LabelPdf, 'denseBarcode'>> {
  const { document, denseBarcode } = await labelPdf(labels, sizeId);
  await document.save(fileName, { returnPromise: true });
  return { denseBarcode };
}
