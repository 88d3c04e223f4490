import { BankOutlined, MailOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { SessionUser } from '@labline/contracts';
import { Button, Flex, Grid, Layout, Tag, Typography, theme } from 'antd';
import { useNavigate } from 'react-router-dom';
import { UserMenu } from './UserMenu';

interface TopBarProps {
  user: SessionUser;
  navigationCollapsed: boolean;
  onToggleNavigation(): void;
}

/** Spec 1 §2 top bar: greeting, institution badge, Contact Us, user menu. */
export function TopBar({ user, navigationCollapsed, onToggleNavigation }: TopBarProps) {
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
        gap: 16,
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
            aria-label={navigationCollapsed ? 'Open navigation' : 'Close navigation'}
            icon={navigationCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggleNavigation}
          />
        )}
        <Typography.Text strong style={{ fontSize: 16, flexShrink: 0 }} data-testid="greeting">
          Welcome back, {user.first_name}
        </Typography.Text>
        {user.institution_name !== null && (
          <Tag
            icon={<BankOutlined />}
            color="blue"
            variant="filled"
            title={user.institution_name}
            data-testid="institution-badge"
            style={{ marginInlineEnd: 0, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {user.institution_name}
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
