/**
 * The access-rule matrices' fixtures (records.test.ts, catalogue.test.ts): a caller per role and the check of
 * a table of expected cells, one row per relation, one column per role. Test-only (imported by tests alone).
 */
import { ROLES, type Role } from './access';
import { callerFromUser, type Caller } from './records';

export const OWN = 1;
export const OTHER = 2;
export const CALLER_ID = 10;

/** Each role's caller: institution OWN (none for super_admin), default permissions unless given. */
export function callerAs(role: Role, permissions: string[] = []): Caller {
  return callerFromUser({
    id: CALLER_ID,
    role,
    institution_id: role === 'super_admin' ? null : OWN,
    clinician_institution_ids: [],
    permissions,
  });
}

/** A row per role in ROLES order: super_admin, institution_admin, clinician, client_admin, fulfillment_agent, lab_user. */
export type Row = readonly [boolean, boolean, boolean, boolean, boolean, boolean];
export const T = true;
export const F = false;

/** Fails with every cell where the rule answers otherwise than the table. */
export function assertMatrix(
  name: string,
  expected: Record<string, Row>,
  check: (caller: Caller, relation: string) => boolean,
) {
  const wrong = Object.entries(expected).flatMap(([relation, row]) =>
    ROLES.flatMap((role, index) =>
      check(callerAs(role), relation) === row[index] ? [] : [`${role} × ${relation} should be ${row[index]}`],
    ),
  );
  if (wrong.length > 0) throw new Error(`${name}: ${wrong.join('; ')}`);
}
