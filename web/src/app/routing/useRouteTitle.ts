import { useMatches } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { routeTitle, type AppRoute } from './appRoute';

export interface RouteHandle {
  route: AppRoute;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The title of the deepest matched route of the route config, for the current user. */
export function useRouteTitle(): string {
  const { user } = useSession();
  const route = useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.route;
  return route === undefined ? '' : routeTitle(route, user);
}
