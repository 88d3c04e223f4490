/**
 * The order form's Additional Fields (spec 1 §3, §7 custom_data): named values, edited as rows of a name and a
 * value and checked as the contract's customDataSchema checks them (a name of at most 100 characters, a text
 * value of at most 2,000), plus what a form of rows needs: a value needs a name, and a name is used once.
 */
import { CUSTOM_DATA_LIMITS, type CustomData } from '@labline/contracts';

export type CustomDataValue = CustomData[string];

/** One row: `key` is the row's own (React's), `name` the field's. */
export interface CustomDataEntry {
  key: number;
  name: string;
  /** Typed in as text; a number or flag the request already held stays one until it is changed. */
  value: CustomDataValue;
}

let nextKey = 1;

export function emptyCustomDataEntry(): CustomDataEntry {
  nextKey += 1;
  return { key: nextKey, name: '', value: '' };
}

/** The request's custom_data as rows, in its order. */
export const customDataEntriesOf = (data: CustomData | null): CustomDataEntry[] =>
  Object.entries(data ?? {}).map(([name, value]) => ({ ...emptyCustomDataEntry(), name, value }));

/** A value as its input shows it. */
export const customDataValueText = (value: CustomDataValue): string => (value === null ? '' : String(value));

const isBlank = (entry: CustomDataEntry) => entry.name.trim() === '' && customDataValueText(entry.value).trim() === '';

/** Each row's problem ('' when none): a blank row is none, it is left out. */
export function customDataProblems(entries: readonly CustomDataEntry[]): string[] {
  const names = entries.filter((entry) => !isBlank(entry)).map((entry) => entry.name.trim());
  return entries.map((entry) => {
    if (isBlank(entry)) return '';
    const name = entry.name.trim();
    if (name === '') return 'Enter a name for this value';
    if (name.length > CUSTOM_DATA_LIMITS.name) return `A name has at most ${CUSTOM_DATA_LIMITS.name} characters`;
    if (names.filter((other) => other === name).length > 1) return 'Each name may be used once';
    if (typeof entry.value === 'string' && entry.value.length > CUSTOM_DATA_LIMITS.value) {
      return `A value has at most ${CUSTOM_DATA_LIMITS.value} characters`;
    }
    return '';
  });
}

export const hasCustomDataProblems = (entries: readonly CustomDataEntry[]): boolean =>
  customDataProblems(entries).some((problem) => problem !== '');

/** The rows as the body's custom_data: blank rows left out, names trimmed; null when there are none. */
export function customDataOf(entries: readonly CustomDataEntry[]): CustomData | null {
  const filled = entries.filter((entry) => !isBlank(entry));
  if (filled.length === 0) return null;
  return Object.fromEntries(filled.map((entry) => [entry.name.trim(), entry.value]));
}
