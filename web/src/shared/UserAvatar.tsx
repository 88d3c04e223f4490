import { initials } from '@labline/contracts';
import { Avatar, theme } from 'antd';

interface UserAvatarProps {
  firstName: string;
  lastName: string;
  size?: number;
}

/** The initials avatar of the side navigation and the user menu. */
export function UserAvatar({ firstName, lastName, size = 36 }: UserAvatarProps) {
  const { token } = theme.useToken();
  return (
    <Avatar size={size} style={{ backgroundColor: token.colorPrimary, flexShrink: 0, fontWeight: 600 }} aria-hidden>
      {initials(firstName, lastName)}
    </Avatar>
  );
}
