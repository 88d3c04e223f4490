import type { SessionUser } from '@labline/contracts';
import type { ComponentType } from 'react';
import type { RouteAccess } from './routeConfig';

/** One route of the route config (routeConfig.ts) with its page (routes.tsx). */
export interface AppRoute extends RouteAccess {
  /** The page; a lazy one (lazyPage) is preloaded with the layout on a first load. */
  Page: ComponentType & { preload?: () => Promise<void> };
}

/** Re-exported for the router's guard, which checks an AppRoute. */
export { canOpenRoute } from './routeConfig';

export function routeTitle(route: Pick<RouteAccess, 'title'>, user: SessionUser | null): string {
  if (typeof route.title === 'string') return route.title;
  return user === null ? '' : route.title(user);
}
