import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  clearedListParams,
  narrowsList,
  PAGE_PARAM,
  readListParams,
  SEARCH_PARAM,
  withListParams,
  type FilterReaders,
  type FilterValues,
  type ListParamChanges,
} from './listParams';
import { useDebouncedValue } from './useDebouncedValue';

/** How long typing must pause before a list searches: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListSearch {
  /** What is in the search box. */
  text: string;
  setText(text: string): void;
  /** The trimmed text once typing has paused: what the list searches for. */
  search: string;
}

/**
 * Whether a server-searched list is about to change: typing has not paused yet, or a page is loading. The list
 * says so (aria-busy), so that assistive technology, and a test, waits for the rows that answer the search
 * rather than acting on rows about to be replaced.
 */
export function listBusy(listSearch: ListSearch, validating: boolean): boolean {
  return validating || listSearch.text.trim() !== listSearch.search;
}

/** A list's search, filters and page as the address holds them (?search=…&status=…&page=…). */
export interface UrlListState<R extends FilterReaders> {
  listSearch: ListSearch;
  /** The filters' values in the address (undefined: none). */
  filters: FilterValues<R>;
  /** Sets (or, with undefined, clears) filters: a new set of filters starts on page 1. */
  setFilters(values: Partial<FilterValues<R>>): void;
  /** Whether the search or a filter narrows the list. */
  narrowed: boolean;
  /** Clears the search and every filter (Clear Filters). */
  clear(): void;
  page: number;
  setPage(page: number): void;
}

const NO_FILTERS: FilterReaders = {};

/**
 * A list's search, filters and page kept in the address (issue 22): reload, back and a shared link keep them.
 * `readers` names the list's filters and reads each (listParams.ts; defined once, outside the component). A filter
 * or page change is a history entry of its own (back undoes it); typing replaces the current one. The search box
 * shows what is typed; the list searches for the address's text, which typing sets once it pauses. The address's
 * other names (the open tab of a page with tabs) stay as they are.
 */
export function useUrlListState<R extends FilterReaders = Record<never, never>>(
  readers: R = NO_FILTERS as R,
): UrlListState<R> {
  const [params, setParams] = useSearchParams();
  const { search: searched, filters, page } = readListParams(params, readers);
  const [text, setText] = useState(searched);
  const typed = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  const change = useCallback(
    (changes: ListParamChanges, replace = false) =>
      setParams((current) => withListParams(current, changes), { replace }),
    [setParams],
  );

  // Typing, once paused, searches (from page 1).
  useEffect(() => {
    if (typed !== searched) change({ [SEARCH_PARAM]: typed, [PAGE_PARAM]: undefined }, true);
    // Only a new typed text moves the address; the address moving (back, a link) moves the box below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  // The address moved (back, forward, Clear Filters): the box shows its search (adjusted while rendering).
  const [shownSearch, setShownSearch] = useState(searched);
  if (shownSearch !== searched) {
    setShownSearch(searched);
    if (text.trim() !== searched) setText(searched);
  }

  return {
    listSearch: { text, setText, search: searched },
    filters,
    setFilters: (values) => change({ ...values, [PAGE_PARAM]: undefined }),
    narrowed: narrowsList({ search: searched, filters, page }),
    clear: () => {
      setText('');
      change(clearedListParams(readers));
    },
    page,
    setPage: (next) => change({ [PAGE_PARAM]: next }),
  };
}
