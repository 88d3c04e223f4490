/**
 * The shipping label of a dispatched kit (issue 25 item 5), a PDF made in the browser: a 4 × 6 inch page, the size
 * of the thermal shipping labels carriers print, with the sending institution, the patient's name and full
 * address, the tracking number, the FUL- id as Code 128 with its text, and the kit (item, SKU, quantity) and its
 * test request. The bars and the text helpers are the specimen labels' own (features/tests/labels: bwip-js's Code
 * 128 bars drawn as rectangles of whole printer dots, Latin-1 text cut or wrapped to its width), so both labels
 * scan and print alike. jsPDF and bwip-js load on the first print, as chunks of their own. (They are reached as
 * ../../features/tests: a relative path starting ../tests/ reads to the lint rule as one into the repository's
 * tests/ package.)
 */
import { FULFILLMENT_TEXTS, type FulfillmentRequestDetail } from '@labline/contracts';
import type { jsPDF } from 'jspdf';
import {
  MIN_MODULE_DOTS,
  QUIET_ZONE_MODULES,
  dotMm,
  fitText,
  printableText,
  wrapText,
  type PrinterDpi,
} from '../../features/tests/labels/labelLayout';
import { patientName } from './model';

/** 4 × 6 inches, portrait. */
export const SHIPPING_LABEL = { widthMm: 101.6, heightMm: 152.4, marginMm: 6 } as const;
/** Shipping label printers print at 203 dpi: the bars are whole dots of it. */
export const SHIPPING_LABEL_DPI: PrinterDpi = 203;
/** The widest module the bars take (carriers' labels use 0.25–0.5 mm); narrower when the id is long. */
const WIDEST_MODULE_MM = 0.5;
const BARS_HEIGHT_MM = 22;
const POINT_MM = 25.4 / 72;
const NONE = '—';

async function pdfCode() {
  const [{ jsPDF }, { code128Bars }] = await Promise.all([
    import('jspdf'),
    import('../../features/tests/labels/barcode'),
  ]);
  return { jsPDF, code128Bars };
}

/** The patient's address as lines: street lines, "City, State, Postal code", country (the detail page's order). */
export function shippingAddressLines(request: FulfillmentRequestDetail): string[] {
  const patient = request.patient;
  if (patient === null) return [];
  return [
    patient.street_address_1,
    patient.street_address_2,
    [patient.city, patient.state, patient.postal_code].filter(Boolean).join(', '),
    patient.country,
  ].filter((line): line is string => line !== null && line !== '');
}

/** The module in whole dots and the bars' left edge: centred, quiet zones inside the margins; null when too long. */
export function shippingBarPlacement(modules: number, dpi: PrinterDpi = SHIPPING_LABEL_DPI) {
  const dot = dotMm(dpi);
  const room = Math.floor((SHIPPING_LABEL.widthMm - 2 * SHIPPING_LABEL.marginMm) / dot);
  const withQuietZones = modules + 2 * QUIET_ZONE_MODULES;
  const moduleDots = Math.min(Math.floor(WIDEST_MODULE_MM / dot + 1e-9), Math.floor(room / withQuietZones));
  if (moduleDots < MIN_MODULE_DOTS) return null;
  const firstDot = Math.round(SHIPPING_LABEL.widthMm / 2 / dot) - Math.round((modules * moduleDots) / 2);
  return { moduleMm: moduleDots * dot, left: firstDot * dot };
}

/** Draws the page top to bottom; `y` is the next line's top. */
class LabelWriter {
  private y = SHIPPING_LABEL.marginMm;
  private readonly left = SHIPPING_LABEL.marginMm;
  private readonly width = SHIPPING_LABEL.widthMm - 2 * SHIPPING_LABEL.marginMm;

  constructor(private readonly document: jsPDF) {}

  private measure = (font: string, bold: boolean) => (text: string, fontSize: number) => {
    this.document.setFont(font, bold ? 'bold' : 'normal').setFontSize(fontSize);
    return this.document.getTextWidth(text);
  };

