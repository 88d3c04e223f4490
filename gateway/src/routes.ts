/**
 * The gateway's route table (docs/architecture.md §2): which service answers an /api path and who may pass the
 * gateway to reach it. Every API path of the three spec documents is claimed by exactly one row; a path
 * no row claims answers 404 at the gateway.
 *
 * A row claims its `path` and, unless `exact`, everything below it (`path/*`). The router prefers static
 * segments over `:params` over wildcards, so `/api/institutions/:id/labs` wins over `/api/institutions/*`
 * whatever the order. Where two rows name the same path, the first row listed claims it.
 *
 * Access is the first gate only: every service verifies the token again and enforces roles per action,
 * tenancy and object-level rules itself (docs/architecture.md §5). A section list therefore names every screen
 * that calls the path, so the gateway never refuses what the spec lets a user do.
 */
import type { Role, Section, ServiceName } from '@labline/contracts';

export type Access =
  /** No token needed. */
  | 'public'
  /** Any signed-in user; the service applies its own role and tenancy rules. */
  | 'authenticated'
  /** The caller must be able to use at least one of these sections (contracts' canAccessSection). */
  | readonly Section[];

export interface RouteRow {
  /** Router pattern (`:id` is one segment, a trailing `*` anything), always under /api. */
  path: string;
  /** Claims `path` only, not the paths below it. */
  exact?: true;
  service: ServiceName;
  access: Access;
  /** Stricter access for writes (every method but GET, HEAD and OPTIONS). */
  writeAccess?: Access;
  /** Roles the spec grants this path outside the section policy; they pass section access. */
  alsoRoles?: readonly Role[];
  /** The sign-in form: a stricter per-IP rate limit against password guessing. */
  loginRateLimit?: true;
}

/** All API paths sit under this prefix; services see them without it (`/api/auth/login` → `/auth/login`). */
export const API_PREFIX = '/api';

export const ROUTES: readonly RouteRow[] = [
  // identity
  { path: '/api/auth/login', exact: true, service: 'identity', access: 'public', loginRateLimit: true },
  // the set-password page of an e-mailed link (the link's token is the proof): limited like the sign-in form
  { path: '/api/auth/password-token', exact: true, service: 'identity', access: 'public', loginRateLimit: true },
  { path: '/api/auth/set-password', exact: true, service: 'identity', access: 'public', loginRateLimit: true },
  // profile, change password, session renewal and sign-out: every signed-in user
  { path: '/api/auth', service: 'identity', access: 'authenticated' },
  // GET /users?role=clinician|fulfillment_agent feeds the patient and order forms of clinicians and client
  // admins; POST creates a user, which only the user form does (super_admin, institution_admin)
  { path: '/api/users', exact: true, service: 'identity', access: 'authenticated', writeAccess: ['users'] },
  // GET is the user detail (the e-mail card is also client_admin's); PUT/DELETE are the user form and deactivate
  { path: '/api/users/:id', exact: true, service: 'identity', access: 'authenticated', writeAccess: ['users'] },
  // below a user: the e-mail communication card, which client_admin uses too (spec 3 §6)
  { path: '/api/users', service: 'identity', access: 'authenticated' },
  // lab assignments are clinical's: the order form reads the labs of a sample type (tests), the Labs tab
  // of the institution detail assigns them (super_admin, and the institution_admin of that institution, which
  // the service checks per institution)
  { path: '/api/institutions/:id/labs', service: 'clinical', access: ['tests', 'cms'] },
  // GET is the full list (administrators for the patient list, the inventory form); POST creates an
  // institution, which only the institution form does (super_admin)
  {
    path: '/api/institutions',
    exact: true,
    service: 'identity',
    access: 'authenticated',
    writeAccess: ['institutions'],
  },
  // /my (clinicians), /{id} (order form; edited by the institution_admin of that institution), /{id}/stats,
  // /{id}/clinicians (patient form): identity scopes them to the caller's institutions
  { path: '/api/institutions', service: 'identity', access: 'authenticated' },

  // clinical; the order form's patient picker needs patients with the tests section alone
  { path: '/api/patients', service: 'clinical', access: ['patients', 'tests'] },
  // the result form lists completed test requests and reads one (spec 2 §7); orders, edits, status changes,
  // archives and notifications are the test request screens' (the service checks the role per action)
  { path: '/api/tests', service: 'clinical', access: ['tests', 'results'], writeAccess: ['tests'] },
  // storage locations: the sub-screen (super_admin, client_admin) and the inventory form's location list
  { path: '/api/cms/storage-locations', service: 'inventory', access: ['inventory'] },
  // notification logs and stats, reminder configurations, test notifications: CMS tabs
  { path: '/api/cms/notification-*', service: 'notifications', access: ['cms'] },
  { path: '/api/cms/reminder-configs', service: 'notifications', access: ['cms'] },
  { path: '/api/cms/test-notification', service: 'notifications', access: ['cms'] },
  // the lookups also feed the order form (tests) and the result form's markers and panels (results); they are
  // written on the CMS screen only (the service then checks the kind's cms sub-permission)
  { path: '/api/cms', service: 'clinical', access: ['cms', 'tests', 'results'], writeAccess: ['cms'] },

  // inventory; the fulfillment screens open items and pick one for a replacement request, and an
  // institution_admin views the list and uses Request Item on low-stock rows (spec 2 §6)
  {
    path: '/api/inventory',
    service: 'inventory',
    access: ['inventory', 'fulfillment'],
    alsoRoles: ['institution_admin'],
  },

  // fulfillment; the test request detail links to its fulfillment requests (/fulfillment/{id})
  { path: '/api/fulfillment', service: 'fulfillment', access: ['fulfillment', 'tests'] },

  // results; the test request detail creates results and drives the external-lab panel
  { path: '/api/results', service: 'results', access: ['results', 'tests'] },
  { path: '/api/external-api', service: 'results', access: ['results', 'tests'] },

  // notifications; cron monitoring is a CMS screen (/cms/cron-monitoring), contact is the top bar's
  { path: '/api/cron', service: 'notifications', access: ['cms'] },
  { path: '/api/contact', service: 'notifications', access: 'authenticated' },
  // the SMS provider's delivery-status callbacks: no user token, the service checks the provider's signature
  { path: '/api/webhooks/twilio', service: 'notifications', access: 'public' },

  // analytics; the dashboard is every role's home page, the rest is the analytics screen
  { path: '/api/analytics/dashboard', service: 'analytics', access: ['dashboard'] },
  { path: '/api/analytics', service: 'analytics', access: ['analytics'] },
];

/** The router patterns a row claims. */
export function routerPaths(row: RouteRow): string[] {
  return row.exact || row.path.endsWith('*') ? [row.path] : [row.path, `${row.path}/*`];
}

/** Router pattern → the row that claims it (the first row listed, where two name the same pattern). */
export function claimedPaths(routes: readonly RouteRow[] = ROUTES): Map<string, RouteRow> {
  const claimed = new Map<string, RouteRow>();
  for (const row of routes) {
    for (const pattern of routerPaths(row)) if (!claimed.has(pattern)) claimed.set(pattern, row);
  }
  return claimed;
}
