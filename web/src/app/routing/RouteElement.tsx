import { Flex, Spin } from 'antd';
import { Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { AccessDenied } from '../../shared/AccessDenied';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSession } from '../session/SessionContext';
import { canOpenRoute, routeTitle, type AppRoute } from './appRoute';
import { GENERIC_DENIED_MESSAGE } from './routes';

const pageFallback = (
  <Flex align="center" justify="center" style={{ minHeight: 240 }}>
    <Spin />
  </Flex>
);

/** Renders a configured route: public-only redirect, sign-in redirect, access check, document title. */
export function RouteElement({ route }: { route: AppRoute }) {
  const { user } = useSession();
  useDocumentTitle(routeTitle(route, user) || null);

  if (route.public) {
    if (user !== null) return <Navigate to="/dashboard" replace />;
  } else if (user === null) {
    return <Navigate to="/login" replace />;
  } else if (!canOpenRoute(user, route)) {
    return <AccessDenied message={route.deniedMessage ?? GENERIC_DENIED_MESSAGE} />;
  }
  return (
    <Suspense fallback={pageFallback}>
      <route.Page />
    </Suspense>
  );
}
