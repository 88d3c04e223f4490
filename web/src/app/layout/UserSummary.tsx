import { roleLabel, type SessionUser } from '@labline/contracts';
import { Flex, Typography, type TooltipProps } from 'antd';
import { EllipsisText } from '../../shared/EllipsisText';
import { UserAvatar } from '../../shared/UserAvatar';

interface UserSummaryProps {
  user: SessionUser;
  /** Where the full name of a cut name shows (above by default). */
  tooltipPlacement?: TooltipProps['placement'];
}

/** Initials, full name and role label (underscores as spaces), as in the side navigation and user menu. */
export function UserSummary({ user, tooltipPlacement }: UserSummaryProps) {
  return (
    <Flex align="center" gap={12} style={{ minWidth: 0 }}>
      <UserAvatar firstName={user.first_name} lastName={user.last_name} />
      <Flex vertical style={{ minWidth: 0, lineHeight: 1.3, textAlign: 'left' }}>
        <EllipsisText strong tooltipPlacement={tooltipPlacement} data-testid="user-name">
          {`${user.first_name} ${user.last_name}`}
        </EllipsisText>
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
