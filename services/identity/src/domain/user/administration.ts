/**
 * Who may shape which account (spec 3 §2 user form, §5, §6; issue 4 item 2), as pure functions the command
 * layer runs before deciding: only super_admin creates super_admins, sets the primary institution and edits
 * menu permissions; an institution_admin manages their own institution's users and has the institution set
 * for them; a super_admin creating anyone else must give menu permissions.
 */
import {
  accountInstitutionProblem,
  canAssignRole,
  canManageUser,
  canManageUsers,
  CMS_SUB_PERMISSIONS,
  defaultPermissionsForRole,
  ERRORS,
  SECTIONS,
  type Caller,
  type IdentityEventData,
  type Permission,
  type Role,
  type UserAction,
} from '@labline/contracts';
import { RuleViolation } from '@labline/eventstore';
import type { UserState } from './state';

/** The signed-in administrator, as identity's read model knows them (not as a possibly stale token says). */
export type Administrator = Pick<Caller, 'userId' | 'role' | 'institutionId'>;

/** What the user form submits, after schema validation (passwords aside). */
export interface AccountInput {
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  role: Role;
  institution_id: number | null;
  clinician_institution_ids: number[];
  permissions: Permission[];
}

export type Account = Omit<IdentityEventData<'UserUpdated'>, 'userId'>;
type RegisteredUser = Extract<UserState, { status: 'registered' }>;

const isSection = (permission: string) => (SECTIONS as readonly string[]).includes(permission);
const isCmsSubPermission = (permission: string) => (CMS_SUB_PERMISSIONS as readonly string[]).includes(permission);
const unique = <T>(values: readonly T[]) => [...new Set(values)];

/** Only super_admin and institution_admin write users; every other role is refused before anything else. */
export function assertCanManageUsers(actor: Administrator): void {
  if (!canManageUsers(actor)) {
    throw new RuleViolation('forbidden', ERRORS.noPermissionManageUsers);
  }
}

function assertPermissionsComplete(permissions: readonly Permission[], requireSection: boolean): void {
  if (requireSection && !permissions.some(isSection)) {
    throw new RuleViolation('invalid', ERRORS.selectAtLeastOnePermission);
  }
  if (permissions.includes('cms') && !permissions.some(isCmsSubPermission)) {
    throw new RuleViolation('invalid', ERRORS.selectAtLeastOneCmsSubPermission);
  }
}

/**
 * An institution_admin's account: their institution as the primary one, no super_admin, and clinician links
 * to other institutions exactly as they were (they may neither add nor remove another tenant's link).
 */
function institutionAdminAccount(
  actor: Administrator,
  input: AccountInput,
  current: RegisteredUser | null,
): Omit<Account, 'permissions'> {
  const own = actor.institutionId;
  if (own === null) throw new RuleViolation('forbidden', ERRORS.noPermissionManageUsers);
  if (input.institution_id !== null && input.institution_id !== own) {
    throw new RuleViolation('forbidden', ERRORS.forbidden);
  }
  const foreign = (ids: readonly number[]) => unique(ids.filter((id) => id !== own)).sort((a, b) => a - b);
  const requested = input.role === 'clinician' ? unique(input.clinician_institution_ids) : [];
  const allowedForeign = current?.role === 'clinician' ? foreign(current.clinicianInstitutionIds) : [];
  // Dropping a link to an institution they do not manage is as much a move as adding one.
  if (foreign(requested).join(',') !== allowedForeign.join(',')) throw new RuleViolation('forbidden', ERRORS.forbidden);
  // The institution is set for them: a clinician they add works at least at their institution.
  const clinicianInstitutionIds = input.role === 'clinician' && requested.length === 0 ? [own] : requested;
  return {
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
    phone: input.phone,
    role: input.role,
    institution_id: own,
    clinician_institution_ids: clinicianInstitutionIds,
  };
}

function superAdminAccount(input: AccountInput): Omit<Account, 'permissions'> {
  return {
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
    phone: input.phone,
    role: input.role,
    institution_id: input.institution_id,
    // Only clinicians have additional institutions; a role switched away from clinician drops them.
    clinician_institution_ids: input.role === 'clinician' ? unique(input.clinician_institution_ids) : [],
  };
}

/** The role and institution rules every account meets, whoever saves it. */
function assertAccountShape(actor: Administrator, account: Omit<Account, 'permissions'>): void {
  if (!canAssignRole(actor, account.role)) throw new RuleViolation('forbidden', ERRORS.forbidden);
  const problem = accountInstitutionProblem(account.role, account.institution_id);
  if (problem) throw new RuleViolation('invalid', problem);
}

/** The account a new user gets, or the rule it breaks. */
export function accountForNewUser(actor: Administrator, input: AccountInput): Account {
  assertCanManageUsers(actor);
  if (actor.role === 'super_admin') {
    const permissions = unique(input.permissions);
    assertPermissionsComplete(permissions, input.role !== 'super_admin');
    const account = superAdminAccount(input);
    assertAccountShape(actor, account);
    return { ...account, permissions };
  }
  const account = institutionAdminAccount(actor, input, null);
  assertAccountShape(actor, account);
  return { ...account, permissions: defaultPermissionsForRole(input.role) };
}

/**
 * Whether the administrator may do this to the user at all (contracts' canManageUser): an institution_admin
 * manages the users whose primary institution is theirs (a clinician of another institution linked to theirs
 * is visible but theirs to read only); nobody manages a user of a higher role; nobody deactivates themself.
 */
export function assertCanManageUser(actor: Administrator, user: RegisteredUser, action: UserAction = 'edit'): void {
  assertCanManageUsers(actor);
  if (action === 'deactivate' && actor.userId === user.userId) {
    throw new RuleViolation('forbidden', ERRORS.cannotDeactivateSelf);
  }
  const target = { id: user.userId, role: user.role, institution_id: user.institutionId };
  if (!canManageUser(actor, target, action)) throw new RuleViolation('forbidden', ERRORS.forbidden);
}

/** The account after an administrator's save, or the rule it breaks. */
export function accountAfterUpdate(actor: Administrator, user: RegisteredUser, input: AccountInput): Account {
  assertCanManageUser(actor, user);
  if (actor.role === 'super_admin') {
    const permissions = unique(input.permissions);
    // An empty list is allowed on edit: it means the role's defaults (spec 1 §6).
    assertPermissionsComplete(permissions, false);
    const account = superAdminAccount(input);
    assertAccountShape(actor, account);
    return { ...account, permissions };
  }
  // Menu permissions are super_admin's to edit: kept, or the new role's defaults when the role changes.
  const permissions = input.role === user.role ? user.permissions : defaultPermissionsForRole(input.role);
  const account = institutionAdminAccount(actor, input, user);
  assertAccountShape(actor, account);
  return { ...account, permissions };
}
