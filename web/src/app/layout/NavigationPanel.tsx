import { CloseOutlined, ExperimentFilled } from '@ant-design/icons';
import type { SessionUser } from '@labline/contracts';
import { Button, Flex, Menu, Typography, theme } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { NAVIGATION, isNavigationEntryActive, navigationFor } from '../routing/routeConfig';
import { SECTION_ICONS } from './navigationIcons';
import { UserSummary } from './UserSummary';

interface NavigationPanelProps {
  user: SessionUser;
  /** Called when an entry is followed (an opened drawer closes). */
  onNavigate?(): void;
  /** Shown as a close button beside the brand when the panel covers the page (the drawer on a phone). */
  onClose?(): void;
}

/**
 * Spec 1 §2 side navigation, the same in the side bar and in the phone's drawer: the entries that pass the access
 * check, highlighted by path prefix, the user at the bottom.
 */
export function NavigationPanel({ user, onNavigate, onClose }: NavigationPanelProps) {
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const entries = navigationFor(user);
  const selectedKeys = NAVIGATION.filter((entry) => isNavigationEntryActive(entry, pathname)).map(
    (entry) => entry.path,
  );
  const isSelected = (path: string) => selectedKeys.includes(path);

  return (
    <Flex vertical style={{ height: '100%' }}>
      <Flex
        align="center"
        gap={10}
        style={{
          height: 64,
          padding: onClose === undefined ? '0 24px' : '0 12px 0 24px',
          flexShrink: 0,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <ExperimentFilled style={{ fontSize: 24, color: token.colorPrimary }} />
        <Typography.Text strong style={{ fontSize: 20, letterSpacing: -0.2, flex: 1 }}>
          Labline
        </Typography.Text>
        {onClose !== undefined && (
          <Button type="text" aria-label="Close navigation" icon={<CloseOutlined />} onClick={onClose} />
        )}
      </Flex>
      <nav aria-label="Main navigation" style={{ flex: 1, overflowY: 'auto', padding: '8px 0' }}>
        <Menu
          mode="inline"
          selectedKeys={selectedKeys}
          onClick={() => onNavigate?.()}
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
        style={{ padding: 16, flexShrink: 0, borderTop: `1px solid ${token.colorBorderSecondary}` }}
        data-testid="side-navigation-user"
      >
        <UserSummary user={user} />
      </div>
    </Flex>
  );
}
