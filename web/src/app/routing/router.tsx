import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout';
import { RouteElement } from './RouteElement';
import { RouteErrorPage } from './RouteErrorPage';
import type { AppRoute } from './appRoute';
import { APP_ROUTES } from './routes';
import type { RouteHandle } from './useRouteTitle';

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { route };
  return { path: route.path, element: <RouteElement route={route} />, handle };
}

/** The data router, built from the one route config (APP_ROUTES). */
export function createAppRouter() {
  return createBrowserRouter([
    ...APP_ROUTES.filter((route) => route.public).map((route) => ({
      ...toRouteObject(route),
      errorElement: <RouteErrorPage />,
    })),
    {
      path: '/',
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          // Errors inside a page render within the layout, keeping navigation usable.
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, element: <Navigate to="/dashboard" replace /> },
            ...APP_ROUTES.filter((route) => !route.public).map(toRouteObject),
          ],
        },
      ],
    },
  ]);
}
