/**
 * The CMS catalogue's policy (spec 3 §2 CMS management, §6; spec 1 §3, §7): its kinds and their names, which
 * cms sub-permission manages which kind, which CMS tabs a caller sees, and the per-record rules of catalogue
 * items and lab assignments. Pure and free of zod (like access.ts and records.ts), so the web's pages, the
 * gateway and the clinical service ask the same functions.
 */
import { canAccessSection, cmsSubPermissions, type CmsSubPermission } from './access';
import { canEditInstitution, canReadInstitution, type Caller } from './records';

/** The catalogue's kinds, as their paths name them (`/cms/{kind}`), in the CMS screen's tab order. */
export const CATALOGUE_KINDS = [
  'sample-types',
  'markers',
  'panels',
  'tube-types',
  'priorities',
  'statuses',
  'collection-devices',
  'labs',
] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/**
 * The kinds that are a name and a description only (with an order, for priorities and statuses). Tube types
 * are one and the sample types they hold (issue 22).
 */
export const LOOKUP_KINDS = ['sample-types', 'priorities', 'statuses'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

export const isCatalogueKind = (text: string): text is CatalogueKind =>
  (CATALOGUE_KINDS as readonly string[]).includes(text);

/** A table by kind from one value per shape of item: the three lookup kinds share one (their schemas, say). */
export const perCatalogueKind = <Lookup, TubeType, Marker, Panel, Device, Lab>(shapes: {
  lookup: Lookup;
  tubeTypes: TubeType;
  markers: Marker;
  panels: Panel;
  devices: Device;
  labs: Lab;
}) => ({
  'sample-types': shapes.lookup,
  markers: shapes.markers,
  panels: shapes.panels,
  'tube-types': shapes.tubeTypes,
  priorities: shapes.lookup,
  statuses: shapes.lookup,
  'collection-devices': shapes.devices,
  labs: shapes.labs,
});

/** How people name a kind: one item ("Add Sample Type", "Failed to delete Sample Type…") and the tab. */
export const CATALOGUE_KIND_LABELS: Readonly<Record<CatalogueKind, { singular: string; plural: string }>> = {
  'sample-types': { singular: 'Sample Type', plural: 'Sample Types' },
  markers: { singular: 'Marker', plural: 'Markers' },
  panels: { singular: 'Panel', plural: 'Panels' },
  'tube-types': { singular: 'Tube Type', plural: 'Tube Types' },
  priorities: { singular: 'Priority', plural: 'Priorities' },
  statuses: { singular: 'Status', plural: 'Statuses' },
  'collection-devices': { singular: 'Collection Device', plural: 'Collection Devices' },
  labs: { singular: 'Lab', plural: 'Labs' },
};

/**
 * The one table of which cms sub-permission manages a kind (spec 3 §3 lists the sub-permissions). Priorities
 * are statuses of a request's urgency, so cms_statuses covers both; labs have none: labs are facilities
 * shared by every institution, managed by super_admin alone.
 */
export const CATALOGUE_KIND_SUB_PERMISSION: Readonly<Record<CatalogueKind, CmsSubPermission | null>> = {
  'sample-types': 'cms_sample_types',
  markers: 'cms_markers',
  panels: 'cms_panels',
  'tube-types': 'cms_tube_types',
  priorities: 'cms_statuses',
  statuses: 'cms_statuses',
  'collection-devices': 'cms_collection_devices',
  labs: null,
};

/** Kinds whose items belong to no institution: labs are global facilities. */
export const GLOBAL_ONLY_KINDS: readonly CatalogueKind[] = ['labs'];

// ------------------------------------------------------------------------------------------------- tabs

export const CMS_TAB_KEYS = [
  'sample_types',
  'markers',
  'panels',
  'tube_types',
  'priorities',
  'statuses',
  'collection_devices',
  'storage_locations',
  'labs',
  'notification_logs',
  'reminder_configurations',
  'test_notifications',
] as const;
export type CmsTabKey = (typeof CMS_TAB_KEYS)[number];

export interface CmsTab {
  key: CmsTabKey;
  label: string;
  subtitle: string;
  /** The catalogue kind behind a lookup tab (clinical's `/cms/{kind}`); null for the other services' tabs. */
  kind: CatalogueKind | null;
}

const LOOKUP_SUBTITLE = 'Manage dynamic form fields for test requests';

/** The CMS screen's tabs in spec order, with the subtitles of spec 3 §2. */
export const CMS_TABS: readonly CmsTab[] = [
  ...CATALOGUE_KINDS.filter((kind) => kind !== 'labs').map((kind) => ({
    key: kind.replaceAll('-', '_') as CmsTabKey,
    label: CATALOGUE_KIND_LABELS[kind].plural,
    subtitle: LOOKUP_SUBTITLE,
    kind,
  })),
  { key: 'storage_locations', label: 'Storage Locations', subtitle: LOOKUP_SUBTITLE, kind: null },
  { key: 'labs', label: 'Labs', subtitle: 'Manage laboratory facilities and assignments', kind: 'labs' },
  { key: 'notification_logs', label: 'Notification Logs', subtitle: 'Monitor email and SMS notifications', kind: null },
  {
    key: 'reminder_configurations',
    label: 'Reminder Configurations',
    subtitle: 'Configure automated reminder settings',
    kind: null,
  },
  { key: 'test_notifications', label: 'Test Notifications', subtitle: 'Test email and SMS configuration', kind: null },
];

const subjectOf = (caller: Pick<Caller, 'role' | 'permissions'>) => ({
  role: caller.role,
  permissions: caller.permissions,
});
const hasSubPermission = (caller: Caller, permission: CmsSubPermission) =>
  cmsSubPermissions(subjectOf(caller)).includes(permission);

/** The CMS screen itself (spec 3 §2): the cms section, which only super_admin and institution_admin have. */
export const canUseCmsScreen = (caller: Caller): boolean => canAccessSection(subjectOf(caller), 'cms');

/**
 * Whether the caller sees a CMS tab: a lookup tab when they manage its kind; storage locations with
 * cms_storage_locations for the roles of its sub-screen (super_admin, client_admin: spec 3 §6); the three
 * notification tabs (logs, reminders, test sends) with cms_notification_logs, the one sub-permission of that
 * area; labs for super_admin.
 */
export function canSeeCmsTab(caller: Caller, tab: Pick<CmsTab, 'key' | 'kind'>): boolean {
  if (!canUseCmsScreen(caller)) return false;
  if (tab.kind !== null) return canManageCatalogueKind(caller, tab.kind);
  if (tab.key === 'storage_locations') {
    return (
      (caller.role === 'super_admin' || caller.role === 'client_admin') &&
      hasSubPermission(caller, 'cms_storage_locations')
    );
  }
  return hasSubPermission(caller, 'cms_notification_logs');
}

/** The CMS tabs the caller sees, in order (empty without the CMS screen). */
export const cmsTabsFor = (caller: Caller): CmsTab[] => CMS_TABS.filter((tab) => canSeeCmsTab(caller, tab));

// ------------------------------------------------------------------------------------------- catalogue

/** The part of a catalogue item the rules look at. */
export interface CatalogueItemAccessFacts {
  kind: CatalogueKind;
  /** Empty: a global item, offered to every institution. */
  institution_ids: readonly number[];
}

/** Which catalogue items a caller reads: all, or the global ones and those of some institutions. */
export type CatalogueScope = { kind: 'all' } | { kind: 'institutions'; institutionIds: readonly number[] };

/**
 * Reading the catalogue: the CMS screen (cms), the order form (tests) and the result form's markers and
 * panels (results).
 */
export const canReadCatalogue = (caller: Caller): boolean =>
  (['cms', 'tests', 'results'] as const).some((section) => canAccessSection(subjectOf(caller), section));

/** super_admin reads every item; everyone else the global ones and their institutions' (a clinician's linked too). */
export const catalogueScope = (caller: Caller): CatalogueScope =>
  caller.role === 'super_admin' ? { kind: 'all' } : { kind: 'institutions', institutionIds: caller.institutionIds };

export function isInCatalogueScope(scope: CatalogueScope, item: Pick<CatalogueItemAccessFacts, 'institution_ids'>) {
  if (scope.kind === 'all' || item.institution_ids.length === 0) return true;
  return item.institution_ids.some((id) => scope.institutionIds.includes(id));
}

export const canReadCatalogueItem = (caller: Caller, item: CatalogueItemAccessFacts): boolean =>
  canReadCatalogue(caller) && isInCatalogueScope(catalogueScope(caller), item);

/**
 * Whether the caller manages a kind at all (its tab, create, and the edit route before any item is loaded):
 * super_admin every kind; an institution_admin of an institution the kinds of their cms sub-permissions,
 * never labs.
 */
export function canManageCatalogueKind(caller: Caller, kind: CatalogueKind): boolean {
  if (caller.role === 'super_admin') return true;
  if (caller.role !== 'institution_admin' || caller.institutionId === null) return false;
  const permission = CATALOGUE_KIND_SUB_PERMISSION[kind];
  return permission !== null && hasSubPermission(caller, permission);
}

/**
 * Edit and delete an item: super_admin any; an institution_admin (who manages its kind) the items of their
 * institution alone. Global items and items shared with another institution are read-only to them: they see
 * them (403 on a write) but a change would reach other tenants. Another institution's item they do not see
 * at all (404).
 */
export function canEditCatalogueItem(caller: Caller, item: CatalogueItemAccessFacts): boolean {
  if (!canReadCatalogueItem(caller, item) || !canManageCatalogueKind(caller, item.kind)) return false;
  if (caller.role === 'super_admin') return true;
  return item.institution_ids.length > 0 && item.institution_ids.every((id) => caller.institutionIds.includes(id));
}

export const canDeleteCatalogueItem = canEditCatalogueItem;

/**
 * Whether the caller chooses an item's institutions (the form's institution picker, "the global flag" of
 * spec 3 §2): super_admin only. Everyone else's items are their own institution's, which they cannot remove.
 */
export const canChooseCatalogueInstitutions = (caller: Caller): boolean => caller.role === 'super_admin';

/**
 * The institutions a new item of this caller belongs to when the form names none: super_admin's is global
 * (none); an institution_admin's is their institution's.
 */
export const defaultCatalogueInstitutionIds = (caller: Caller): number[] =>
  caller.role === 'super_admin' || caller.institutionId === null ? [] : [caller.institutionId];

// ------------------------------------------------------------------------------------------ lab assignments

/**
 * An institution's lab assignments: read by the order form (tests: the labs of a sample type) and the Labs
 * tab (cms) of the institutions the caller belongs to (super_admin any).
 */
export const canReadLabAssignments = (caller: Caller, institutionId: number): boolean =>
  (canAccessSection(subjectOf(caller), 'tests') || canAccessSection(subjectOf(caller), 'cms')) &&
  canReadInstitution(caller, institutionId);

/** Assign and remove labs: super_admin, and the institution_admin of that institution (spec 3 §6). */
export const canManageLabAssignments = (caller: Caller, institutionId: number): boolean =>
  canEditInstitution(caller, institutionId);
