/**
 * Where things go on a label, in millimetres from the top left corner, and whether a label's content fits a size
 * at all (issue 22). Pure: the PDF code measures text with the PDF's own font metrics and passes that measure in,
 * and counts the barcode's modules with bwip-js.
 *
 * A label follows the specimen labelling conventions of CLSI AUTO12: the surname first, in capitals and never cut,
 * then the given name; date of birth and MRN; the barcode with its number; the REQ id, the sample type and the
 * priority mark; the tube. What does not fit refuses the size before printing (`planLabel`), never a label with
 * an unreadable barcode or without the surname.
 */
import { LABEL_PROBLEMS, type TestRequestPriority } from '@labline/contracts';

export const LABEL_SIZE_IDS = ['50x25', '38x19'] as const;
export type LabelSizeId = (typeof LABEL_SIZE_IDS)[number];

/** Font sizes in points; lengths in millimetres. */
export interface LabelSize {
  id: LabelSizeId;
  name: string;
  widthMm: number;
  heightMm: number;
  marginMm: number;
  /**
   * The patient's name (it shrinks down to `smallestName` before it wraps); the DOB and MRN line and the request
   * lines; the human-readable barcode number.
   */
  fontSizes: { name: number; smallestName: number; details: number; barcodeNumber: number };
}

/** The common thermal label sizes; each PDF page is one label, as label printers expect. */
export const LABEL_SIZES: Readonly<Record<LabelSizeId, LabelSize>> = {
  '50x25': {
    id: '50x25',
    name: '50 × 25 mm',
    widthMm: 50,
    heightMm: 25,
    marginMm: 1.5,
    fontSizes: { name: 8, smallestName: 5, details: 6.5, barcodeNumber: 7 },
  },
  '38x19': {
    id: '38x19',
    name: '38 × 19 mm',
    widthMm: 38,
    heightMm: 19,
    marginMm: 1,
    fontSizes: { name: 6.5, smallestName: 5, details: 5, barcodeNumber: 5.5 },
  },
};

export const DEFAULT_LABEL_SIZE: LabelSizeId = '50x25';

export const isLabelSizeId = (value: unknown): value is LabelSizeId =>
  (LABEL_SIZE_IDS as readonly unknown[]).includes(value);

/** The resolutions of the thermal label printers labs use (dots per inch); 203 is the common one. */
export const PRINTER_DPIS = [203, 300] as const;
export type PrinterDpi = (typeof PRINTER_DPIS)[number];
export const DEFAULT_PRINTER_DPI: PrinterDpi = 203;

export const isPrinterDpi = (value: unknown): value is PrinterDpi =>
  (PRINTER_DPIS as readonly unknown[]).includes(value);

/** One printer dot in millimetres. */
export const dotMm = (dpi: PrinterDpi): number => 25.4 / dpi;

export const POINT_MM = 25.4 / 72;
/** A text line's height and its baseline below the line's top, in ems (Helvetica's ascender is 0.72 em). */
const LINE_HEIGHT_EM = 1.15;
const BASELINE_EM = 0.88;
/** Space between the DOB and MRN line and the bars. */
const BAR_GAP_MM = 0.3;
/** Between two texts sharing a line (DOB and MRN; REQ id, sample type and priority mark). */
const COLUMN_GAP_MM = 1.5;
/** The MRN and the barcode number get smaller than their line before they are cut, down to this. */
const SMALLEST_TEXT_PT = 4;
/** The priority mark's white space around its word, inside the black box. */
const MARK_PADDING_MM = 0.5;

/** Code 128 needs ten modules of blank space on each side of the bars to be found by a scanner. */
export const QUIET_ZONE_MODULES = 10;
/**
 * The narrowest module (the X dimension, the narrowest bar or space) is two printer dots: 0.25 mm (10 mil) at
 * 203 dpi, 0.17 mm (6.7 mil) at 300 dpi. A one-dot module is at the mercy of a single heating element and of dot
 * gain (a thermal printer's bars spread by a fraction of a dot, which is a large part of a one-dot space, more
 * than Code 128's decoding tolerates); with two dots the error stays a fraction of a module. Both widths are
 * within what laboratory analysers' and handheld scanners' readers specify for tube labels (X from 0.127 mm), and
 * every module is a whole number of dots, so every bar and space prints at its exact width.
 */
