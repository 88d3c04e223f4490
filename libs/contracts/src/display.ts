/** Display identifiers of spec 1 §9: a prefix and the numeric id padded to 6 digits. */
export const DISPLAY_ID_PREFIXES = { testRequest: 'REQ', testResult: 'RES', fulfillmentRequest: 'FUL' } as const;
export type DisplayIdKind = keyof typeof DISPLAY_ID_PREFIXES;

export function displayId(kind: DisplayIdKind, id: number): string {
  if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`Invalid ${kind} id: ${id}`);
  return `${DISPLAY_ID_PREFIXES[kind]}-${String(id).padStart(6, '0')}`;
}

export const formatRequestId = (id: number): string => displayId('testRequest', id);
export const formatResultId = (id: number): string => displayId('testResult', id);
export const formatFulfillmentId = (id: number): string => displayId('fulfillmentRequest', id);

/** Parses 'REQ-000123' (or a bare number) back to 123; null when it is not one. */
export function parseDisplayId(kind: DisplayIdKind, text: string): number | null {
  const match = new RegExp(`^(?:${DISPLAY_ID_PREFIXES[kind]}-)?(\\d{1,15})$`, 'i').exec(text.trim());
  return match ? Number(match[1]) : null;
}

/** Initials for avatars: first letters of first and last name. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}
