/**
 * Where things go on a label, in millimetres from the top left corner. Pure: the PDF code measures text with the
 * PDF's own font metrics and passes that measure in.
 */

export const LABEL_SIZE_IDS = ['50x25', '38x19'] as const;
export type LabelSizeId = (typeof LABEL_SIZE_IDS)[number];

/** Font sizes in points; lengths in millimetres. */
export interface LabelSize {
  id: LabelSizeId;
  name: string;
  widthMm: number;
  heightMm: number;
  marginMm: number;
  /** The patient's name; the DOB and MRN line and the request lines; the human-readable barcode number. */
  fontSizes: { name: number; details: number; barcodeNumber: number };
  barHeightMm: number;
}

/** The common thermal label sizes; each PDF page is one label, as label printers expect. */
export const LABEL_SIZES: Readonly<Record<LabelSizeId, LabelSize>> = {
  '50x25': {
    id: '50x25',
    name: '50 × 25 mm',
    widthMm: 50,
    heightMm: 25,
    marginMm: 1.5,
    fontSizes: { name: 8, details: 6.5, barcodeNumber: 7 },
    barHeightMm: 7.5,
  },
  '38x19': {
    id: '38x19',
    name: '38 × 19 mm',
    widthMm: 38,
    heightMm: 19,
    marginMm: 1,
    fontSizes: { name: 6.5, details: 5, barcodeNumber: 5.5 },
    barHeightMm: 5,
  },
};

export const DEFAULT_LABEL_SIZE: LabelSizeId = '50x25';

export const isLabelSizeId = (value: unknown): value is LabelSizeId =>
  (LABEL_SIZE_IDS as readonly unknown[]).includes(value);

export const POINT_MM = 25.4 / 72;
/** A text line's height and its baseline below the line's top, in ems (Helvetica's ascender is 0.72 em). */
const LINE_HEIGHT_EM = 1.15;
const BASELINE_EM = 0.88;
/** Space between the bars and the text above them. */
const BAR_GAP_MM = 0.3;
/** Code 128 needs ten modules of blank space on each side of the bars to be found by a scanner. */
export const QUIET_ZONE_MODULES = 10;
/** Wider bars than this add nothing to scanning on a small label. */
const WIDEST_MODULE_MM = 0.4;
/**
 * Narrower bars than this print unevenly on a 203 dpi label printer (under two dots) and scan poorly: the
 * dialog warns when a long barcode number on a small label comes out this dense.
 */
export const NARROWEST_RELIABLE_MODULE_MM = 0.19;

export interface TextLine {
  /** Baseline, from the label's top. */
  baselineMm: number;
  fontSize: number;
}

export interface LabelLayout {
  size: LabelSize;
  left: number;
  right: number;
  contentWidth: number;
  name: TextLine;
  identity: TextLine;
  bars: { top: number; height: number };
  barcodeNumber: TextLine;
  request: TextLine;
  device: TextLine;
  /** The lowest point any text reaches (the last line's descenders). */
  bottom: number;
}

const lineHeight = (fontSize: number) => fontSize * POINT_MM * LINE_HEIGHT_EM;

/** The rows of a label, top to bottom: name; DOB and MRN; bars; barcode number; REQ id and sample type; device. */
export function labelLayout(size: LabelSize): LabelLayout {
  let top = size.marginMm;
  const line = (fontSize: number): TextLine => {
    const placed = { baselineMm: top + fontSize * POINT_MM * BASELINE_EM, fontSize };
    top += lineHeight(fontSize);
    return placed;
  };
  const name = line(size.fontSizes.name);
  const identity = line(size.fontSizes.details);
  top += BAR_GAP_MM;
  const bars = { top, height: size.barHeightMm };
  top += size.barHeightMm;
  const barcodeNumber = line(size.fontSizes.barcodeNumber);
  const request = line(size.fontSizes.details);
  const device = line(size.fontSizes.details);
  return {
    size,
    left: size.marginMm,
    right: size.widthMm - size.marginMm,
    contentWidth: size.widthMm - 2 * size.marginMm,
    name,
    identity,
    bars,
    barcodeNumber,
    request,
    device,
    bottom: top,
  };
}

/**
 * The bars' module width and left edge for a barcode `modules` wide: as wide as the label allows with the quiet
 * zones kept, centred.
 */
export function barPlacement(layout: LabelLayout, modules: number): { moduleMm: number; left: number } {
  const moduleMm = Math.min(WIDEST_MODULE_MM, layout.contentWidth / (modules + 2 * QUIET_ZONE_MODULES));
  return { moduleMm, left: (layout.size.widthMm - modules * moduleMm) / 2 };
}

/** The width of `text` in millimetres at a font size in points. */
export type MeasureText = (text: string, fontSize: number) => number;

const ELLIPSIS = '...';

/**
 * `text` cut to fit `maxWidth` with '...' at the end (the standard PDF fonts have no '…'), the text itself
 * when it fits. The cut happens between whole characters, surrogate pairs kept together.
 */
export function fitText(text: string, maxWidth: number, fontSize: number, measure: MeasureText): string {
  if (measure(text, fontSize) <= maxWidth) return text;
  const characters = Array.from(text);
  let low = 0;
  let high = characters.length;
  // The longest prefix that fits with the ellipsis: widths grow with the prefix, so a binary search finds it.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(characters.slice(0, middle).join('').trimEnd() + ELLIPSIS, fontSize) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return low === 0 ? ELLIPSIS : characters.slice(0, low).join('').trimEnd() + ELLIPSIS;
}

/** The largest font size from `fontSize` down to `smallest` (half points) at which `text` fits `maxWidth`. */
export function shrinkToFit(
  text: string,
  maxWidth: number,
  fontSize: number,
  smallest: number,
  measure: MeasureText,
): number {
  let size = fontSize;
  while (size > smallest && measure(text, size) > maxWidth) size -= 0.5;
  return Math.max(size, smallest);
}

/** Characters outside Latin-1 that have a plain equivalent the standard PDF fonts can draw. */
const PLAIN_EQUIVALENTS: Readonly<Record<string, string>> = {
  '…': '...',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Œ: 'OE',
  œ: 'oe',
  ı: 'i',
};

const LATIN_1 = /^[\x20-\x7e\xa0-\xff]$/;

/**
 * `text` in the characters a label's standard PDF fonts can draw (Latin-1): accents outside it dropped
 * ('Ő' → 'O'), a few marks replaced, anything else shown as '?'. jsPDF would otherwise garble the whole line.
 */
export function printableText(text: string): string {
  return Array.from(text.normalize('NFC').replace(/\s+/g, ' '))
    .map((character) => {
      if (LATIN_1.test(character)) return character;
      const plain = PLAIN_EQUIVALENTS[character] ?? character.normalize('NFD').replace(/\p{M}/gu, '');
      return Array.from(plain).every((part) => LATIN_1.test(part)) && plain !== '' ? plain : '?';
    })
    .join('');
}
