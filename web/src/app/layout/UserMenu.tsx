import { BankOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { SessionUser } from '@labline/contracts';
import { Button, Dropdown, Flex, theme, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { EllipsisText } from '../../shared/EllipsisText';
import { UserAvatar } from '../../shared/UserAvatar';
import { UserSummary } from './UserSummary';

/** The widest the menu's button grows on a wide screen: a long name is cut rather than push the greeting away. */
const MENU_BUTTON_MAX_WIDTH = 280;

interface UserMenuProps {
  user: SessionUser;
  /** Initials only on the button (a phone); the name, role and institution then head the opened menu. */
  compact?: boolean;
}

/** Spec 1 §2 user menu: 'Profile Settings' and 'Sign Out'; antd closes it on an outside click. */
export function UserMenu({ user, compact = false }: UserMenuProps) {
  const navigate = useNavigate();
  const { logout } = useSession();
  const { token } = theme.useToken();

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: 'Profile Settings' },
    { type: 'divider' },
    { key: 'sign-out', icon: <LogoutOutlined />, label: 'Sign Out', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') {
      navigate('/profile');
    } else {
      // The page's guard then leads to /login.
      logout();
    }
  };
  const withUserHeader = (menu: ReactNode) => (
    <div
      style={{
        maxWidth: `min(${MENU_BUTTON_MAX_WIDTH}px, calc(100vw - 32px))`,
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      <Flex vertical gap={8} style={{ padding: 12, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <UserSummary user={user} />
        {user.institution_name !== null && (
          <Flex align="center" gap={8} style={{ minWidth: 0 }} data-testid="user-menu-institution">
            <BankOutlined aria-hidden />
            <EllipsisText type="secondary">{user.institution_name}</EllipsisText>
          </Flex>
        )}
      </Flex>
      {menu}
    </div>
  );

  return (
    <Dropdown
      menu={{ items, onClick, style: compact ? { boxShadow: 'none' } : undefined }}
      popupRender={compact ? withUserHeader : undefined}
      trigger={['click']}
      placement="bottomRight"
    >
      <Button
        type="text"
        aria-label="User menu"
        style={{ height: 'auto', padding: '4px 8px', maxWidth: MENU_BUTTON_MAX_WIDTH, minWidth: 0 }}
      >
        {compact ? (
          <UserAvatar firstName={user.first_name} lastName={user.last_name} />
        ) : (
          // The full name opens to the left: below, it would cover the opened menu while the pointer rests there.
          <UserSummary user={user} tooltipPlacement="left" />
        )}
        <DownOutlined style={{ fontSize: 10, flexShrink: 0 }} />
      </Button>
    </Dropdown>
  );
}
