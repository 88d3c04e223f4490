import { Suspense } from 'react';
import { createBrowserRouter, useMatches, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '../../shared/FullPageSpinner';
import { useSession } from '../session/SessionContext';
import { readStoredToken } from '../session/storage';
import { RedirectHome, RedirectToSignIn } from '../session/SignInRedirect';
import { RouteElement } from './RouteElement';
import type { AppRoute } from './appRoute';
import { lazyPage } from './lazyPage';
import { APP_ROUTES } from './routes';
import { isRouteHandle, type RouteHandle } from './useRouteTitle';

const SIGNED_IN_ROUTE_ID = 'signed-in';

/** The signed-in layout (antd's Layout, Menu, Dropdown, Avatar) is a chunk of its own: /login does without it. */
/** The error screen (antd's Result) loads when an error happens, not with every page. */
const LazyRouteErrorPage = lazyPage(() =>
  import('./RouteErrorPage').then((module) => ({ default: module.RouteErrorPage })),
);
const routeErrorPage = (
  <Suspense>
    <LazyRouteErrorPage />
  </Suspense>
);

const AppLayout = lazyPage(() => import('../layout/AppLayout').then((module) => ({ default: module.AppLayout })));

/** Starts downloading the pages of matched routes (a no-op for a page already loaded or not lazy). */
function preloadPages(matches: readonly { handle?: unknown }[]): void {
  for (const match of matches) if (isRouteHandle(match.handle)) void match.handle.route.Page.preload?.();
}

/** The layout, with the page of the address loading alongside it rather than after it. */
function SignedInLayout() {
  const { user } = useSession();
  const matches = useMatches();
  // a signed-out visitor is sent to /login before the layout is downloaded
  if (user === null) return <RedirectToSignIn />;
  preloadPages(matches);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppLayout />
    </Suspense>
  );
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { route };
  return { path: route.path, element: <RouteElement route={route} />, handle };
}

/** The data router, built from the one route config (APP_ROUTES). */
export function createAppRouter() {
  const router = createBrowserRouter([
    ...APP_ROUTES.filter((route) => route.public).map((route) => ({
      ...toRouteObject(route),
      errorElement: routeErrorPage,
    })),
    {
      id: SIGNED_IN_ROUTE_ID,
      path: '/',
      element: <SignedInLayout />,
      errorElement: routeErrorPage,
      children: [
        {
          // Errors inside a page render within the layout, keeping navigation usable.
          errorElement: routeErrorPage,
          children: [
            { index: true, element: <RedirectHome /> },
            ...APP_ROUTES.filter((route) => !route.public).map(toRouteObject),
          ],
        },
      ],
    },
  ]);
  // With a stored session the layout and the page of the address are needed next: their chunks download while
  // the session is checked with the server, not after.
  const { matches } = router.state;
  if (matches.some((match) => match.route.id === SIGNED_IN_ROUTE_ID) && readStoredToken() !== null) {
    void AppLayout.preload();
    preloadPages(matches.map((match) => match.route));
  }
  return router;
}
