import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
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

/** A list's live search: every list searches as the user types, after the same pause. */
export function useListSearch(): ListSearch {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return { text, setText, search };
}

/**
 * Whether a server-searched list is about to change: typing has not paused yet, or a page is loading. The list
 * says so (aria-busy), so that assistive technology, and a test, waits for the rows that answer the search
 * rather than acting on rows about to be replaced.
 */
export function listBusy(listSearch: ListSearch, validating: boolean): boolean {
  return validating || listSearch.text.trim() !== listSearch.search;
}

/** The page of a paged list, which belongs to one search and set of filters: a new one starts on page 1. */
export function useListPage(filters: readonly unknown[]): [page: number, setPage: (page: number) => void] {
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  return [page, (next: number) => setPaging({ filterKey, page: next })];
}

/** A list's search, filters and page as the address holds them (?search=…&status=…&page=…). */
export interface UrlListState<F extends string> {
  listSearch: ListSearch;
  /** A filter's value in the address, or undefined. */
  filter(name: F): string | undefined;
  /** Sets (or, with undefined, clears) filters: a new set of filters starts on page 1. */
  setFilters(values: Partial<Record<F | 'search', string | undefined>>): void;
  page: number;
  setPage(page: number): void;
}

/**
 * A list's search, filters and page kept in the address (issue 22): reload, back and a shared link keep them.
 * A filter or page change is a history entry of its own (back undoes it); typing replaces the current one. The
 * search box shows what is typed; the list searches for the address's text, which typing sets once it pauses.
 */
export function useUrlListState<F extends string>(): UrlListState<F> {
  const [params, setParams] = useSearchParams();
  const searched = params.get('search') ?? '';
  const [text, setText] = useState(searched);
  const typed = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  const change = useCallback(
    (values: Record<string, string | undefined>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(values)) {
            if (value === undefined || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  // Typing, once paused, searches (from page 1).
  useEffect(() => {
    if (typed !== searched) change({ search: typed, page: undefined }, true);
    // Only a new typed text moves the address; the address moving (back, a link) moves the box below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  // The address moved (back, forward, Clear Filters): the box shows its search (adjusted while rendering).
  const [shownSearch, setShownSearch] = useState(searched);
  if (shownSearch !== searched) {
    setShownSearch(searched);
    if (text.trim() !== searched) setText(searched);
  }

  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return {
    listSearch: { text, setText, search: searched },
    filter: (name) => params.get(name) ?? undefined,
    setFilters: (values) => change({ ...values, page: undefined }),
    page,
    setPage: (next) => change({ page: next === 1 ? undefined : String(next) }),
  };
}
