/**
 * The HTTP routes of every service, declared once: method, path as the service sees it (the gateway serves it
 * under /api), and the gateway's first gate. This half of the route contracts holds no schema object, so the
 * web app takes its paths from here without bundling zod; `routes/contracts.ts` adds each route's schemas and
 * the service's own guard under the same names. Services install these routes with the kit's `route`, the
 * gateway derives its route table from them and the web client builds its URLs with `routeUrl`.
 */
import { canAccessSection, type AccessSubject, type Role, type Section } from '../access';
import { CATALOGUE_KINDS, type CatalogueKind } from '../catalogue';
import type { ServiceName } from '../events/envelope';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who the gateway lets through to a route (the first gate only: the service checks the token again and applies
 * its role, tenancy and record rules). A section list names every screen that calls the route, so the gateway
 * never refuses what the spec lets a user do.
 */
export type GatewayAccess =
  /** No token needed. */
  | 'public'
  /** Any signed-in user; the service applies its own role and tenancy rules. */
  | 'authenticated'
  /** The caller must be able to use at least one of these sections (canAccessSection). */
  | readonly Section[];

export interface RoutePath {
  method: HttpMethod;
  /** As the service registers it (`:name` is one segment); the gateway serves it as `/api${path}`. */
  path: string;
  access: GatewayAccess;
  /** Roles the spec grants this route outside the section policy; they pass the gateway's section check. */
  alsoRoles?: readonly Role[];
  /** The sign-in form and the set-password page: the gateway's stricter per-address rate limit. */
  loginRateLimit?: true;
  /** Served by the service to the other services only (identity's key set): the gateway does not route it. */
  internal?: true;
}

/**
 * Whether a signed-in user passes the gateway's section check (a public or authenticated route passes any):
 * one of the sections is theirs (canAccessSection), or their role is one the route also grants.
 */
export function passesSectionAccess(
  gate: { access: GatewayAccess; alsoRoles?: readonly Role[] | undefined },
  user: AccessSubject,
): boolean {
  if (gate.access === 'public' || gate.access === 'authenticated') return true;
  return (
    gate.access.some((section) => canAccessSection(user, section)) || (gate.alsoRoles?.includes(user.role) ?? false)
  );
}

/** All API paths sit under this prefix at the gateway; services see them without it. */
export const API_PREFIX = '/api';

const SIGN_IN_FORM = { access: 'public', loginRateLimit: true } as const;
const SIGNED_IN = { access: 'authenticated' } as const;
/** Writes of the user form and of the institution form; reads are every signed-in user's (scoped by identity). */
const USER_FORM = { access: ['users'] } as const;
const INSTITUTION_FORM = { access: ['institutions'] } as const;

export const IDENTITY_ROUTES = {
  jwks: { method: 'GET', path: '/.well-known/jwks.json', access: 'public', internal: true },
  login: { method: 'POST', path: '/auth/login', ...SIGN_IN_FORM },
  // the set-password page of an e-mailed link (the link's token is the proof): limited like the sign-in form
  passwordToken: { method: 'GET', path: '/auth/password-token', ...SIGN_IN_FORM },
  setPassword: { method: 'POST', path: '/auth/set-password', ...SIGN_IN_FORM },
  // profile, change password, session renewal and sign-out: every signed-in user
  profile: { method: 'GET', path: '/auth/profile', ...SIGNED_IN },
  updateProfile: { method: 'PUT', path: '/auth/profile', ...SIGNED_IN },
  changePassword: { method: 'POST', path: '/auth/change-password', ...SIGNED_IN },
  refresh: { method: 'POST', path: '/auth/refresh', ...SIGNED_IN },
  logout: { method: 'POST', path: '/auth/logout', ...SIGNED_IN },
  // GET /users?role=clinician|fulfillment_agent feeds the patient and order forms of clinicians and client
  // admins; the user form creates, edits and deactivates (super_admin, institution_admin)
  users: { method: 'GET', path: '/users', ...SIGNED_IN },
  createUser: { method: 'POST', path: '/users', ...USER_FORM },
  // the user detail: the e-mail card is also client_admin's
  user: { method: 'GET', path: '/users/:id', ...SIGNED_IN },
  updateUser: { method: 'PUT', path: '/users/:id', ...USER_FORM },
  deleteUser: { method: 'DELETE', path: '/users/:id', ...USER_FORM },
  // the Deactivate and Reactivate actions and the e-mail communication card (spec 3 §6): identity checks the role
  deactivateUser: { method: 'POST', path: '/users/:id/deactivate', ...SIGNED_IN },
  reactivateUser: { method: 'POST', path: '/users/:id/reactivate', ...SIGNED_IN },
  sendAccountEmail: { method: 'POST', path: '/users/:id/emails', ...SIGNED_IN },
  // the full list (administrators for the patient list, the inventory form); only the institution form creates
  institutions: { method: 'GET', path: '/institutions', ...SIGNED_IN },
  createInstitution: { method: 'POST', path: '/institutions', ...INSTITUTION_FORM },
  // /my (clinicians), /{id} (order form; edited by the institution_admin of that institution), /{id}/stats,
  // /{id}/clinicians (patient form): identity scopes them to the caller's institutions
  myInstitutions: { method: 'GET', path: '/institutions/my', ...SIGNED_IN },
  institution: { method: 'GET', path: '/institutions/:id', ...SIGNED_IN },
  updateInstitution: { method: 'PUT', path: '/institutions/:id', ...SIGNED_IN },
  institutionClinicians: { method: 'GET', path: '/institutions/:id/clinicians', ...SIGNED_IN },
  institutionStats: { method: 'GET', path: '/institutions/:id/stats', ...SIGNED_IN },
} as const satisfies Record<string, RoutePath>;

