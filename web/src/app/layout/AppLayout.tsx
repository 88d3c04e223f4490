import { Layout } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { freshToken } from '../api/client';
import { useSession } from '../session/SessionContext';
import { SideNavigation } from './SideNavigation';
import { TopBar } from './TopBar';

/** The authenticated layout (spec 1 §2); an unauthenticated visitor is sent to /login. */
export function AppLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [navigationCollapsed, setNavigationCollapsed] = useState(false);

  // Navigating counts as activity: refresh a token close to expiry even on screens that make no calls.
  useEffect(() => {
    if (user !== null) void freshToken();
  }, [pathname, user]);

  if (user === null) return <Navigate to="/login" replace />;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SideNavigation user={user} collapsed={navigationCollapsed} onCollapsedChange={setNavigationCollapsed} />
      <Layout style={{ minWidth: 0 }}>
        <TopBar
          user={user}
          navigationCollapsed={navigationCollapsed}
          onToggleNavigation={() => setNavigationCollapsed((collapsed) => !collapsed)}
        />
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
