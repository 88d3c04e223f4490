/**
 * The web app's one route config (as ant-design-pro's config/routes.ts): each route of spec 3 §2 with its path,
 * title, access (the section whose check guards it, a narrower rule of @labline/contracts, the Access Denied text),
 * page and side-navigation entry. The router installs it (routes.tsx), the side navigation is its `menu` entries in
 * this order (spec 1 §2), the guards check its access, and the browser tests walk it against the same policy
 * functions: a route, its menu entry and its guard cannot drift apart.
 *
 * No React here (the browser tests read it in Node): a page is named by its file under src/features,
 * `<feature>/<File>` for the default export or `<feature>/<File>#<export>`, which routes.tsx loads as a chunk of
 * its own; `sign-in` (in the app's first chunk), `not-available` and `not-found` are the app's own.
 */
import {
  ERRORS,
  canAccessSection,
  canCreatePatient,
  canEditPatients,
  canMonitorNotifications,
  canOrderTests,
  type AccessSubject,
  type Caller,
  type Role,
  type Section,
  type SessionUser,
} from '@labline/contracts';

/** What the router, the guards and the walk know of a route, apart from its page. */
export interface RouteAccess {
  /** Absolute path. */
  path: string;
  /** Page title; a function when it depends on the user (spec 1 §2: 'Clinical Dashboard' for clinicians). */
  title: string | ((user: SessionUser) => string);
  /** The section whose access check (spec 1 §6) guards the route; null: any signed-in user. */
  section: Section | null;
  /** Public routes sit outside the authenticated layout; a signed-in user is sent on (to /dashboard). */
  public?: true;
  /** A public route that a signed-in user opens too (an e-mailed link works whoever is signed in here). */
  evenWhenSignedIn?: true;
  /** Roles that open the route without its section (spec 2 §6: institution_admin's Request Item on /inventory). */
  alsoRoles?: readonly Role[];
  /** A further rule of @labline/contracts inside the section, for screens narrower than their section. */
  rule?: (caller: Caller) => boolean;
  /** The Access Denied text; the generic one when the spec gives none for the area. */
  deniedMessage?: string;
}

/** A page: a file under src/features (`<feature>/<File>[#<export>]`) or one of the app's own. */
export type PageName = 'sign-in' | 'not-available' | 'not-found' | `${string}/${string}Page${'' | `#${string}`}`;

export interface RouteConfig extends RouteAccess {
  page: PageName;
  /** Its side-navigation entry's name: shown to the callers its section admits. */
  menu?: string;
}

/** Whether the caller may open the route: its section's access check, then its narrower rule. */
export function canOpenRoute(caller: Caller, route: Pick<RouteAccess, 'section' | 'rule' | 'alsoRoles'>): boolean {
  const alsoOpen = route.alsoRoles?.includes(caller.role) ?? false;
  if (route.section !== null && !canAccessSection(caller, route.section) && !alsoOpen) return false;
  return route.rule === undefined || route.rule(caller);
}

const isClinician = (user: SessionUser) => user.role === 'clinician';
/**
 * The list and the detail: the section, and institution_admin, whom the gateway lets read them (spec 2 §6:
 * Request Item). Written out rather than imported from INVENTORY_ROUTES, which would put the route table in the
 * chunk every page loads; routeConfig.test.ts holds the two equal.
 */
const inventory = { section: 'inventory', alsoRoles: ['institution_admin'] } as const;
/**
 * The form: the section's roles, who are the managers (canManageInventory; routeConfig.test.ts holds them equal);
 * others see its Access Denied text (spec 2 §2.4).
 */
