import { ERRORS, type Caller } from '@labline/contracts';
import type { ReactNode } from 'react';
import { AccessDenied } from '../../shared/AccessDenied';
import { useCaller } from './useCaller';

interface AccessGuardProps {
  /** An access rule of @labline/contracts (or a combination of them) over the signed-in caller. */
  rule: (caller: Caller) => boolean;
  /** The area's permission message; the generic one where the spec gives none. */
  deniedMessage?: string | undefined;
  children: ReactNode;
}

/** Shows its content when the rule lets the caller in, else Access Denied with the area's message. */
export function AccessGuard({ rule, deniedMessage = ERRORS.forbidden, children }: AccessGuardProps) {
  const caller = useCaller();
  return rule(caller) ? children : <AccessDenied message={deniedMessage} />;
}
