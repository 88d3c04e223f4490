import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { SessionUser } from '@labline/contracts';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { UserAvatar } from '../../shared/UserAvatar';
import { UserSummary } from './UserSummary';

/** Spec 1 §2 user menu: 'Profile Settings' and 'Sign Out'; antd closes it on an outside click. */
export function UserMenu({ user, compact = false }: { user: SessionUser; compact?: boolean }) {
  const navigate = useNavigate();
  const { logout } = useSession();

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: 'Profile Settings' },
    { type: 'divider' },
    { key: 'sign-out', icon: <LogoutOutlined />, label: 'Sign Out', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') {
      navigate('/profile');
    } else {
      logout();
      navigate('/login', { replace: true });
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label="User menu" style={{ height: 'auto', padding: '4px 8px' }}>
        {compact ? <UserAvatar firstName={user.first_name} lastName={user.last_name} /> : <UserSummary user={user} />}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