const inventoryForm = { section: 'inventory', deniedMessage: ERRORS.noPermissionManageInventoryItems } as const;
/** spec 2 §2.7–2.9: the result roles (the section's); others see the area's Access Denied text. */
const results = { section: 'results', deniedMessage: ERRORS.noPermissionViewTestResults } as const;
const resultForm = { section: 'results', deniedMessage: ERRORS.noPermissionEnterTestResults } as const;
/** spec 1 §6: the order form is for the four ordering roles (lab_user may see requests but not order). */
const testOrder = {
  section: 'tests',
  rule: canOrderTests,
  deniedMessage: ERRORS.noPermissionCreateTestRequests,
} as const;
const users = { section: 'users', deniedMessage: ERRORS.noPermissionManageUsers } as const;
const institutions = { section: 'institutions', deniedMessage: ERRORS.noPermissionManageInstitutions } as const;
const cms = { section: 'cms', deniedMessage: ERRORS.noPermissionManageCmsFields } as const;

export const ROUTES = [
  { path: '/login', title: 'Sign In', section: null, public: true, page: 'sign-in' },
  // An e-mailed link's page, rarely opened: a chunk of its own, outside the sign-in page's budget.
  {
    path: '/set-password',
    title: 'Set Password',
    section: null,
    public: true,
    evenWhenSignedIn: true,
    page: 'auth/SetPasswordPage',
  },

  {
    path: '/dashboard',
    title: (u: SessionUser) => (isClinician(u) ? 'Clinical Dashboard' : 'Dashboard Overview'),
    section: 'dashboard',
    menu: 'Dashboard',
    page: 'dashboard/DashboardPage',
  },
  { path: '/profile', title: 'Profile Settings', section: null, page: 'profile/ProfilePage' },
  { path: '/contact', title: 'Contact Us', section: null, page: 'contact/ContactPage' },

  {
    path: '/patients',
    title: (u: SessionUser) => (isClinician(u) ? 'My Patients' : 'Patients'),
    section: 'patients',
    menu: 'Patients',
    page: 'patients/PatientListPage',
  },
  {
    path: '/patients/new',
    title: 'Add Patient',
    section: 'patients',
    rule: canCreatePatient,
    deniedMessage: ERRORS.forbidden,
    page: 'patients/PatientFormPage#NewPatientPage',
  },
  { path: '/patients/:id', title: 'Patient Details', section: 'patients', page: 'patients/PatientDetailPage' },
  // Which patients a caller edits needs the patient (canEditPatient, on the page); a role that edits none
  // (client_admin, lab_user) is turned away here, before a form or a patient is loaded.
  {
    path: '/patients/:id/edit',
    title: 'Edit Patient',
    section: 'patients',
    rule: canEditPatients,
    deniedMessage: ERRORS.forbidden,
    page: 'patients/PatientFormPage#EditPatientPage',
  },

  {
    path: '/tests',
    title: 'Test Requests',
    section: 'tests',
    menu: 'Test Requests',
    page: 'tests/TestRequestListPage',
  },
  { path: '/tests/new', title: 'New Test Request', ...testOrder, page: 'tests/TestRequestFormPage#NewTestRequestPage' },
  { path: '/tests/:id', title: 'Test Request Details', section: 'tests', page: 'tests/TestRequestDetailPage' },
  {
    path: '/tests/:id/edit',
    title: 'Edit Test Request',
    ...testOrder,
    page: 'tests/TestRequestFormPage#EditTestRequestPage',
  },

  { path: '/results', title: 'Test Results', menu: 'Test Results', ...results, page: 'results/ResultListPage' },
  { path: '/results/new', title: 'Enter New Test Result', ...resultForm, page: 'results/ResultFormPage#NewResultPage' },
  { path: '/results/:id', title: 'Test Result Details', ...results, page: 'results/ResultDetailPage' },
  {
    path: '/results/:id/edit',
    title: 'Edit Test Result',
    ...resultForm,
    page: 'results/ResultFormPage#EditResultPage',
  },

  {
    path: '/inventory',
    title: 'Inventory Management',
    menu: 'Inventory',
    ...inventory,
    page: 'inventory/InventoryListPage',
  },
  {
    path: '/inventory/new',
    title: 'Add New Inventory Item',
    ...inventoryForm,
    page: 'inventory/InventoryFormPage#NewInventoryItemPage',
  },
  { path: '/inventory/:id', title: 'Inventory Item', ...inventory, page: 'inventory/InventoryDetailPage' },
  {
    path: '/inventory/:id/edit',
    title: 'Edit Inventory Item',
    ...inventoryForm,
    page: 'inventory/InventoryFormPage#EditInventoryItemPage',
  },

  {
    path: '/fulfillment',
    title: 'Fulfillment Management',
    section: 'fulfillment',
    menu: 'Fulfillment',
    page: 'fulfillment/FulfillmentListPage',
  },
  {
    path: '/fulfillment/:id',
    title: 'Fulfillment Request Details',
    section: 'fulfillment',
    page: 'fulfillment/FulfillmentDetailPage',
  },

  { path: '/users', title: 'Users', ...users, menu: 'Users', page: 'users/UserListPage' },
  { path: '/users/new', title: 'Add User', ...users, page: 'users/UserFormPage#NewUserPage' },
  { path: '/users/:id', title: 'User Details', ...users, page: 'users/UserDetailPage' },
  { path: '/users/:id/edit', title: 'Edit User', ...users, page: 'users/UserFormPage#EditUserPage' },

  {
    path: '/institutions',
    title: 'Institutions',
    ...institutions,
    menu: 'Institutions',
    page: 'institutions/InstitutionListPage',
  },
  {
    path: '/institutions/new',
    title: 'Add Institution',
    ...institutions,
    page: 'institutions/InstitutionFormPage#NewInstitutionPage',
  },
  // spec 3 §6: the institution_admin of an institution may view and edit it too, so these two are not
  // guarded by the super_admin-only section; the pages guard them with canEditInstitution for the route's id.
  {
    path: '/institutions/:id',
    title: 'Institution Details',
    section: null,
    page: 'institutions/InstitutionDetailPage',
  },
  {
    path: '/institutions/:id/edit',
    title: 'Edit Institution',
    section: null,
    page: 'institutions/InstitutionFormPage#EditInstitutionPage',
  },

  { path: '/cms', title: 'CMS Management', ...cms, menu: 'CMS Fields', page: 'cms/CmsPage' },
  {
    path: '/cms/cron-monitoring',
    title: 'Cron Job Monitoring',
    ...cms,
    rule: canMonitorNotifications,
    page: 'monitoring/CronMonitoringPage',
  },
  // A route without a side-navigation entry.
  {
    path: '/analytics',
    title: 'Analytics',
    section: 'analytics',
    deniedMessage: ERRORS.noPermissionViewAnalytics,
    page: 'analytics/AnalyticsPage',
  },

  { path: '/*', title: 'Page Not Found', section: null, page: 'not-found' },
] as const satisfies readonly RouteConfig[];

export type RoutePath = (typeof ROUTES)[number]['path'];

/** A side-navigation entry: a route's `menu`, guarded by the route's section. */
export interface NavigationEntry {
  name: string;
  path: string;
  section: Section;
}

/** The side navigation in spec 1 §2 order: the routes with a `menu`, in the config's order. */
export const NAVIGATION: readonly NavigationEntry[] = (ROUTES as readonly RouteConfig[]).flatMap((route) =>
  route.menu !== undefined && route.section !== null
    ? [{ name: route.menu, path: route.path, section: route.section }]
    : [],
);

/** The entries whose section the user may open. */
export function navigationFor(user: AccessSubject): NavigationEntry[] {
  return NAVIGATION.filter((entry) => canAccessSection(user, entry.section));
}

/** Highlight rule of spec 1 §2: the current path equals or starts with the entry's path. */
export function isNavigationEntryActive(entry: NavigationEntry, pathname: string): boolean {
  return pathname === entry.path || pathname.startsWith(`${entry.path}/`);
}
