import { useParams } from 'react-router-dom';

/** The `:id` of the current route as a database id; null when it is not one (treated as not found). */
export function useRouteId(): number | null {
  const { id } = useParams();
  if (id === undefined || !/^\d{1,10}$/.test(id)) return null;
  const value = Number(id);
  return value > 0 && value <= 2_147_483_647 ? value : null;
}
