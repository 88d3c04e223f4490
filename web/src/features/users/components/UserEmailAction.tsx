import { emailsUsersFromRecordPages } from '@labline/contracts';
import { lazy, Suspense } from 'react';
import { useCaller } from '../../../app/session/useCaller';

/** The button, its user request and the card load only for the callers they are for, not with every record page. */
const UserEmailButton = lazy(() => import('./UserEmailButton').then((module) => ({ default: module.UserEmailButton })));

/**
 * The Email communication card (spec 3 §2) beside a user a record page shows (a patient's or a test request's
 * clinician), for a caller who may send account e-mails but cannot open the user detail: client_admin (contracts'
 * emailsUsersFromRecordPages; README "Roles and permissions"). Nothing for anyone else.
 */
export function UserEmailAction({ userId, name }: { userId: number | null; name: string | null }) {
  const caller = useCaller();
  if (userId === null || !emailsUsersFromRecordPages(caller)) return null;
  return (
    <Suspense fallback={null}>
      <UserEmailButton userId={userId} name={name} />
    </Suspense>
  );
}
