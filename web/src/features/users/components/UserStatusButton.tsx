import { MESSAGES, type User } from '@labline/contracts';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback/feedback';
import { ApiError } from '../../../shared/apiError';
import { setUserActive } from '../api';

interface UserStatusButtonProps {
  user: Pick<User, 'id' | 'first_name' | 'last_name' | 'is_active'>;
  /** Called with the user as saved, e.g. to reload the list. */
  onChanged(user: User): void | Promise<void>;
  /** A link-styled button in table rows, a full button on the detail page. */
  variant?: 'link' | 'button';
}

/** Deactivate (active user) or Reactivate (inactive user), each after a confirmation (spec 3 §4). */
export function UserStatusButton({ user, onChanged, variant = 'button' }: UserStatusButtonProps) {
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const name = `${user.first_name} ${user.last_name}`;
  const deactivate = user.is_active;

  const confirm = async () => {
    setBusy(true);
    try {
      await onChanged(await setUserActive(user.id, !deactivate));
      void message.success(deactivate ? MESSAGES.userDeactivated : MESSAGES.userReactivated);
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popconfirm
      title={deactivate ? 'Deactivate User' : 'Reactivate User'}
      description={
        deactivate
          ? `Deactivate ${name}? They will no longer be able to log in.`
          : `Reactivate ${name}? They will be able to log in again.`
      }
      okText={deactivate ? 'Deactivate' : 'Reactivate'}
      okButtonProps={{ danger: deactivate }}
      onConfirm={confirm}
    >
      <Button
        type={variant === 'link' ? 'link' : 'default'}
        danger={deactivate}
        size={variant === 'link' ? 'small' : 'middle'}
        loading={busy}
        style={variant === 'link' ? { padding: 0 } : undefined}
      >
        {deactivate ? 'Deactivate' : 'Reactivate'}
      </Button>
    </Popconfirm>
  );
}
