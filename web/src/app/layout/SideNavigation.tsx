import type { SessionUser } from '@labline/contracts';
import { Grid, Layout, theme } from 'antd';
import { NavigationPanel } from './NavigationPanel';

/** Side navigation width: "64 units" (spec 1 §9), 4px each. */
export const SIDE_NAVIGATION_WIDTH = 256;

interface SideNavigationProps {
  user: SessionUser;
  /** Hidden (zero width) below antd's lg breakpoint until the top bar's menu button opens it. */
  collapsed: boolean;
  onCollapsedChange(collapsed: boolean): void;
}

/** The side bar from antd's md breakpoint up; phones get the same panel in a drawer (NavigationDrawer). */
export function SideNavigation({ user, collapsed, onCollapsedChange }: SideNavigationProps) {
  const { token } = theme.useToken();
  const narrow = Grid.useBreakpoint().lg === false;

  return (
    <Layout.Sider
      width={SIDE_NAVIGATION_WIDTH}
      theme="light"
      breakpoint="lg"
      collapsedWidth={0}
      collapsible
      collapsed={collapsed}
      onBreakpoint={onCollapsedChange}
      trigger={null}
      // Sticky at the full height of the window: the bar stays beside a long page down to the window's bottom
      // edge while the page scrolls under it.
      style={{
        position: 'sticky',
        top: 0,
        height: '100vh',
        alignSelf: 'flex-start',
        borderRight: collapsed ? 'none' : `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <NavigationPanel
        user={user}
        // Below lg the opened bar takes room from the page; following a link closes it again.
        onNavigate={() => narrow && onCollapsedChange(true)}
      />
    </Layout.Sider>
  );
}
