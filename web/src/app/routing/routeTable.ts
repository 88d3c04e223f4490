/**
 * The route table of spec 3 §2 as data: path, title, and the access policy that guards each route (the section,
 * a narrower rule of @labline/contracts, the Access Denied text). No React and no pages here: the router adds
 * the pages (routes.tsx), and the browser tests walk this same table against the same policy functions, so a
 * route the app offers and a route the walk checks cannot drift apart. The side navigation is drawn from the
 * same sections (NAVIGATION in @labline/contracts), so a route and its navigation entry are granted alike.
 */
import {
  ERRORS,
  canAccessSection,
  canCreatePatient,
  canEditPatients,
  canMonitorNotifications,
  canOrderTests,
  type Caller,
  type Section,
  type SessionUser,
} from '@labline/contracts';

/** What the router and the walk know of a route, apart from its page. */
export interface RouteAccess {
  /** Absolute path, as in the route table. */
  path: string;
  /** Page title; a function when it depends on the user (spec 1 §2: 'Clinical Dashboard' for clinicians). */
  title: string | ((user: SessionUser) => string);
  /** The section whose access check (spec 1 §6) guards the route; null: any signed-in user. */
  section: Section | null;
  /** Public routes sit outside the authenticated layout; a signed-in user is sent on (to /dashboard). */
  public?: true;
  /** A public route that a signed-in user opens too (an e-mailed link works whoever is signed in here). */
  evenWhenSignedIn?: true;
  /** A further rule of @labline/contracts inside the section, for screens narrower than their section. */
  rule?: (caller: Caller) => boolean;
  /** The Access Denied text; the generic one when the spec gives none for the area. */
  deniedMessage?: string;
}

/** Whether the caller may open the route: its section's access check, then its narrower rule. */
export function canOpenRoute(caller: Caller, route: Pick<RouteAccess, 'section' | 'rule'>): boolean {
  if (route.section !== null && !canAccessSection(caller, route.section)) return false;
  return route.rule === undefined || route.rule(caller);
}

const isClinician = (user: SessionUser) => user.role === 'clinician';
const inventory = { section: 'inventory', deniedMessage: ERRORS.noPermissionManageInventoryItems } as const;
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

export const ROUTE_TABLE = [
  { path: '/login', title: 'Sign In', section: null, public: true },
  { path: '/set-password', title: 'Set Password', section: null, public: true, evenWhenSignedIn: true },

  {
    path: '/dashboard',
    title: (u: SessionUser) => (isClinician(u) ? 'Clinical Dashboard' : 'Dashboard Overview'),
    section: 'dashboard',
  },
  { path: '/profile', title: 'Profile Settings', section: null },
  { path: '/contact', title: 'Contact Us', section: null },

  { path: '/patients', title: (u: SessionUser) => (isClinician(u) ? 'My Patients' : 'Patients'), section: 'patients' },
  {
    path: '/patients/new',
    title: 'Add Patient',
    section: 'patients',
    rule: canCreatePatient,
    deniedMessage: ERRORS.forbidden,
  },
  { path: '/patients/:id', title: 'Patient Details', section: 'patients' },
  // Which patients a caller edits needs the patient (canEditPatient, on the page); a role that edits none
  // (client_admin, lab_user) is turned away here, before a form or a patient is loaded.
  {
    path: '/patients/:id/edit',
    title: 'Edit Patient',
    section: 'patients',
    rule: canEditPatients,
    deniedMessage: ERRORS.forbidden,
  },

  { path: '/tests', title: 'Test Requests', section: 'tests' },
  { path: '/tests/new', title: 'New Test Request', ...testOrder },
  { path: '/tests/:id', title: 'Test Request Details', section: 'tests' },
  { path: '/tests/:id/edit', title: 'Edit Test Request', ...testOrder },

  { path: '/inventory', title: 'Inventory Management', ...inventory },
  { path: '/inventory/new', title: 'Add New Inventory Item', ...inventory },
  { path: '/inventory/:id', title: 'Inventory Item', ...inventory },
  { path: '/inventory/:id/edit', title: 'Edit Inventory Item', ...inventory },

  { path: '/fulfillment', title: 'Fulfillment Management', section: 'fulfillment' },
  { path: '/fulfillment/:id', title: 'Fulfillment Request Details', section: 'fulfillment' },

  { path: '/results', title: 'Test Results', ...results },
  { path: '/results/new', title: 'Enter New Test Result', ...resultForm },
  { path: '/results/:id', title: 'Test Result Details', ...results },
  { path: '/results/:id/edit', title: 'Edit Test Result', ...resultForm },

  { path: '/users', title: 'Users', ...users },
  { path: '/users/new', title: 'Add User', ...users },
  { path: '/users/:id', title: 'User Details', ...users },
  { path: '/users/:id/edit', title: 'Edit User', ...users },

  { path: '/institutions', title: 'Institutions', ...institutions },
  { path: '/institutions/new', title: 'Add Institution', ...institutions },
  // spec 3 §6: the institution_admin of an institution may view and edit it too, so these two are not
  // guarded by the super_admin-only section; the pages guard them with canEditInstitution for the route's id.
  { path: '/institutions/:id', title: 'Institution Details', section: null },
  { path: '/institutions/:id/edit', title: 'Edit Institution', section: null },

  { path: '/cms', title: 'CMS Management', ...cms },
  { path: '/cms/cron-monitoring', title: 'Cron Job Monitoring', ...cms, rule: canMonitorNotifications },
  { path: '/analytics', title: 'Analytics', section: 'analytics', deniedMessage: ERRORS.noPermissionViewAnalytics },

  { path: '/*', title: 'Page Not Found', section: null },
] as const satisfies readonly RouteAccess[];

export type RoutePath = (typeof ROUTE_TABLE)[number]['path'];