/** The order form's patient picker needs patients with the tests section alone. */
const PATIENT_SCREENS = { access: ['patients', 'tests'] } as const;
/** The result form lists completed test requests and reads one (spec 2 §7); changes are the test screens'. */
const TEST_REQUEST_READERS = { access: ['tests', 'results'] } as const;
const TEST_REQUEST_SCREENS = { access: ['tests'] } as const;
/** The order form reads the labs of a sample type (tests); the Labs tab of the institution detail assigns them. */
const LAB_ASSIGNMENT_SCREENS = { access: ['tests', 'cms'] } as const;
/** The lookups also feed the order form (tests) and the result form (results); only the CMS screen writes them. */
const LOOKUP_READERS = { access: ['cms', 'tests', 'results'] } as const;
const LOOKUP_WRITERS = { access: ['cms'] } as const;

/** One catalogue kind's `/cms/{kind}` routes. */
function catalogueKindRoutes<K extends CatalogueKind>(kind: K) {
  const path = `/cms/${kind}` as const;
  return {
    list: { method: 'GET', path, ...LOOKUP_READERS },
    item: { method: 'GET', path: `${path}/:id`, ...LOOKUP_READERS },
    history: { method: 'GET', path: `${path}/:id/history`, ...LOOKUP_READERS },
    create: { method: 'POST', path, ...LOOKUP_WRITERS },
    update: { method: 'PUT', path: `${path}/:id`, ...LOOKUP_WRITERS },
    remove: { method: 'DELETE', path: `${path}/:id`, ...LOOKUP_WRITERS },
  } as const satisfies Record<string, RoutePath>;
}
export type CatalogueKindRoutes<K extends CatalogueKind> = ReturnType<typeof catalogueKindRoutes<K>>;

export const CATALOGUE_ROUTES = Object.fromEntries(
  CATALOGUE_KINDS.map((kind) => [kind, catalogueKindRoutes(kind)]),
) as {
  readonly [K in CatalogueKind]: CatalogueKindRoutes<K>;
};

