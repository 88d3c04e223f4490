import { ExperimentFilled } from '@ant-design/icons';
import { NAVIGATION, isNavigationEntryActive, navigationFor, type SessionUser } from '@labline/contracts';
import { Flex, Grid, Layout, Menu, Typography, theme } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { SECTION_ICONS } from './navigationIcons';
import { UserSummary } from './UserSummary';

/** Side navigation width: "64 units" (spec 1 §9), 4px each. */
export const SIDE_NAVIGATION_WIDTH = 256;

/** Spec 1 §2: entries that pass the access check, highlighted by path prefix, the user at the bottom. */
interface SideNavigationProps {
  user: SessionUser;
  /** Hidden (zero width) on narrow screens until the top bar's menu button opens it. */
  collapsed: boolean;
  onCollapsedChange(collapsed: boolean): void;
}

export function SideNavigation({ user, collapsed, onCollapsedChange }: SideNavigationProps) {
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const narrow = Grid.useBreakpoint().lg === false;
  const entries = navigationFor(user);
  const selectedKeys = NAVIGATION.filter((entry) => isNavigationEntryActive(entry, pathname)).map(
    (entry) => entry.path,
  );
  const isSelected = (path: string) => selectedKeys.includes(path);

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
      style={{
        position: 'sticky',
        top: 0,
        height: '100vh',
        borderRight: collapsed ? 'none' : `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex vertical style={{ height: '100%' }}>
        <Flex
          align="center"
          gap={10}
          style={{
            height: 64,
            padding: '0 24px',
            flexShrink: 0,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <ExperimentFilled style={{ fontSize: 24, color: token.colorPrimary }} />
          <Typography.Text strong style={{ fontSize: 20, letterSpacing: -0.2 }}>
            Labline
          </Typography.Text>
        </Flex>
        <nav aria-label="Main navigation" style={{ flex: 1, overflowY: 'auto', padding: '8px 0' }}>
          <Menu
            mode="inline"
            selectedKeys={selectedKeys}
            // On a narrow screen the opened navigation covers the page; following a link closes it again.
            onClick={() => narrow && onCollapsedChange(true)}
            style={{ borderInlineEnd: 'none' }}
            items={entries.map((entry) => ({
              key: entry.path,
              icon: SECTION_ICONS[entry.section],
              label: (
                <Link to={entry.path} aria-current={isSelected(entry.path) ? 'page' : undefined}>
                  {entry.name}
                </Link>
              ),
            }))}
          />
        </nav>
        <div
          style={{ padding: 16, borderTop: `1px solid ${token.colorBorderSecondary}` }}
          data-testid="side-navigation-user"
        >
          <UserSummary user={user} />
        </div>
      </Flex>
    </Layout.Sider>
  );
}
