import { BankOutlined, MailOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { SessionUser } from '@labline/contracts';
import { Button, Flex, Grid, Layout, Tag, theme } from 'antd';
import { useNavigate } from 'react-router-dom';
import { EllipsisText } from '../../shared/EllipsisText';
import { UserMenu } from './UserMenu';

interface TopBarProps {
  user: SessionUser;
  /** Whether the navigation (the side bar, or the drawer on a phone) is open: the menu button says so. */
  navigationOpen: boolean;
  onToggleNavigation(): void;
}

/**
 * Spec 1 §2 top bar: greeting, institution badge, Contact Us, user menu. The buttons keep their size; the greeting
 * and the badge share what is left and cut a long name with '…' (full text on hover). On a phone the badge gives
 * way to the greeting and the institution shows in the user menu instead.
 */
export function TopBar({ user, navigationOpen, onToggleNavigation }: TopBarProps) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg === true;

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: screens.sm === true ? 16 : 8,
        padding: wide ? '0 24px' : '0 16px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" gap={12} style={{ flex: 1, minWidth: 0 }}>
        {!wide && (
          <Button
            type="text"
            aria-label={navigationOpen ? 'Close navigation' : 'Open navigation'}
            aria-expanded={navigationOpen}
            icon={navigationOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={onToggleNavigation}
            style={{ flexShrink: 0 }}
          />
        )}
        <EllipsisText strong style={{ fontSize: 16 }} data-testid="greeting">
          {`Welcome back, ${user.first_name}`}
        </EllipsisText>
        {user.institution_name !== null && screens.sm === true && (
          <Tag
            icon={<BankOutlined />}
            color="blue"
            variant="filled"
            data-testid="institution-badge"
            style={{ display: 'inline-flex', alignItems: 'center', minWidth: 0, maxWidth: 360, marginInlineEnd: 0 }}
            styles={{ content: { minWidth: 0 } }}
          >
            <EllipsisText style={{ color: 'inherit', fontSize: 'inherit' }}>{user.institution_name}</EllipsisText>
          </Tag>
        )}
      </Flex>
      <Flex align="center" gap={8} style={{ flexShrink: 0 }}>
        <Button icon={<MailOutlined />} onClick={() => navigate('/contact')} aria-label="Contact Us">
          {screens.sm === true ? 'Contact Us' : null}
        </Button>
        <UserMenu user={user} compact={screens.md !== true} />
      </Flex>
    </Layout.Header>
  );
}