export const CLINICAL_ROUTES = {
  patients: { method: 'GET', path: '/patients', ...PATIENT_SCREENS },
  institutionPatients: { method: 'GET', path: '/patients/institution/:id', ...PATIENT_SCREENS },
  patient: { method: 'GET', path: '/patients/:id', ...PATIENT_SCREENS },
  patientHistory: { method: 'GET', path: '/patients/:id/history', ...PATIENT_SCREENS },
  createPatient: { method: 'POST', path: '/patients', ...PATIENT_SCREENS },
  updatePatient: { method: 'PUT', path: '/patients/:id', ...PATIENT_SCREENS },
  deletePatient: { method: 'DELETE', path: '/patients/:id', ...PATIENT_SCREENS },

  testRequests: { method: 'GET', path: '/tests/requests', ...TEST_REQUEST_READERS },
  testRequest: { method: 'GET', path: '/tests/requests/:id', ...TEST_REQUEST_READERS },
  testRequestHistory: { method: 'GET', path: '/tests/requests/:id/history', ...TEST_REQUEST_READERS },
  createTestRequest: { method: 'POST', path: '/tests/requests', ...TEST_REQUEST_SCREENS },
  updateTestRequest: { method: 'PUT', path: '/tests/requests/:id', ...TEST_REQUEST_SCREENS },
  changeTestRequestStatus: { method: 'PUT', path: '/tests/requests/:id/status', ...TEST_REQUEST_SCREENS },
  archiveTestRequest: { method: 'DELETE', path: '/tests/requests/:id', ...TEST_REQUEST_SCREENS },
  restoreTestRequest: { method: 'POST', path: '/tests/requests/:id/restore', ...TEST_REQUEST_SCREENS },
  sendTestRequestReminder: { method: 'POST', path: '/tests/requests/:id/send-reminder', ...TEST_REQUEST_SCREENS },

  labAssignments: { method: 'GET', path: '/institutions/:id/labs', ...LAB_ASSIGNMENT_SCREENS },
  labAssignmentHistory: {
    method: 'GET',
    path: '/institutions/:id/labs/:assignmentId/history',
    ...LAB_ASSIGNMENT_SCREENS,
  },
  assignLab: { method: 'POST', path: '/institutions/:id/labs', ...LAB_ASSIGNMENT_SCREENS },
  removeLabAssignment: { method: 'DELETE', path: '/institutions/:id/labs/:assignmentId', ...LAB_ASSIGNMENT_SCREENS },

  activeLabs: { method: 'GET', path: '/cms/labs/active', ...LOOKUP_READERS },
  testFormFields: { method: 'GET', path: '/cms/test-form-fields', ...LOOKUP_READERS },
  catalogue: CATALOGUE_ROUTES,
} as const;

/** Notification logs and stats, reminder configurations, test notifications and cron monitoring: CMS screens. */
const CMS_SCREEN = { access: ['cms'] } as const;

export const NOTIFICATIONS_ROUTES = {
  notificationLogs: { method: 'GET', path: '/cms/notification-logs', ...CMS_SCREEN },
  notificationStats: { method: 'GET', path: '/cms/notification-stats', ...CMS_SCREEN },
  testNotification: { method: 'POST', path: '/cms/test-notification', ...CMS_SCREEN },
  reminderConfigs: { method: 'GET', path: '/cms/reminder-configs', ...CMS_SCREEN },
  createReminderConfig: { method: 'POST', path: '/cms/reminder-configs', ...CMS_SCREEN },
  updateReminderConfig: { method: 'PUT', path: '/cms/reminder-configs/:reminder_type', ...CMS_SCREEN },
  deleteReminderConfig: { method: 'DELETE', path: '/cms/reminder-configs/:reminder_type', ...CMS_SCREEN },
  notificationHealth: { method: 'GET', path: '/cron/notification-health', ...CMS_SCREEN },
  schedulerStatus: { method: 'GET', path: '/cron/scheduler-status', ...CMS_SCREEN },
  upcomingReminders: { method: 'GET', path: '/cron/upcoming-reminders', ...CMS_SCREEN },
  // the top bar's contact dialog
  contact: { method: 'POST', path: '/contact/send-email', ...SIGNED_IN },
  // the SMS provider's callbacks: no user token, the service checks the provider's signature
  twilioStatus: { method: 'POST', path: '/webhooks/twilio/status', access: 'public' },
  twilioInbound: { method: 'POST', path: '/webhooks/twilio/inbound', access: 'public' },
} as const satisfies Record<string, RoutePath>;

/**
 * The analytics read side (spec 1 §2 dashboard, spec 3 §7): the dashboard is every role's home page; the
 * activity filter's lists are the analytics screen's too. Spec 3's other routes (test-types, audit-summary,
 * institution/:id, patient/:id) are not built yet.
 */