export const MIN_MODULE_DOTS = 2;
/** Wider modules than this add nothing to scanning on a small label. */
const WIDEST_MODULE_MM = 0.4;
/** Bars lower than this are hard to scan at an angle; the bars get whatever height the texts leave above it. */
export const MIN_BAR_HEIGHT_MM = 5;

/** The width of `text` in millimetres at a font size in points. */
export type MeasureText = (text: string, fontSize: number) => number;
export type Font = 'helvetica' | 'courier';
/** The measure of a font in one weight. */
export type Measurer = (font: Font, bold: boolean) => MeasureText;

const lineHeight = (fontSize: number) => fontSize * POINT_MM * LINE_HEIGHT_EM;
const baselineBelowTop = (fontSize: number) => fontSize * POINT_MM * BASELINE_EM;

/** Where the bars go: whole dots for every module, centred between the margins with the quiet zones inside them. */
export interface BarPlacement {
  moduleDots: number;
  moduleMm: number;
  /** The first bar's left edge, a whole number of dots from the label's left edge. */
  left: number;
}

/** The bars' room across the label: from the left margin to the right one, in whole dots. */
function barRoom(size: LabelSize, dpi: PrinterDpi) {
  const dot = dotMm(dpi);
  const from = Math.ceil(size.marginMm / dot - 1e-9);
  const to = Math.floor((size.widthMm - size.marginMm) / dot + 1e-9);
  return { from, dots: to - from };
}

/**
 * The bars of a barcode `modules` wide at `dpi`: the widest whole-dot module (up to 0.4 mm) with which the bars
 * and their quiet zones fit between the margins; null when even the narrowest (MIN_MODULE_DOTS) does not.
 */
export function barPlacement(size: LabelSize, dpi: PrinterDpi, modules: number): BarPlacement | null {
  const room = barRoom(size, dpi);
  const withQuietZones = modules + 2 * QUIET_ZONE_MODULES;
  const widest = Math.max(MIN_MODULE_DOTS, Math.floor(WIDEST_MODULE_MM / dotMm(dpi) + 1e-9));
  const moduleDots = Math.min(widest, Math.floor(room.dots / withQuietZones));
  if (moduleDots < MIN_MODULE_DOTS) return null;
  const firstBar =
    room.from + Math.floor((room.dots - withQuietZones * moduleDots) / 2) + QUIET_ZONE_MODULES * moduleDots;
  return { moduleDots, moduleMm: moduleDots * dotMm(dpi), left: firstBar * dotMm(dpi) };
}

/** The width the bars of a barcode `modules` wide need at the narrowest module, quiet zones included. */
export const narrowestBarsWidthMm = (dpi: PrinterDpi, modules: number): number =>
  (modules + 2 * QUIET_ZONE_MODULES) * MIN_MODULE_DOTS * dotMm(dpi);

/** The width the bars and their quiet zones may take: the whole dots between the margins. */
export const barRoomMm = (size: LabelSize, dpi: PrinterDpi): number => barRoom(size, dpi).dots * dotMm(dpi);

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

/** A line of wrapped text and where it ends in the text (the index after its last character, spaces included). */
export interface WrappedLine {
  text: string;
  end: number;
}

/**
 * `text` in lines no wider than `maxWidth`: broken at spaces and after hyphens, and inside a word only where the
 * word alone is wider than a line (no hyphen is added: a name is never shown with a character it does not have).
 */
