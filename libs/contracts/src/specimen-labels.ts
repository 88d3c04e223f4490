/**
 * Why a specimen label size is refused before printing (issue 22): the spec gives no texts for labels, so these
 * are Labline's. The web's Print Labels dialog shows them beside the size it disables, and the PDF code refuses
 * with the same sentence, so an unreadable barcode or a cut surname is never printed.
 */

/** Millimetres as a person reads them on a label: one decimal place, none when whole. */
const millimetres = (value: number): string => `${Number(value.toFixed(1))} mm`;

export const LABEL_PROBLEMS = {
  /** The bars at the narrowest printable module, with their quiet zones, are wider than the label. */
  barcodeTooLong: (sizeName: string, dpi: number, neededMm: number, availableMm: number): string =>
    `The barcode number is too long for ${sizeName} labels at ${dpi} dpi: its bars need ${millimetres(neededMm)} with their quiet zones and the label has ${millimetres(availableMm)} between its margins, so it would not scan`,
  /** The surname, at the smallest name size, needs more lines than the label has. */
  surnameTooLong: (sizeName: string): string =>
    `The patient's surname is too long to print in full on ${sizeName} labels`,
} as const;