export const ANALYTICS_ROUTES = {
  dashboard: { method: 'GET', path: '/analytics/dashboard', access: ['dashboard'] },
  institutions: { method: 'GET', path: '/analytics/institutions', access: ['analytics', 'dashboard'] },
  userActivity: { method: 'GET', path: '/analytics/user-activity', access: ['analytics', 'dashboard'] },
  testTypes: { method: 'GET', path: '/analytics/test-types', access: ['analytics'] },
  auditSummary: { method: 'GET', path: '/analytics/audit-summary', access: ['analytics'] },
  auditLog: { method: 'GET', path: '/analytics/audit-log', access: ['analytics'] },
  institutionAnalytics: { method: 'GET', path: '/analytics/institution/:id', access: ['analytics'] },
  patientAnalytics: { method: 'GET', path: '/analytics/patient/:id', access: ['analytics'] },
  // the Order Trail card of /tests/{id}; turnaround times (the /analytics page)
  testRequestTrail: { method: 'GET', path: '/analytics/test-requests/:id/trail', ...TEST_REQUEST_READERS },
  turnaround: { method: 'GET', path: '/analytics/turnaround', access: ['analytics'] },
  /** The open dashboard's changes as server-sent events (text/event-stream; frames: DashboardChange). */
  stream: { method: 'GET', path: '/analytics/stream', access: ['dashboard'] },
} as const satisfies Record<string, RoutePath>;

/**
 * Inventory (spec 2 §7; spec 3 §7 storage locations). Reads: the inventory and fulfillment screens (fulfillment
 * opens items and picks one for a replacement) and institution_admin, whose list shows Request Item on low rows
 * (spec 2 §6). Writes: the managers' section; Request Item is institution_admin's. Storage locations: the /cms
 * sub-screen (super_admin, client_admin: the service's guard) and the inventory form's location list.
 */
const INVENTORY_READ = { access: ['inventory', 'fulfillment'], alsoRoles: ['institution_admin'] } as const;
const INVENTORY_WRITE = { access: ['inventory'] } as const;
export const INVENTORY_ROUTES = {
  list: { method: 'GET', path: '/inventory', ...INVENTORY_READ },
  item: { method: 'GET', path: '/inventory/:id', ...INVENTORY_READ },
  movements: { method: 'GET', path: '/inventory/:id/movements', ...INVENTORY_READ },
  create: { method: 'POST', path: '/inventory', ...INVENTORY_WRITE },
  update: { method: 'PUT', path: '/inventory/:id', ...INVENTORY_WRITE },
  adjust: { method: 'POST', path: '/inventory/:id/adjust', ...INVENTORY_WRITE },
  notify: { method: 'POST', path: '/inventory/:id/notify', ...INVENTORY_WRITE },
  request: { method: 'POST', path: '/inventory/:id/request', ...INVENTORY_READ },
  storageLocations: { method: 'GET', path: '/cms/storage-locations', ...INVENTORY_WRITE },
  createStorageLocation: { method: 'POST', path: '/cms/storage-locations', ...INVENTORY_WRITE },
  updateStorageLocation: { method: 'PUT', path: '/cms/storage-locations/:id', ...INVENTORY_WRITE },
  deleteStorageLocation: { method: 'DELETE', path: '/cms/storage-locations/:id', ...INVENTORY_WRITE },
} as const satisfies Record<string, RoutePath>;

/**
 * Fulfillment (spec 2 §7): the managers' section (super_admin, client_admin, fulfillment_agent; spec 2 §6). The
 * service's guard is the same rule; a request outside the caller's scope answers 404.
 */
const FULFILLMENT_ACCESS = { access: ['fulfillment'] } as const;
export const FULFILLMENT_ROUTES = {
  list: { method: 'GET', path: '/fulfillment', ...FULFILLMENT_ACCESS },
  item: { method: 'GET', path: '/fulfillment/:id', ...FULFILLMENT_ACCESS },
  updateStatus: { method: 'PUT', path: '/fulfillment/:id/status', ...FULFILLMENT_ACCESS },
  assign: { method: 'POST', path: '/fulfillment/:id/assign', ...FULFILLMENT_ACCESS },
  create: { method: 'POST', path: '/fulfillment', ...FULFILLMENT_ACCESS },
} as const satisfies Record<string, RoutePath>;

/**
 * Results (spec 2 §7): the results section, and the test request detail's results card (tests). The service's
 * guard is the result roles (spec 2 §6); a result outside the caller's institutions answers 404.
 */
