import { MailOutlined } from '@ant-design/icons';
import { canEmailUser, emailsUsersFromRecordPages } from '@labline/contracts';
import { Button, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useCaller } from '../../../app/session/useCaller';
import { DeferredDrawer } from '../../../shared/DeferredDrawer';
import { EllipsisText } from '../../../shared/EllipsisText';
import { useUser } from '../api';

/** The card loads when a drawer is first opened, not with the record page. */
const EmailCommunicationCard = lazy(() =>
  import('./EmailCommunicationCard').then((module) => ({ default: module.EmailCommunicationCard })),
);

/**
 * The Email communication card (spec 3 §2) beside a user a record page shows (a patient's or a test request's
 * clinician), for a caller who may send account e-mails but cannot open the user detail: client_admin (contracts'
 * emailsUsersFromRecordPages). Only for them is the user asked for; the button shows once the answer says the
 * caller may e-mail this user (canEmailUser: an active user of their institution), and opens the card in a drawer.
 */
export function UserEmailAction({ userId, name }: { userId: number | null; name: string | null }) {
  const caller = useCaller();
  const [open, setOpen] = useState(false);
  const { data: user } = useUser(userId !== null && emailsUsersFromRecordPages(caller) ? userId : null);
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
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <EmailCommunicationCard user={user} />
        </Suspense>
      </DeferredDrawer>
    </>
  );
}
