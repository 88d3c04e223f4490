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
  // The phone's drawer closes on an entry followed (NavigationPanel's onNavigate), a click beside it, Escape, and
  // Back or Forward; while it is open, it covers everything else that navigates. It is not keyed by the rendered
  // address: after an entry is followed, the address shows the new page while its chunk still loads (the route
  // change waits in a transition), and a drawer opened meanwhile was closed again when the page arrived (seen in
  // a flake run of the layout test).
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => {
    const close = () => setDrawerOpen(false);
    window.addEventListener('popstate', close);
    return () => window.removeEventListener('popstate', close);
  }, []);

  // Navigating counts as activity: refresh a token close to expiry even on screens that make no calls.
  useEffect(() => {
    if (user !== null) void freshToken();
  }, [pathname, user]);

  if (user === null) return <Navigate to="/login" replace />;
  const closeDrawer = () => setDrawerOpen(false);
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
              phone ? setDrawerOpen((open) => !open) : setNavigationCollapsed((collapsed) => !collapsed)
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
