/**
 * The menu permission choices of the user form (spec 3 §2 user form, §5): role defaults, the cms toggle
 * with its sub-permissions, Select All, and the rules that keep the submit button disabled.
 */
import {
  CMS_SUB_PERMISSIONS,
  ERRORS,
  SECTIONS,
  defaultPermissionsForRole,
  isRoleAllowedInSection,
  type CmsSubPermission,
  type Permission,
  type Role,
  type Section,
} from '@labline/contracts';

const isSection = (permission: Permission): permission is Section =>
  (SECTIONS as readonly string[]).includes(permission);
const isCmsSubPermission = (permission: Permission): permission is CmsSubPermission =>
  (CMS_SUB_PERMISSIONS as readonly string[]).includes(permission);

/** Sections the role can use at all; the others would be granted in vain (spec 1 §6 role restrictions). */
export function sectionsForRole(role: Role): Section[] {
  return SECTIONS.filter((section) => isRoleAllowedInSection(role, section));
}

/** In SECTIONS then CMS_SUB_PERMISSIONS order, without duplicates, so the body is stable. */
function ordered(permissions: Iterable<Permission>): Permission[] {
  const set = new Set(permissions);
  return [...SECTIONS, ...CMS_SUB_PERMISSIONS].filter((permission) => set.has(permission));
}

/** The choice shown for an existing user: their list, or their role's defaults when the list is empty. */
export function effectivePermissions(role: Role, permissions: readonly Permission[]): Permission[] {
  return permissions.length > 0 ? ordered(permissions) : defaultPermissionsForRole(role);
}

/** Turning cms on adds all cms sub-permissions; turning it off removes them all. */
export function toggleSection(current: readonly Permission[], section: Section, on: boolean): Permission[] {
  const rest = current.filter((permission) => permission !== section);
  if (section !== 'cms') return ordered(on ? [...rest, section] : rest);
  return on ? ordered([...rest, section, ...CMS_SUB_PERMISSIONS]) : rest.filter((p) => !isCmsSubPermission(p));
}

export function toggleCmsSubPermission(
  current: readonly Permission[],
  subPermission: CmsSubPermission,
  on: boolean,
): Permission[] {
  const rest = current.filter((permission) => permission !== subPermission);
  return ordered(on ? [...rest, subPermission] : rest);
}

/** Every section the role can use is chosen, and with cms every cms sub-permission too. */
export function allSelected(current: readonly Permission[], role: Role): boolean {
  const sections = sectionsForRole(role);
  const wanted: Permission[] = sections.includes('cms') ? [...sections, ...CMS_SUB_PERMISSIONS] : sections;
  return wanted.every((permission) => current.includes(permission));
}

/** Select All: every section the role can use, plus all cms sub-permissions when cms is among them. */
export function toggleAll(current: readonly Permission[], role: Role): Permission[] {
  if (allSelected(current, role)) return [];
  const sections = sectionsForRole(role);
  return ordered(sections.includes('cms') ? [...sections, ...CMS_SUB_PERMISSIONS] : sections);
}

/** Why submit is disabled, or null (spec 3 §5). A super_admin account needs no list: it sees everything. */
export function permissionProblem(current: readonly Permission[], role: Role): string | null {
  if (role === 'super_admin') return null;
  if (!current.some(isSection)) return ERRORS.selectAtLeastOnePermission;
  if (current.includes('cms') && !current.some(isCmsSubPermission)) return ERRORS.selectAtLeastOneCmsSubPermission;
  return null;
}
