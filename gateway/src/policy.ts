/**
 * The gateway's decision for one request: pass it on, or refuse it with 401 (no usable token) or 403 (the
 * caller may not use any section the row names). Pure, so every access kind and role is unit-tested.
 */
import { canAccessSection, ERRORS } from '@labline/contracts';
import type { TokenVerification } from '@labline/service-kit';
import type { Access, RouteRow } from './routes';

export type Decision = { allow: true } | { allow: false; status: 401 | 403; error: string };

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The access a request with this method needs on the row. */
export function accessFor(row: Pick<RouteRow, 'access' | 'writeAccess'>, method: string): Access {
  return row.writeAccess && !READ_METHODS.has(method.toUpperCase()) ? row.writeAccess : row.access;
}

/**
 * `verification` is the outcome of checking the request's bearer token, or undefined when it was not
 * checked (the gateway skips the check on public rows, where it would not change the answer).
 */
export function decide(
  row: Pick<RouteRow, 'access' | 'writeAccess' | 'alsoRoles'>,
  method: string,
  verification: TokenVerification | undefined,
): Decision {
  const access = accessFor(row, method);
  if (access === 'public') return { allow: true };
  if (!verification || !verification.ok) {
    const missing = !verification || verification.reason === 'missing';
    return { allow: false, status: 401, error: missing ? ERRORS.authenticationRequired : ERRORS.invalidToken };
  }
  if (access === 'authenticated') return { allow: true };
  const { principal } = verification;
  const allowed =
    access.some((section) => canAccessSection(principal, section)) ||
    (row.alsoRoles?.includes(principal.role) ?? false);
  return allowed ? { allow: true } : { allow: false, status: 403, error: ERRORS.forbidden };
}
