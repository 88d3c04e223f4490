import { roleLabel, type SessionUser } from '@labline/contracts';
import { Flex, Typography } from 'antd';
import { UserAvatar } from '../../shared/UserAvatar';

/** Initials, full name and role label (underscores as spaces), as in the side navigation and user menu. */
export function UserSummary({ user }: { user: SessionUser }) {
  return (
    <Flex align="center" gap={12} style={{ minWidth: 0 }}>
      <UserAvatar firstName={user.first_name} lastName={user.last_name} />
      <Flex vertical style={{ minWidth: 0, lineHeight: 1.3, textAlign: 'left' }}>
        <Typography.Text strong ellipsis data-testid="user-name">
          {user.first_name} {user.last_name}
        </Typography.Text>
        <Typography.Text
          type="secondary"
          ellipsis
          style={{ fontSize: 12, textTransform: 'capitalize' }}
          data-testid="user-role"
        >
          {roleLabel(user.role)}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
