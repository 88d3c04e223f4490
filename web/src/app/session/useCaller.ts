import { callerFromUser, type Caller } from '@labline/contracts';
import { useMemo } from 'react';
import { useSessionUser } from './SessionContext';

/**
 * The signed-in user as the access rules of @labline/contracts see them (the same Caller the services check),
 * for every button and guard of the screens behind the authenticated layout.
 */
export function useCaller(): Caller {
  const user = useSessionUser();
  return useMemo(() => callerFromUser(user), [user]);
}