  /** One line, cut with '...' when wider than the label. */
  line(text: string, fontSize: number, { bold = false, font = 'helvetica', centre = false } = {}) {
    const fitted = fitText(printableText(text), this.width, fontSize, this.measure(font, bold));
    this.document.setFont(font, bold ? 'bold' : 'normal').setFontSize(fontSize);
    this.y += fontSize * POINT_MM * 0.9;
    const x = centre ? SHIPPING_LABEL.widthMm / 2 : this.left;
    this.document.text(fitted, x, this.y, { align: centre ? 'center' : 'left', baseline: 'alphabetic' });
    this.y += fontSize * POINT_MM * 0.35;
  }

  /** A text wrapped onto as many lines as it needs, at most `maxLines` (the last one cut). */
  wrapped(text: string, fontSize: number, maxLines: number, bold = false) {
    const printable = printableText(text);
    const lines = wrapText(printable, this.width, fontSize, this.measure('helvetica', bold));
    lines.slice(0, maxLines).forEach((line, index) => {
      const last = index === maxLines - 1 && lines.length > maxLines;
      this.line(last ? printable.slice(lines[index - 1]?.end ?? 0).trim() : line.text, fontSize, { bold });
    });
  }

  /** A small capital heading of a section. */
  heading(text: string) {
    this.line(text.toUpperCase(), 8, { bold: true });
    this.y += 0.8;
  }

  /** A rule across the label between sections. */
  rule() {
    this.y += 2.5;
    this.document.setLineWidth(0.4).line(this.left, this.y, this.left + this.width, this.y);
    this.y += 2.5;
  }

  bars(bars: readonly { start: number; width: number }[], placement: { moduleMm: number; left: number }) {
    this.y += 2;
    this.document.setFillColor(0, 0, 0);
    for (const bar of bars) {
      this.document.rect(
        placement.left + bar.start * placement.moduleMm,
        this.y,
        bar.width * placement.moduleMm,
        BARS_HEIGHT_MM,
        'F',
      );
    }
    this.y += BARS_HEIGHT_MM + 1;
  }
}

export interface ShippingLabelOptions {
  /** Deflate the page content (the default); the tests read it uncompressed. */
  compress?: boolean;
}

/** The shipping label of a request as a one-page PDF. Refuses (RangeError) an id whose bars would not scan. */
export async function shippingLabelPdf(
  request: FulfillmentRequestDetail,
  options: ShippingLabelOptions = {},
): Promise<jsPDF> {
  const code = await pdfCode();
  const barcode = code.code128Bars(request.display_id);
  const placement = shippingBarPlacement(barcode.modules);
  if (placement === null) throw new RangeError(`${request.display_id} is too long for a shipping label barcode`);
  const document = new code.jsPDF({
    unit: 'mm',
    format: [SHIPPING_LABEL.widthMm, SHIPPING_LABEL.heightMm],
    orientation: 'portrait',
    compress: options.compress ?? true,
    putOnlyUsedFonts: true,
  });
  document.setProperties({ title: `Shipping label ${request.display_id}`, creator: 'Labline' });
  const label = new LabelWriter(document);

  label.heading('From');
  label.line(request.institution_name ?? NONE, 11);
  label.rule();
  label.heading('Ship to');
  label.wrapped(patientName(request) || NONE, 16, 2, true);
  for (const line of shippingAddressLines(request)) label.wrapped(line, 13, 2);
  label.rule();
  label.heading('Tracking number');
  label.line(request.tracking_number ?? NONE, 14, { bold: true, font: 'courier' });
  label.rule();
  label.bars(barcode.bars, placement);
  label.line(request.display_id, 13, { bold: true, font: 'courier', centre: true });
  label.rule();
  label.heading('Contents');
  label.line(`Item: ${request.item_name ?? NONE}`, 10);
  label.line(`SKU: ${request.item_sku ?? NONE}`, 10);
  label.line(`Quantity: ${request.quantity_requested}`, 10);
  label.line(`Test request: ${request.test_request_display_id}`, 10);
  return document;
}

/** Builds the label and hands it to the browser as shipping-label-FUL-000123.pdf. */
export async function downloadShippingLabel(request: FulfillmentRequestDetail): Promise<void> {
  const document = await shippingLabelPdf(request);
  await document.save(FULFILLMENT_TEXTS.shippingLabelFileName(request.id), { returnPromise: true });
}
