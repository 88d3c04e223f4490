import { Grid, Layout } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { freshToken } from '../api/client';
import { SWR_CONFIG } from '../api/swrConfig';
import { useSession } from '../session/SessionContext';
import { SideNavigation } from './SideNavigation';
import { TopBar } from './TopBar';

/** Phones only (below md): the drawer's code loads there alone. */
const NavigationDrawer = lazy(() => import('./NavigationDrawer').then((m) => ({ default: m.NavigationDrawer })));

/** The authenticated layout (spec 1 §2); an unauthenticated visitor is sent to /login. */
export function AppLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const phone = Grid.useBreakpoint().md === false;
  const [navigationCollapsed, setNavigationCollapsed] = useState(false);
  // The drawer is open on the page it was opened on: any navigation (an entry, the user menu, a link) closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === pathname;

  // Navigating counts as activity: refresh a token close to expiry even on screens that make no calls.
  useEffect(() => {
    if (user !== null) void freshToken();
  }, [pathname, user]);

  if (user === null) return <Navigate to="/login" replace />;
  const closeDrawer = () => setDrawerOpenOn(null);
  // The data cache is keyed by the user, so one user never sees another's data.
  return (
    <SWRConfig key={user.id} value={SWR_CONFIG}>
      <Layout style={{ minHeight: '100vh' }}>
        {phone ? (
          <Suspense fallback={null}>
            <NavigationDrawer user={user} open={drawerOpen} onClose={closeDrawer} />
          </Suspense>
        ) : (
          <SideNavigation user={user} collapsed={navigationCollapsed} onCollapsedChange={setNavigationCollapsed} />
        )}
        <Layout style={{ minWidth: 0 }}>
          <TopBar
            user={user}
            navigationOpen={phone ? drawerOpen : !navigationCollapsed}
            onToggleNavigation={() =>
              phone ? setDrawerOpenOn(drawerOpen ? null : pathname) : setNavigationCollapsed((collapsed) => !collapsed)
            }
          />
          <Layout.Content style={{ padding: phone ? 16 : 24 }}>
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </SWRConfig>
  );
}
