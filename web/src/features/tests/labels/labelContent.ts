/**
 * What a specimen label says (issue 12 point 4, issue 22; the spec has no text for labels, so this is what a lab
 * expects, after CLSI AUTO12): the patient's surname and given name, date of birth and MRN, the barcode and its
 * number, the REQ id, the sample type, the priority (a STAT or URGENT mark) and the collection device. One label
 * per tube: by default one per collection device of the request. The request has no collection date or time
 * (only the expected test date), so a label has none.
 */
import { formatRequestId, type TestRequestDetail, formatDate } from '@labline/contracts';
import type { LabelTexts } from './labelLayout';

/** The copies a print run may ask for: a full tray of tubes, not a roll by mistake. */
export const COPIES_LIMITS = { min: 1, max: 50 } as const;

/** The request fields a label is made from. */
export type LabelledRequest = Pick<
  TestRequestDetail,
  | 'id'
  | 'barcode_number'
  | 'patient_first_name'
  | 'patient_last_name'
  | 'medical_record_number'
  | 'sample_type'
  | 'priority'
  | 'device_selections'
  | 'collection_devices'
>;

/** One label: its texts (the layout decides how the name is written and what fits). */
export type LabelContent = LabelTexts;

/**
 * The tubes of the request, one entry per tube: the device selections with their quantities where the order
 * recorded them, else the request's collection devices once each.
 */
export function labelDevices(request: Pick<LabelledRequest, 'device_selections' | 'collection_devices'>): string[] {
  const selected = request.device_selections.flatMap((selection) =>
    Array.from({ length: selection.quantity }, () => selection.device_name),
  );
  return selected.length > 0 ? selected : request.collection_devices.map((device) => device.name);
}

/** The tubes in a few words: "EDTA tube × 2, Serum tube". */
export function deviceSummary(devices: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const device of devices) counts.set(device, (counts.get(device) ?? 0) + 1);
  return [...counts].map(([device, count]) => (count === 1 ? device : `${device} × ${count}`)).join(', ');
}

/** One label per tube, and at least one. */
export function defaultCopies(request: Pick<LabelledRequest, 'device_selections' | 'collection_devices'>): number {
  return Math.min(COPIES_LIMITS.max, Math.max(COPIES_LIMITS.min, labelDevices(request).length));
}

/** Why `copies` cannot be printed, or null when it can. */
export function copiesProblem(copies: number | null | undefined): string | null {
  if (copies === null || copies === undefined) return 'Enter the number of copies';
  if (!Number.isInteger(copies) || copies < COPIES_LIMITS.min || copies > COPIES_LIMITS.max) {
    return `Copies must be a whole number from ${COPIES_LIMITS.min} to ${COPIES_LIMITS.max}`;
  }
  return null;
}

/**
 * The labels of one print run: `copies` labels, each naming a tube of the request in turn (more copies than
 * tubes start over at the first tube).
 * @param dateOfBirth the patient's date of birth as stored (YYYY-MM-DD), or null when it is not known
 */
export function labelsFor(request: LabelledRequest, dateOfBirth: string | null, copies: number): LabelContent[] {
  const problem = copiesProblem(copies);
  if (problem !== null) throw new RangeError(problem);
  const devices = labelDevices(request);
  const mrn = request.medical_record_number?.trim() ?? '';
  const common = {
    barcodeNumber: request.barcode_number,
    surname: request.patient_last_name,
    givenName: request.patient_first_name,
    dateOfBirth: dateOfBirth === null ? 'DOB unknown' : `DOB ${formatDate(dateOfBirth)}`,
    medicalRecordNumber: mrn === '' ? 'No MRN' : `MRN ${mrn}`,
    requestId: formatRequestId(request.id),
    sampleType: request.sample_type,
    priority: request.priority,
  };
  return Array.from({ length: copies }, (_, index) => ({
    ...common,
    device: devices.length === 0 ? null : devices[index % devices.length]!,
  }));
}

/** The file the labels download as: labels-REQ-000123.pdf. */
export const labelFileName = (requestId: number): string => `labels-${formatRequestId(requestId)}.pdf`;

/**
 * Printable ASCII only: every Code 128 scanner reads these back as typed, where characters beyond need FNC4
 * and a scanner set up for them.
 */
const CODE128_SAFE = /^[\x20-\x7e]+$/;

/** Why the barcode number cannot be printed as a Code 128 barcode, or null when it can. */
export function barcodeProblem(barcodeNumber: string): string | null {
  if (barcodeNumber.trim() === '') return 'No barcode number assigned';
  if (!CODE128_SAFE.test(barcodeNumber)) {
    return 'The barcode number has characters a Code 128 barcode cannot carry (letters, digits and ASCII symbols only)';
  }
  return null;
}