const RESULT_SCREENS = { access: ['results', 'tests'] } as const;
export const RESULTS_ROUTES = {
  list: { method: 'GET', path: '/results', ...RESULT_SCREENS },
  item: { method: 'GET', path: '/results/:id', ...RESULT_SCREENS },
  history: { method: 'GET', path: '/results/:id/history', ...RESULT_SCREENS },
  // the PDF report (application/pdf): 404 and 403 give spec 2 §8's PDF errors
  report: { method: 'GET', path: '/results/:id/pdf', ...RESULT_SCREENS },
  create: { method: 'POST', path: '/results', ...RESULT_SCREENS },
  update: { method: 'PUT', path: '/results/:id', ...RESULT_SCREENS },
  review: { method: 'POST', path: '/results/:id/review', ...RESULT_SCREENS },
  // spec 1 §7 "Results and external lab": the test request detail's integration panel (issue 27)
  createForExternalLab: { method: 'POST', path: '/results/create', ...RESULT_SCREENS },
  apiStatus: { method: 'GET', path: '/results/:id/api-status', ...RESULT_SCREENS },
  syncStatus: { method: 'POST', path: '/results/:id/sync-status', ...RESULT_SCREENS },
  submitExternalOrder: {
    method: 'POST',
    path: '/external-api/:provider/submit-order/:testRequestId',
    ...RESULT_SCREENS,
  },
  fetchExternalResults: {
    method: 'POST',
    path: '/external-api/:provider/fetch-results/:testRequestId',
    ...RESULT_SCREENS,
  },
} as const satisfies Record<string, RoutePath>;

/** The routes of the services that exist (DEPLOYED_SERVICES), by service. */
export const ROUTE_PATHS = {
  identity: IDENTITY_ROUTES,
  clinical: CLINICAL_ROUTES,
  notifications: NOTIFICATIONS_ROUTES,
  analytics: ANALYTICS_ROUTES,
  inventory: INVENTORY_ROUTES,
  fulfillment: FULFILLMENT_ROUTES,
  results: RESULTS_ROUTES,
} as const;
export type BuiltService = keyof typeof ROUTE_PATHS;

/**
 * A service of the spec that is not built yet claims whole prefixes at the gateway (which answers 503 for them
 * while the service has no URL), with the access its screens will need. Its routes replace its prefixes when
 * it is written.
 */
export interface PlannedPrefix {
  /** A service not built yet (every service is built now: the gateway's tests and the generator's make up one). */
  service: ServiceName;
  /** The prefix as the service will see it; the gateway claims it and everything below it. */
  prefix: string;
  access: GatewayAccess;
  /** Stricter access for writes (every method but GET, HEAD and OPTIONS). */
  writeAccess?: GatewayAccess;
  alsoRoles?: readonly Role[];
}

export const PLANNED_PREFIXES: readonly PlannedPrefix[] = [];

/** A route with the service that answers it and its name in that service's table (`catalogue.labs.create`). */
export interface NamedRoute<R extends RoutePath = RoutePath> {
  service: BuiltService;
  name: string;
  route: R;
}

const isRoute = (value: object): value is RoutePath => 'method' in value && 'path' in value;

/** Every route of a table, nested groups (the catalogue kinds) included, with its dotted name. */
export function routesOf<R extends RoutePath>(table: object, prefix = ''): { name: string; route: R }[] {
  return Object.entries(table).flatMap(([key, value]: [string, object]) =>
    isRoute(value) ? [{ name: `${prefix}${key}`, route: value as R }] : routesOf<R>(value, `${prefix}${key}.`),
  );
}

/** Every route of every built service. */
export function allRoutes(): NamedRoute[] {
  return (Object.keys(ROUTE_PATHS) as BuiltService[]).flatMap((service) =>
    routesOf(ROUTE_PATHS[service]).map((entry) => ({ service, ...entry })),
  );
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's `:name` segments. */
export type PathParams<P extends string> = { readonly [N in ParamNames<P>]: string | number };

type QueryValue = string | number | boolean | null | undefined;
export type RouteQuery = Readonly<Record<string, QueryValue>>;

/** A path with its `:name` segments filled in (encoded) and the query's defined values appended in order. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>>, query: RouteQuery = {}) {
  const filled = path.replace(/:(\w+)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? filled : `${filled}?${text}`;
}

/** A route's URL as its service sees it (the web client adds /api), typed by the route's path. */
export function routeUrl<R extends Pick<RoutePath, 'path'>>(
  route: R,
  ...[params, query]: ParamNames<R['path']> extends never
    ? [params?: Record<string, never>, query?: RouteQuery]
    : [params: PathParams<R['path']>, query?: RouteQuery]
): string {
  return fillPath(route.path, params ?? {}, query);
}
