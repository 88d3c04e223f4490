import { Flex, Spin } from 'antd';
import { Suspense } from 'react';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { AccessGuard } from '../session/AccessGuard';
import { useSession } from '../session/SessionContext';
import { RedirectAfterSignIn, RedirectToSignIn } from '../session/SignInRedirect';
import { canOpenRoute, routeTitle, type AppRoute } from './appRoute';

const pageFallback = (
  <Flex align="center" justify="center" style={{ minHeight: 240 }}>
    <Spin />
  </Flex>
);

/** Renders a configured route: public-only redirect, sign-in redirect, access check, document title. */
export function RouteElement({ route }: { route: AppRoute }) {
  const { user } = useSession();
  useDocumentTitle(routeTitle(route, user) || null);

  const page = (
    <Suspense fallback={pageFallback}>
      <route.Page />
    </Suspense>
  );
  if (route.public) return user === null || route.evenWhenSignedIn ? page : <RedirectAfterSignIn />;
  if (user === null) return <RedirectToSignIn />;
  return (
    <AccessGuard rule={(caller) => canOpenRoute(caller, route)} deniedMessage={route.deniedMessage}>
      {page}
    </AccessGuard>
  );
}
