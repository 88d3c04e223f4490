import { paginate, type Pagination } from '@labline/contracts';

export interface ClientPage<T> {
  /** The rows of the page shown. */
  rows: T[];
  /** For the list's PaginationFooter. */
  pagination: Pagination;
}

/**
 * A page of a list held whole in the browser (a few dozen records), with the same footer as the server-paged
 * lists; the page number is the list's (useUrlListState: in the address). When a delete empties the last page, or
 * a link names a page past the end, the last page there is is shown.
 */
export function useClientPage<T>(items: readonly T[], page: number, pageSize: number): ClientPage<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const pagination = paginate(Math.min(page, pageCount), pageSize, items.length);
  const start = (pagination.page - 1) * pageSize;
  return { rows: items.slice(start, start + pageSize), pagination };
}