export function wrapText(text: string, maxWidth: number, fontSize: number, measure: MeasureText): WrappedLine[] {
  const fits = (candidate: string) => measure(candidate.trimEnd(), fontSize) <= maxWidth;
  const lines: WrappedLine[] = [];
  let line = '';
  let end = 0;
  const flush = () => {
    if (line.trim() !== '') lines.push({ text: line.trimEnd(), end });
    line = '';
  };
  for (const segment of text.match(/[^ -]*(?:-+|\s+|$)/g) ?? []) {
    if (segment === '') continue;
    if (fits(line + segment)) {
      line += segment;
      end += segment.length;
      continue;
    }
    flush();
    let rest = Array.from(segment);
    while (rest.length > 0 && !fits(rest.join(''))) {
      // The longest start of the word that fits a line (at least one character, so the loop always moves on).
      let count = 1;
      while (count < rest.length && fits(rest.slice(0, count + 1).join(''))) count += 1;
      line = rest.slice(0, count).join('');
      end += line.length;
      flush();
      rest = rest.slice(count);
    }
    line = rest.join('');
    end += line.length;
  }
  flush();
  return lines;
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

/** The name as a label prints it: "SURNAME, Given" (the surname in capitals, as AUTO12 suggests). */
export interface LabelName {
  text: string;
  /**
   * How many characters from the start must never be cut: the surname and its comma (the whole name when there
   * is no surname).
   */
  keep: number;
}

export function labelName(surname: string | null, givenName: string | null): LabelName {
  const last = printableText(surname?.trim() ?? '').toUpperCase();
  // Upper case can leave Latin-1 ('ÿ' → 'Ÿ'): printable again.
  const upper = printableText(last).trim();
  const given = printableText(givenName?.trim() ?? '').trim();
  if (upper === '') {
    const text = given === '' ? 'Unknown patient' : given;
    return { text, keep: text.length };
  }
  // With a given name, the comma after the surname is kept too: it shows where the surname ends.
  return given === '' ? { text: upper, keep: upper.length } : { text: `${upper}, ${given}`, keep: upper.length + 1 };
}

/** The name's lines at one font size. */
export interface NameLines {
  lines: string[];
  fontSize: number;
}

/**
 * The name in at most `heightMm` of lines `width` wide, the surname never cut:
 * on one line, shrunk from the size's name font down to its smallest; else wrapped, at the largest size whose
 * lines fit the height; else, when `cutGivenName`, with the given name cut ('...') at the largest size that keeps
 * the whole surname. Null when the name cannot be placed so.
 */
export function fitName(
  name: LabelName,
  width: number,
  heightMm: number,
  size: LabelSize,
  measure: MeasureText,
  cutGivenName: boolean,
): NameLines | null {
  const { name: largest, smallestName } = size.fontSizes;
  const fontSizes: number[] = [];
  for (let fontSize = largest; fontSize >= smallestName; fontSize -= 0.5) fontSizes.push(fontSize);
  const maxLines = (fontSize: number) => Math.floor((heightMm + 1e-9) / lineHeight(fontSize));

  for (const fontSize of fontSizes) {
    if (maxLines(fontSize) >= 1 && measure(name.text, fontSize) <= width) return { lines: [name.text], fontSize };
  }
  for (const fontSize of fontSizes) {
    const lines = wrapText(name.text, width, fontSize, measure);
    if (lines.length <= maxLines(fontSize)) return { lines: lines.map((line) => line.text), fontSize };
  }
  if (!cutGivenName) return null;
  for (const fontSize of fontSizes) {
    const count = maxLines(fontSize);
    if (count < 1) continue;
    const lines = wrapText(name.text, width, fontSize, measure);
    // The last line that fits takes the rest of the name, cut with '...'; the lines before it stay as wrapped.
    const restStart = count === 1 ? 0 : lines[count - 2]!.end;
    const rawRest = name.text.slice(restStart);
    const rest = rawRest.trim();
    const last = fitText(rest, width, fontSize, measure);
    const keptOfRest = last === rest ? rest.length : last.length - ELLIPSIS.length;
    if (restStart + (rawRest.length - rawRest.trimStart().length) + keptOfRest >= name.keep) {
      return { lines: [...lines.slice(0, count - 1).map((line) => line.text), last], fontSize };
    }
  }
  return null;
}

/** What a label shows, as the layout needs it (LabelContent's fields). */
export interface LabelTexts {
  surname: string | null;
  givenName: string | null;
  /** "DOB 12 Apr 1980", or that it is unknown. */
  dateOfBirth: string;
  /** "MRN 123456", or that there is none. */
  medicalRecordNumber: string;
  barcodeNumber: string;
  requestId: string;
  sampleType: string;
  priority: TestRequestPriority;
  device: string | null;
}

export interface PlacedText {
  text: string;
  /** Left edge, right edge or centre (by `align`), and the baseline, from the label's top left. */
  x: number;
  baseline: number;
  fontSize: number;
  font: Font;
  bold: boolean;
  align: 'left' | 'right' | 'center';
  /** White, on the priority mark's black box. */
  white?: boolean;
}

export interface PlacedRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface LabelPlan {
  texts: PlacedText[];
  /** The priority mark's black box, when the request is urgent or STAT. */
  mark: PlacedRect | null;
  bars: BarPlacement & { top: number; height: number };
}

/** Why a label cannot be printed on a size at a resolution: the sentence the print dialog shows. */
export interface LabelRefusal {
  problem: string;
}

/** The priority mark's word: "STAT" or "URGENT"; none for a normal request. */
export const priorityMark = (priority: TestRequestPriority): string | null =>
  priority === 'normal' ? null : priority.toUpperCase();

/**
 * A label laid out on `size` for a `dpi` printer, or why it cannot be printed there. `barcodeModules` is the
 * Code 128 symbol's width in modules (bars and spaces, without quiet zones).
 * The rows, top to bottom: the name (one or more lines); DOB and MRN (the MRN on a line of its own when it is too
 * long to share and fits whole there); the bars (the height the rest leaves, at least MIN_BAR_HEIGHT_MM); the barcode number; REQ id,
 * sample type and the priority mark; the tube. When the name needs the tube's line, the tube follows the sample
 * type on the request line instead.
 */
export function planLabel(
  label: LabelTexts,
  size: LabelSize,
  dpi: PrinterDpi,
  barcodeModules: number,
  measure: Measurer,
): LabelPlan | LabelRefusal {
  const contentWidth = size.widthMm - 2 * size.marginMm;
  const bars = barPlacement(size, dpi, barcodeModules);
  if (bars === null) {
    const needed = narrowestBarsWidthMm(dpi, barcodeModules);
    return { problem: LABEL_PROBLEMS.barcodeTooLong(size.name, dpi, needed, barRoomMm(size, dpi)) };
  }
  const { details, barcodeNumber: numberFont } = size.fontSizes;
  const contentHeight = size.heightMm - 2 * size.marginMm;
  const regular = measure('helvetica', false);
  const dateOfBirth = printableText(label.dateOfBirth);
  const dateWidth = Math.min(regular(dateOfBirth, details), contentWidth / 2);
  const mrn = printableText(label.medicalRecordNumber);
  const besideDateWidth = contentWidth - dateWidth - COLUMN_GAP_MM;
  // The MRN shares the DOB's line when it fits there whole (shrunk down to the smallest text), else it takes a
  // line of its own where it fits whole there; wider than the label even so, it stays beside the DOB, cut.
  const mrnNeedsLine =
    regular(mrn, SMALLEST_TEXT_PT) > besideDateWidth && regular(mrn, SMALLEST_TEXT_PT) <= contentWidth;
  const rowsWithoutName = (deviceLine: boolean, mrnLine: boolean) =>
    lineHeight(details) * (2 + (deviceLine ? 1 : 0) + (mrnLine ? 1 : 0)) +
    BAR_GAP_MM +
    lineHeight(numberFont) +
    MIN_BAR_HEIGHT_MM;
  const name = labelName(label.surname, label.givenName);
  const nameMeasure = measure('helvetica', true);
  const hasDevice = label.device !== null;
  // The whole name first (with the tube's own line, then without); then the given name cut; the MRN is cut
  // beside the DOB only when the surname needs its line.
  const attempts = [
    { deviceLine: hasDevice, cut: false, mrnLine: mrnNeedsLine },
    { deviceLine: false, cut: false, mrnLine: mrnNeedsLine },
    { deviceLine: hasDevice, cut: true, mrnLine: mrnNeedsLine },
    { deviceLine: false, cut: true, mrnLine: mrnNeedsLine },
    { deviceLine: false, cut: true, mrnLine: false },
  ];
  let fitted: { lines: NameLines; deviceLine: boolean; mrnLine: boolean } | null = null;
  for (const { deviceLine, cut, mrnLine } of attempts) {
    const height = contentHeight - rowsWithoutName(deviceLine, mrnLine);
    const lines = fitName(name, contentWidth, height, size, nameMeasure, cut);
    if (lines !== null) {
      fitted = { lines, deviceLine, mrnLine };
      break;
    }
  }
  if (fitted === null) return { problem: LABEL_PROBLEMS.surnameTooLong(size.name) };

  const left = size.marginMm;
  const right = size.widthMm - size.marginMm;
  const texts: PlacedText[] = [];
  const place = (
    text: string,
    x: number,
    top: number,
    maxWidth: number,
    style: Omit<PlacedText, 'text' | 'x' | 'baseline'>,
  ) => {
    const fittedText = fitText(printableText(text), maxWidth, style.fontSize, measure(style.font, style.bold));
    texts.push({ ...style, text: fittedText, x, baseline: top + baselineBelowTop(style.fontSize) });
    return measure(style.font, style.bold)(fittedText, style.fontSize);
  };
  const plain = { font: 'helvetica', bold: false } as const;

  let top = size.marginMm;
  for (const line of fitted.lines.lines) {
    place(line, left, top, contentWidth, {
      fontSize: fitted.lines.fontSize,
      font: 'helvetica',
      bold: true,
      align: 'left',
    });
    top += lineHeight(fitted.lines.fontSize);
  }

  place(dateOfBirth, left, top, dateWidth, { ...plain, fontSize: details, align: 'left' });
  if (fitted.mrnLine) {
    top += lineHeight(details);
    const mrnFont = shrinkToFit(mrn, contentWidth, details, SMALLEST_TEXT_PT, regular);
    place(mrn, left, top + baselineBelowTop(details) - baselineBelowTop(mrnFont), contentWidth, {
      ...plain,
      fontSize: mrnFont,
      align: 'left',
    });
  } else {
    const mrnFont = shrinkToFit(mrn, besideDateWidth, details, SMALLEST_TEXT_PT, regular);
    // A smaller MRN keeps the line's baseline.
    place(mrn, right, top + baselineBelowTop(details) - baselineBelowTop(mrnFont), besideDateWidth, {
      ...plain,
      fontSize: mrnFont,
      align: 'right',
    });
  }
  top += lineHeight(details) + BAR_GAP_MM;

  const below = lineHeight(numberFont) + lineHeight(details) * (fitted.deviceLine ? 2 : 1);
  const barHeight = size.heightMm - size.marginMm - below - top;
  const placedBars = { ...bars, top, height: barHeight };
  top += barHeight;

  const number = printableText(label.barcodeNumber);
  const courier = measure('courier', true);
  const numberSize = shrinkToFit(number, contentWidth, numberFont, SMALLEST_TEXT_PT, courier);
  place(number, size.widthMm / 2, top + baselineBelowTop(numberFont) - baselineBelowTop(numberSize), contentWidth, {
    font: 'courier',
    bold: true,
    fontSize: numberSize,
    align: 'center',
  });
  top += lineHeight(numberFont);

  const requestWidth = place(label.requestId, left, top, contentWidth, {
    ...plain,
    bold: true,
    fontSize: details,
    align: 'left',
  });
  let sampleRight = right;
  let mark: PlacedRect | null = null;
  const markWord = priorityMark(label.priority);
  if (markWord !== null) {
    const width = measure('helvetica', true)(markWord, details) + 2 * MARK_PADDING_MM;
    mark = { left: right - width, top, width, height: lineHeight(details) };
    texts.push({
      text: markWord,
      x: right - width / 2,
      baseline: top + baselineBelowTop(details),
      fontSize: details,
      font: 'helvetica',
      bold: true,
      align: 'center',
      white: true,
    });
    sampleRight = right - width - COLUMN_GAP_MM;
  }
  const sample = fitted.deviceLine || label.device === null ? label.sampleType : `${label.sampleType}, ${label.device}`;
  place(sample, sampleRight, top, sampleRight - left - requestWidth - COLUMN_GAP_MM, {
    ...plain,
    fontSize: details,
    align: 'right',
  });
  top += lineHeight(details);

  if (fitted.deviceLine && label.device !== null)
    place(label.device, left, top, contentWidth, { ...plain, fontSize: details, align: 'left' });
  return { texts, mark, bars: placedBars };
}

export const isRefusal = (plan: LabelPlan | LabelRefusal): plan is LabelRefusal => 'problem' in plan;
