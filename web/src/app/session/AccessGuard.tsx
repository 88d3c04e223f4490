import { ERRORS, type Caller } from '@labline/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { useCaller } from './useCaller';

/** antd's Result is a chunk of its own: the sign-in page, where most visits start, never shows it. */
const AccessDenied = lazy(() =>
  import('../../shared/AccessDenied').then((module) => ({ default: module.AccessDenied })),
);

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
  if (rule(caller)) return children;
  return (
    <Suspense>
      <AccessDenied message={deniedMessage} />
    </Suspense>
  );
}
