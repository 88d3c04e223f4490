/**
 * A list's search, filters and page as the address holds them (`?search=…&status=…&page=…`, issue 22), read and
 * written without React: the pure half of useUrlListState. Every list names its filters once, with the reader of
 * each, so a filter's value is typed (one of a list of values, an id, a flag) and an address typed by hand or
 * an old link with a value the list no longer knows reads as no filter rather than as a wrong one.
 */

/** Reads one filter's text from the address: its value, or undefined when the text is not one it knows. */
export type FilterReader<T extends FilterValue> = (text: string) => T | undefined;
/** What a filter may hold: an enumerated value, an id or a flag. */
export type FilterValue = string | number | boolean;
/** A list's filters, by their name in the address. */
export type FilterReaders = Readonly<Record<string, FilterReader<FilterValue>>>;
/** The filters' values as the list uses them: undefined where the address has none it knows. */
export type FilterValues<R extends FilterReaders> = { [K in keyof R]: ReturnType<R[K]> };

/** The address's names for the search text and the page; a list's filters take other names (and not `tab`). */
export const SEARCH_PARAM = 'search';
export const PAGE_PARAM = 'page';

/** The readers the lists' filters use. */
export const urlFilter = {
  /** One of `values` (a status, a role, a channel). */
  oneOf:
    <T extends string>(values: readonly T[]): FilterReader<T> =>
    (text) =>
      values.find((value) => value === text),
  /** A record's id: a positive whole number. */
  id: ((text) => (/^[1-9]\d{0,14}$/.test(text) ? Number(text) : undefined)) as FilterReader<number>,
  /** A box that is ticked (`true`) or not (absent). */
  flag: ((text) => (text === 'true' ? true : undefined)) as FilterReader<true>,
};

export interface ListParams<R extends FilterReaders> {
  /** The trimmed search text; '' for none. */
  search: string;
  filters: FilterValues<R>;
  /** 1 when the address names no page, or not a page number. */
  page: number;
}

export function readListParams<R extends FilterReaders>(params: URLSearchParams, readers: R): ListParams<R> {
  const filters = Object.fromEntries(
    Object.entries(readers).map(([name, read]) => {
      const text = params.get(name);
      return [name, text === null ? undefined : read(text)];
    }),
  ) as FilterValues<R>;
  const pageText = params.get(PAGE_PARAM) ?? '';
  const page = /^[1-9]\d{0,5}$/.test(pageText) ? Number(pageText) : 1;
  return { search: (params.get(SEARCH_PARAM) ?? '').trim(), filters, page };
}

/** Whether the search or any filter narrows the list (its empty state then says nothing matched). */
export function narrowsList({ search, filters }: ListParams<FilterReaders>): boolean {
  return search !== '' || Object.values(filters).some((value) => value !== undefined);
}

/** Changes to the address: a value, or undefined (also '' and false, and page 1) to leave the name out. */
export type ListParamChanges = Readonly<Record<string, FilterValue | undefined>>;

/** `current` with `changes` made; the address's other names (the page's open tab) stay as they are. */
export function withListParams(current: URLSearchParams, changes: ListParamChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    const omitted = value === undefined || value === '' || value === false || (name === PAGE_PARAM && value === 1);
    if (omitted) next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}

/** The changes that clear the search and every filter of a list (Clear Filters), back on page 1. */
export function clearedListParams(readers: FilterReaders): ListParamChanges {
  return Object.fromEntries([SEARCH_PARAM, PAGE_PARAM, ...Object.keys(readers)].map((name) => [name, undefined]));
}
