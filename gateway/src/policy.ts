/**
 * The gateway's decision for one request: pass it on, or refuse it with 401 (no usable token) or 403 (the
 * caller may not use any section the gate names). Pure, so every access kind and role is unit-tested.
 */
import { ERRORS, passesSectionAccess } from '@labline/contracts';
import type { TokenVerification } from '@labline/service-kit';
import type { Gate } from './routes';

export type Decision = { allow: true } | { allow: false; status: 401 | 403; error: string };

/**
 * `verification` is the outcome of checking the request's bearer token, or undefined when it was not
 * checked (the gateway skips the check on public gates, where it would not change the answer).
 */
export function decide(gate: Gate, verification: TokenVerification | undefined): Decision {
  const { access } = gate;
  if (access === 'public') return { allow: true };
  if (!verification || !verification.ok) {
    const missing = !verification || verification.reason === 'missing';
    return { allow: false, status: 401, error: missing ? ERRORS.authenticationRequired : ERRORS.invalidToken };
  }
  const allowed = passesSectionAccess(gate, verification.principal);
  return allowed ? { allow: true } : { allow: false, status: 403, error: ERRORS.forbidden };
}
