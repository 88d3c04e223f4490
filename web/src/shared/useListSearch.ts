import { useState } from 'react';
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

/** The page of a paged list, which belongs to one search and set of filters: a new one starts on page 1. */
export function useListPage(filters: readonly unknown[]): [page: number, setPage: (page: number) => void] {
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  return [page, (next: number) => setPaging({ filterKey, page: next })];
}
