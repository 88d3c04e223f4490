/**
 * The role and section policy of spec 1 §6 and spec 3 §6: the one access function used by the gateway,
 * the services and the web app alike.
 */
export const ROLES = [
  'super_admin',
  'institution_admin',
  'clinician',
  'client_admin',
  'fulfillment_agent',
  'lab_user',
] as const;
export type Role = (typeof ROLES)[number];

/** Menu permission keys (spec 3 §3), which are also the section keys of spec 1 §6. */
export const SECTIONS = [
  'dashboard',
  'patients',
  'tests',
  'results',
  'inventory',
  'fulfillment',
  'analytics',
  'users',
  'institutions',
  'cms',
] as const;
export type Section = (typeof SECTIONS)[number];

export const CMS_SUB_PERMISSIONS = [
  'cms_sample_types',
  'cms_markers',
  'cms_panels',
  'cms_statuses',
  'cms_collection_devices',
  'cms_tube_types',
  'cms_storage_locations',
  'cms_notification_logs',
] as const;
export type CmsSubPermission = (typeof CMS_SUB_PERMISSIONS)[number];

export type Permission = Section | CmsSubPermission;

export const ROLE_DEFAULT_SECTIONS: Readonly<Record<Role, readonly Section[]>> = {
  super_admin: SECTIONS,
  institution_admin: ['dashboard', 'patients', 'tests', 'results', 'analytics', 'users', 'cms'],
  clinician: ['dashboard', 'patients', 'tests', 'results'],
  client_admin: ['dashboard', 'patients', 'tests', 'inventory', 'fulfillment', 'analytics'],
  fulfillment_agent: ['dashboard', 'inventory', 'fulfillment'],
  lab_user: ['dashboard', 'patients', 'tests', 'results'],
};

/** Roles that have all cms sub-permissions by default (spec 3 §6). */
export const ROLES_WITH_DEFAULT_CMS_SUB_PERMISSIONS: readonly Role[] = ['super_admin', 'institution_admin'];

/**
 * Per-section role restrictions: whatever the permissions list says, only these roles may use the section.
 * A section absent here is open to every role that has it.
 */
export const SECTION_ROLE_RESTRICTIONS: Readonly<Partial<Record<Section, readonly Role[]>>> = {
  patients: ['super_admin', 'institution_admin', 'clinician', 'client_admin', 'lab_user'],
  tests: ['super_admin', 'institution_admin', 'clinician', 'client_admin', 'lab_user'],
  results: ['super_admin', 'institution_admin', 'clinician', 'lab_user'],
  inventory: ['super_admin', 'client_admin', 'fulfillment_agent'],
  fulfillment: ['super_admin', 'client_admin', 'fulfillment_agent'],
  analytics: ['super_admin', 'institution_admin', 'client_admin'],
  users: ['super_admin', 'institution_admin'],
  institutions: ['super_admin'],
  cms: ['super_admin', 'institution_admin'],
};

/** The part of a user the policy looks at. */
export interface AccessSubject {
  role: Role;
  permissions: readonly string[];
}

/** Sections granted before role restrictions: super_admin has all; a non-empty permissions list replaces the role default. */
export function grantedSections(user: AccessSubject): Section[] {
  if (user.role === 'super_admin') return [...SECTIONS];
  const listed = user.permissions.filter((p): p is Section => (SECTIONS as readonly string[]).includes(p));
  if (user.permissions.length > 0) return listed;
  return [...ROLE_DEFAULT_SECTIONS[user.role]];
}

export function isRoleAllowedInSection(role: Role, section: Section): boolean {
  const allowed = SECTION_ROLE_RESTRICTIONS[section];
  return allowed === undefined || allowed.includes(role);
}

/** The access check of spec 1 §6: the section is granted and the role is allowed in it. */
export function canAccessSection(user: AccessSubject, section: Section): boolean {
  return grantedSections(user).includes(section) && isRoleAllowedInSection(user.role, section);
}

export function accessibleSections(user: AccessSubject): Section[] {
  return SECTIONS.filter((section) => canAccessSection(user, section));
}

/** cms sub-permissions in effect: explicit ones when listed, else all for the roles that have them by default. */
export function cmsSubPermissions(user: AccessSubject): CmsSubPermission[] {
  if (!canAccessSection(user, 'cms')) return [];
  if (user.role === 'super_admin') return [...CMS_SUB_PERMISSIONS];
  const listed = user.permissions.filter((p): p is CmsSubPermission =>
    (CMS_SUB_PERMISSIONS as readonly string[]).includes(p),
  );
  if (listed.length > 0) return listed;
  return ROLES_WITH_DEFAULT_CMS_SUB_PERMISSIONS.includes(user.role) ? [...CMS_SUB_PERMISSIONS] : [];
}

/** Default menu permissions a new user of the role gets pre-filled with (spec 3 user form). */
export function defaultPermissionsForRole(role: Role): Permission[] {
  const sections: Permission[] = [...ROLE_DEFAULT_SECTIONS[role]].filter((s) => isRoleAllowedInSection(role, s));
  return sections.includes('cms') && ROLES_WITH_DEFAULT_CMS_SUB_PERMISSIONS.includes(role)
    ? [...sections, ...CMS_SUB_PERMISSIONS]
    : sections;
}

export function roleLabel(role: Role): string {
  return role.replaceAll('_', ' ');
}

export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  super_admin: 'Complete system access across all institutions',
  institution_admin: 'Administrative access within their institution',
  clinician: 'Patient care and test ordering',
  client_admin: 'Client operations and inventory management',
  fulfillment_agent: 'Inventory fulfillment and shipping',
  lab_user: 'Laboratory operations and result entry',
};
