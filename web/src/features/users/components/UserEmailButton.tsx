import { MailOutlined } from '@ant-design/icons';
import { canEmailUser } from '@labline/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useCaller } from '../../../app/session/useCaller';
import { DeferredDrawer } from '../../../shared/DeferredDrawer';
import { EllipsisText } from '../../../shared/EllipsisText';
import { useUser } from '../api';
import { EmailCommunicationCard } from './EmailCommunicationCard';

/**
 * The Email button of UserEmailAction (loaded only for the callers it is for): it asks for the user and shows once
 * the answer says the caller may e-mail them (contracts' canEmailUser: an active user of their institution); it
 * opens the Email communication card in a drawer.
 */
export function UserEmailButton({ userId, name }: { userId: number; name: string | null }) {
  const caller = useCaller();
  const [open, setOpen] = useState(false);
  const { data: user } = useUser(userId);
  if (user === undefined || !canEmailUser(caller, user)) return null;
  const who = name ?? `${user.first_name} ${user.last_name}`;
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<MailOutlined />}
        aria-label={`Email ${who}`}
        onClick={() => setOpen(true)}
        style={{ flex: 'none' }}
      >
        Email
      </Button>
      <DeferredDrawer
        title={<EllipsisText>{`Email ${who}`}</EllipsisText>}
        open={open}
        onClose={() => setOpen(false)}
        size={520}
      >
        <EmailCommunicationCard user={user} />
      </DeferredDrawer>
    </>
  );
}
