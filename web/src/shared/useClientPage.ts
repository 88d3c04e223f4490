import { paginate, type Pagination } from '@labline/contracts';
import { useListPage } from './useListSearch';

export interface ClientPage<T> {
  /** The rows of the page shown. */
  rows: T[];
  /** For the list's PaginationFooter. */
  pagination: Pagination;
  setPage(page: number): void;
}

/**
 * A page of a list held whole in the browser (a few dozen records), with the same footer as the server-paged
 * lists. The page belongs to the list's search and filters (a new search starts on page 1); when a delete empties
 * the last page, the last page left is shown.
 */
export function useClientPage<T>(items: readonly T[], filters: readonly unknown[], pageSize: number): ClientPage<T> {
  const [page, setPage] = useListPage(filters);
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const pagination = paginate(Math.min(page, pageCount), pageSize, items.length);
  const start = (pagination.page - 1) * pageSize;
  return { rows: items.slice(start, start + pageSize), pagination, setPage };
}
