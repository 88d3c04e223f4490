/** The user form's values: what it starts with (new, edit, query parameters) and the body it sends. */
import {
  ROLES,
  canAssignRole,
  canSetAccountScope,
  defaultPermissionsForRole,
  type Caller,
  type CreateUserBody,
  type Permission,
  type Role,
  type UpdateUserBody,
  type User,
} from '@labline/contracts';
import { parseEntityId } from '../../shared/routeId';
import { effectivePermissions } from './menuPermissions';

/** Who fills in the form, as the contracts' user-management rules see them. */
type Manager = Pick<Caller, 'userId' | 'role' | 'institutionId'>;

export interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  role: Role | undefined;
  institution_id: number | undefined;
  clinician_institution_ids: number[];
  is_active: boolean;
  permissions: Permission[];
}

/** Roles the manager may give: only super_admin gives super_admin (spec 3 §2). */
export function assignableRoles(manager: Manager): Role[] {
  return ROLES.filter((role) => canAssignRole(manager, role));
}

/** The preselection of links from institution pages (spec 3 §2): ?institution_id=…&role=…, ignored when invalid. */
export function preselection(
  manager: Manager,
  query: URLSearchParams,
): { role: Role | undefined; institutionId: number | undefined } {
  const roleParam = query.get('role');
  const role = assignableRoles(manager).find((candidate) => candidate === roleParam);
  const institutionId = parseEntityId(query.get('institution_id')) ?? undefined;
  return { role, institutionId };
}

export function newUserValues(manager: Manager, query: URLSearchParams): UserFormValues {
  const { role, institutionId } = preselection(manager, query);
  // Only super_admin sets the primary institution; for others it is their own, which also seeds a clinician's.
  const institution = canSetAccountScope(manager) ? institutionId : (manager.institutionId ?? undefined);
  return {
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    password: '',
    role,
    institution_id: institution,
    clinician_institution_ids: role === 'clinician' && institution !== undefined ? [institution] : [],
    is_active: true,
    permissions: role === undefined ? [] : defaultPermissionsForRole(role),
  };
}

export function existingUserValues(user: User): UserFormValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone ?? '',
    password: '',
    role: user.role,
    institution_id: user.institution_id ?? undefined,
    clinician_institution_ids: user.clinician_institution_ids,
    is_active: user.is_active,
    permissions: effectivePermissions(user.role, user.permissions),
  };
}

/**
 * The request body. Permissions are sent only by super_admin (the only one who edits them); an
 * institution_admin's users get their institution; an empty password on edit keeps the current one.
 */
export function userBody(manager: Manager, values: UserFormValues & { role: Role }): CreateUserBody & UpdateUserBody {
  const systemAdministrator = canSetAccountScope(manager);
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim() === '' ? null : values.phone.trim(),
    password: values.password === '' ? null : values.password,
    role: values.role,
    institution_id: systemAdministrator ? (values.institution_id ?? null) : manager.institutionId,
    clinician_institution_ids: values.role === 'clinician' ? values.clinician_institution_ids : [],
    ...(systemAdministrator ? { permissions: values.role === 'super_admin' ? [] : values.permissions } : {}),
  };
}
