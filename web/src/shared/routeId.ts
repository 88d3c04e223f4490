import { useParams } from 'react-router-dom';

/** An id from the address bar (a route's `:id` or a query parameter): a database id, anything else is none. */
export function parseEntityId(text: string | null | undefined): number | null {
  if (text === null || text === undefined || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The `:id` of the current route as a database id; null when it is not one (the page shows not found). */
export function useRouteId(): number | null {
  return parseEntityId(useParams().id);
}
