/**
 * The route contracts: each route of `routes/paths.ts` with its request and answer schemas and the service's
 * own guard, under the same names. A service installs a contract with the kit's `route`, which validates the
 * request against the schemas, checks every answer against them and runs the guard before the handler.
 */
import { z } from 'zod';
import { canReadCatalogue, canManageCatalogueKind, CATALOGUE_KINDS, type CatalogueKind } from '../catalogue';
import { ERRORS } from '../errors';
import { canUseNotificationTabs, canMonitorNotifications } from '../notifications';
import { canCreateInstitution, canManageUsers, canSendAccountEmails, canUsePatients, type Caller } from '../records';
import { canManageReminderConfigs, canReadReminderConfigs } from '../reminders';
import { canUseTestRequests } from '../test-requests';
import { canManageFulfillment } from '../fulfillment';
import { canUseResults, RESULT_ERRORS } from '../results';
import {
  resultBodySchema,
  resultDetailSchema,
  resultListQuerySchema,
  resultListSchema,
  resultReviewBodySchema,
} from '../http/results';
import {
  externalApiCallResponseSchema,
  externalApiParamsSchema,
  externalApiStatusResponseSchema,
  externalResultCreateBodySchema,
} from '../http/external-lab';
import {
  fulfillmentAssignBodySchema,
  fulfillmentCreateBodySchema,
  fulfillmentListQuerySchema,
  fulfillmentListSchema,
  fulfillmentRequestDetailSchema,
  fulfillmentStatusBodySchema,
} from '../http/fulfillment';
import { canReadAnalytics, canReadInstitutionFigures, canReadUserActivity } from '../analytics-rules';
import {
  analyticsScopeQuerySchema,
  analyticsTimeframeQuerySchema,
  auditLogListSchema,
  auditLogQuerySchema,
  auditSummaryListSchema,
  dashboardQuerySchema,
  dashboardSchema,
  institutionAnalyticsSchema,
  institutionFiguresListSchema,
  patientAnalyticsSchema,
  testTypeFiguresListSchema,
  userActivityListSchema,
  userActivityQuerySchema,
} from '../http/analytics';
import { testRequestTrailSchema, turnaroundQuerySchema, turnaroundSchema } from '../http/trail';
import { canReadTurnaround } from '../trail';
import {
  accountEmailBodySchema,
  accountEmailResponseSchema,
  passwordTokenQuerySchema,
  passwordTokenResponseSchema,
  setPasswordBodySchema,
  setPasswordResponseSchema,
} from '../http/account-emails';
import {
  changePasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  profileResponseSchema,
  tokenResponseSchema,
  updateProfileBodySchema,
} from '../http/auth';
import {
  activeLabsResponseSchema,
  catalogueItemResponseSchemaOf,
  catalogueListQuerySchema,
  catalogueListResponseSchemaOf,
  messageResponseSchema,
  testFormFieldsQuerySchema,
  testFormFieldsResponseSchema,
} from '../http/catalogue';
import { CATALOGUE_CREATE_BODY_SCHEMAS, CATALOGUE_UPDATE_BODY_SCHEMAS } from '../http/catalogue-bodies';
import { idParamSchema, pageQuerySchema } from '../http/common';
import {
  adjustmentBodySchema,
  inventoryItemBodySchema,
  inventoryItemDetailSchema,
  inventoryItemQuerySchema,
  inventoryListQuerySchema,
  inventoryListSchema,
  messageAnswerSchema,
  stockMovementListSchema,
  stockRequestBodySchema,
  storageLocationBodySchema,
  storageLocationListSchema,
  storageLocationQuerySchema,
  storageLocationSchema,
  storageLocationUpdateBodySchema,
} from '../http/inventory';
import { canManageInventory, canManageStorageLocations, canViewInventory } from '../inventory';
import { idText, requestObject } from '../http/fields';
import { historyResponseSchema } from '../http/history';
import {
  clinicianListResponseSchema,
  institutionBodySchema,
  institutionListResponseSchema,
  institutionResponseSchema,
  institutionStatsResponseSchema,
} from '../http/institutions';
import {
  labAssignmentBodySchema,
  labAssignmentListQuerySchema,
  labAssignmentListResponseSchema,
  labAssignmentParamsSchema,
  labAssignmentResponseSchema,
} from '../http/lab-assignments';
import {
  contactBodySchema,
  contactResponseSchema,
  notificationHealthResponseSchema,
  notificationLogListResponseSchema,
  notificationLogQuerySchema,
  notificationStatsSchema,
  testNotificationBodySchema,
  testNotificationResponseSchema,
} from '../http/notifications';
import {
  institutionPatientsResponseSchema,
  patientBodySchema,
  patientDetailResponseSchema,
  patientListQuerySchema,
  patientListResponseSchema,
  patientResponseSchema,
} from '../http/patients';
import {
  reminderConfigBodySchema,
  reminderConfigDeletedResponseSchema,
  reminderConfigListResponseSchema,
  reminderConfigResponseSchema,
  reminderConfigUpdateBodySchema,
  reminderTypeParamSchema,
  schedulerStatusResponseSchema,
  upcomingRemindersQuerySchema,
  upcomingRemindersResponseSchema,
} from '../http/reminders';
import {
  sendReminderBodySchema,
  testRequestBodySchema,
  testRequestListQuerySchema,
  testRequestListResponseSchema,
  testRequestResponseSchema,
  testRequestStatusBodySchema,
} from '../http/test-requests';
import {
  createUserBodySchema,
  updateUserBodySchema,
  userListQuerySchema,
  userListResponseSchema,
  userPickListResponseSchema,
  userResponseSchema,
} from '../http/users';
import {
  CATALOGUE_ROUTES,
  CLINICAL_ROUTES,
  IDENTITY_ROUTES,
  NOTIFICATIONS_ROUTES,
  RESULTS_ROUTES,
  FULFILLMENT_ROUTES,
  INVENTORY_ROUTES,
  ANALYTICS_ROUTES,
  routesOf,
  type BuiltService,
  type CatalogueKindRoutes,
  type RoutePath,
} from './paths';

/**
 * A route's role rule, run by the service after the token and the request are checked and before the handler:
 * 403 with `error` unless the caller passes. Rules that need the record (ownership, institution) run in the
 * service's caller-bound reads and deciders instead, where a record the caller may not see answers 404.
 */
export interface RouteGuard {
  allows: (caller: Caller) => boolean;
  /** The 403's text; ERRORS.forbidden when absent. */
  error?: string;
}

/** Success answers by status; the kit adds `4xx` (errorBodySchema) to every route that declares answers. */
export type SuccessStatus = 200 | 201 | 202 | 204;

export interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Partial<Record<SuccessStatus, z.ZodType>>;
  guard?: RouteGuard;
}

export type RouteContract = RoutePath & RouteSchemas;

/** What a route answers on success: its success schemas' output (a client's answer type). */
export type AnswerOf<C extends Pick<RouteContract, 'response'>> =
  NonNullable<C['response']> extends infer R
    ? { [K in keyof R]: R[K] extends z.ZodType ? z.output<R[K]> : never }[keyof R]
    : never;

/** The body a route takes, as a client sends it. */
export type BodyOf<C extends Pick<RouteContract, 'body'>> = C['body'] extends z.ZodType
  ? z.input<C['body']>
  : undefined;

type SchemasOf<P> = { readonly [K in keyof P]: RouteSchemas };

/** The paths with their schemas, name by name. */
function withSchemas<P extends Record<string, RoutePath>, S extends SchemasOf<P>>(
  paths: P,
  schemas: S,
): { readonly [K in keyof P]: P[K] & S[K] } {
  return Object.fromEntries(
    Object.entries(paths).map(([name, path]) => [name, { ...path, ...schemas[name as keyof P] }]),
  ) as { readonly [K in keyof P]: P[K] & S[K] };
}

const guard = (allows: RouteGuard['allows'], error?: string): { guard: RouteGuard } => ({
  guard: error === undefined ? { allows } : { allows, error },
});
const byId = { params: idParamSchema } as const;
const noContent = { 204: z.null() } as const;

const usersManager = guard(canManageUsers, ERRORS.noPermissionManageUsers);
const userAnswer = { ...byId, response: { 200: userResponseSchema }, ...usersManager } as const;

const identitySchemas = {
  jwks: {},
  login: { body: loginBodySchema, response: { 200: loginResponseSchema } },
  passwordToken: { querystring: passwordTokenQuerySchema, response: { 200: passwordTokenResponseSchema } },
  setPassword: { body: setPasswordBodySchema, response: { 200: setPasswordResponseSchema } },
  profile: { response: { 200: profileResponseSchema } },
  updateProfile: { body: updateProfileBodySchema, response: { 200: profileResponseSchema } },
  changePassword: { body: changePasswordBodySchema, response: { 200: messageResponseSchema } },
  refresh: { response: { 200: tokenResponseSchema } },
  logout: { response: noContent },
  users: {
    querystring: userListQuerySchema,
    response: { 200: z.union([userListResponseSchema, userPickListResponseSchema]) },
  },
  createUser: { body: createUserBodySchema, response: { 201: userResponseSchema }, ...usersManager },
  user: { ...byId, response: { 200: userResponseSchema } },
  updateUser: { ...userAnswer, body: updateUserBodySchema },
  deleteUser: userAnswer,
  deactivateUser: userAnswer,
  reactivateUser: userAnswer,
  sendAccountEmail: {
    ...byId,
    body: accountEmailBodySchema,
    response: { 202: accountEmailResponseSchema },
    ...guard(canSendAccountEmails, ERRORS.forbidden),
  },
  institutions: { response: { 200: institutionListResponseSchema } },
  createInstitution: {
    body: institutionBodySchema,
    response: { 201: institutionResponseSchema },
    ...guard(canCreateInstitution, ERRORS.noPermissionManageInstitutions),
  },
  myInstitutions: { response: { 200: institutionListResponseSchema } },
  institution: { ...byId, response: { 200: institutionResponseSchema } },
  // super_admin or the institution_admin of that institution: a record rule, checked by identity once the
  // institution is known to be visible (another tenant's answers 404 first)
  updateInstitution: { ...byId, body: institutionBodySchema, response: { 200: institutionResponseSchema } },
  institutionClinicians: { ...byId, response: { 200: clinicianListResponseSchema } },
  institutionStats: { ...byId, response: { 200: institutionStatsResponseSchema } },
} as const satisfies SchemasOf<typeof IDENTITY_ROUTES>;

export const IDENTITY_CONTRACTS = withSchemas(IDENTITY_ROUTES, identitySchemas);

const patientUser = guard(canUsePatients);
const testRequestUser = guard(canUseTestRequests);
const catalogueReader = guard(canReadCatalogue);
const patientAnswer = { response: { 200: patientResponseSchema }, ...patientUser } as const;
const testRequestAnswer = { response: { 200: testRequestResponseSchema }, ...testRequestUser } as const;

/** One catalogue kind's contracts: reads for every catalogue reader, writes for who manages the kind. */
function catalogueKindContracts<K extends CatalogueKind>(kind: K) {
  const item = catalogueItemResponseSchemaOf(kind);
  const manager = guard((caller) => canReadCatalogue(caller) && canManageCatalogueKind(caller, kind));
  return withSchemas(CATALOGUE_ROUTES[kind] as CatalogueKindRoutes<K>, {
    list: {
      querystring: catalogueListQuerySchema,
      response: { 200: catalogueListResponseSchemaOf(kind) },
      ...catalogueReader,
    },
    item: { ...byId, response: { 200: item }, ...catalogueReader },
    history: { ...byId, response: { 200: historyResponseSchema }, ...catalogueReader },
    create: { body: CATALOGUE_CREATE_BODY_SCHEMAS[kind], response: { 201: item }, ...manager },
    update: { ...byId, body: CATALOGUE_UPDATE_BODY_SCHEMAS[kind], response: { 200: item }, ...manager },
    remove: { ...byId, response: { 200: messageResponseSchema }, ...manager },
  });
}

export const CATALOGUE_CONTRACTS = Object.fromEntries(
  CATALOGUE_KINDS.map((kind) => [kind, catalogueKindContracts(kind)]),
) as { readonly [K in CatalogueKind]: ReturnType<typeof catalogueKindContracts<K>> };

/** The contracts of a catalogue kind not known until run time: its answers are any kind's. */
export type AnyCatalogueKindContracts = ReturnType<typeof catalogueKindContracts<CatalogueKind>>;

const { catalogue: _catalogue, ...clinicalFlatRoutes } = CLINICAL_ROUTES;

const clinicalSchemas = {
  patients: { querystring: patientListQuerySchema, response: { 200: patientListResponseSchema }, ...patientUser },
  institutionPatients: { ...byId, response: { 200: institutionPatientsResponseSchema }, ...patientUser },
  patient: { ...byId, response: { 200: patientDetailResponseSchema }, ...patientUser },
  patientHistory: { ...byId, response: { 200: historyResponseSchema }, ...patientUser },
  createPatient: { body: patientBodySchema, response: { 201: patientResponseSchema }, ...patientUser },
  updatePatient: { ...byId, body: patientBodySchema, ...patientAnswer },
  deletePatient: { ...byId, response: noContent, ...patientUser },

  testRequests: {
    querystring: testRequestListQuerySchema,
    response: { 200: testRequestListResponseSchema },
    ...testRequestUser,
  },
  testRequest: { ...byId, ...testRequestAnswer },
  testRequestHistory: { ...byId, response: { 200: historyResponseSchema }, ...testRequestUser },
  createTestRequest: { body: testRequestBodySchema, response: { 201: testRequestResponseSchema }, ...testRequestUser },
  updateTestRequest: { ...byId, body: testRequestBodySchema, ...testRequestAnswer },
  changeTestRequestStatus: { ...byId, body: testRequestStatusBodySchema, ...testRequestAnswer },
  archiveTestRequest: { ...byId, response: { 200: messageResponseSchema }, ...testRequestUser },
  restoreTestRequest: { ...byId, ...testRequestAnswer },
  sendTestRequestReminder: {
    ...byId,
    body: sendReminderBodySchema,
    response: { 202: messageResponseSchema },
    ...testRequestUser,
  },

  // the tests and cms callers of that institution read, its super_admin and institution_admin assign: record
  // rules (canReadLabAssignments, canManageLabAssignments) in clinical's caller-bound reads and decider
  labAssignments: {
    ...byId,
    querystring: labAssignmentListQuerySchema,
    response: { 200: labAssignmentListResponseSchema },
  },
  labAssignmentHistory: { params: labAssignmentParamsSchema, response: { 200: historyResponseSchema } },
  assignLab: { ...byId, body: labAssignmentBodySchema, response: { 201: labAssignmentResponseSchema } },
  removeLabAssignment: { params: labAssignmentParamsSchema, response: { 200: messageResponseSchema } },

  activeLabs: { response: { 200: activeLabsResponseSchema }, ...catalogueReader },
  testFormFields: {
    querystring: testFormFieldsQuerySchema,
    response: { 200: testFormFieldsResponseSchema },
    ...catalogueReader,
  },
} as const satisfies SchemasOf<typeof clinicalFlatRoutes>;

export const CLINICAL_CONTRACTS = {
  ...withSchemas(clinicalFlatRoutes, clinicalSchemas),
  catalogue: CATALOGUE_CONTRACTS,
} as const;

const notificationTabs = guard(canUseNotificationTabs);
const cronMonitor = guard(canMonitorNotifications);
const reminderConfigManager = guard(canManageReminderConfigs);
/** Twilio posts its form fields; the service checks the signature, then reads the fields it needs. */
const twilioForm = z.record(z.string(), z.string());

const notificationsSchemas = {
  notificationLogs: {
    querystring: notificationLogQuerySchema,
    response: { 200: notificationLogListResponseSchema },
    ...notificationTabs,
  },
  notificationStats: { response: { 200: notificationStatsSchema }, ...notificationTabs },
  testNotification: {
    body: testNotificationBodySchema,
    response: { 200: testNotificationResponseSchema },
    ...notificationTabs,
  },
  reminderConfigs: { response: { 200: reminderConfigListResponseSchema }, ...guard(canReadReminderConfigs) },
  createReminderConfig: {
    body: reminderConfigBodySchema,
    response: { 201: reminderConfigResponseSchema },
    ...reminderConfigManager,
  },
  updateReminderConfig: {
    params: reminderTypeParamSchema,
    body: reminderConfigUpdateBodySchema,
    response: { 200: reminderConfigResponseSchema },
    ...reminderConfigManager,
  },
  deleteReminderConfig: {
    params: reminderTypeParamSchema,
    response: { 200: reminderConfigDeletedResponseSchema },
    ...reminderConfigManager,
  },
  notificationHealth: { response: { 200: notificationHealthResponseSchema }, ...cronMonitor },
  schedulerStatus: { response: { 200: schedulerStatusResponseSchema }, ...cronMonitor },
  upcomingReminders: {
    querystring: upcomingRemindersQuerySchema,
    response: { 200: upcomingRemindersResponseSchema },
    ...cronMonitor,
  },
  contact: { body: contactBodySchema, response: { 200: contactResponseSchema } },
  twilioStatus: {
    querystring: requestObject({ notification: idText.optional() }),
    body: twilioForm,
    response: noContent,
  },
  twilioInbound: { body: twilioForm, response: { 200: z.string() } },
} as const satisfies SchemasOf<typeof NOTIFICATIONS_ROUTES>;

export const NOTIFICATIONS_CONTRACTS = withSchemas(NOTIFICATIONS_ROUTES, notificationsSchemas);

/**
 * The analytics read side. GET /analytics/dashboard: every role with the dashboard, scoped by dashboardScope
 * (analytics-rules.ts): super_admin's activity filter (activity_filter with institution_id or clinician_id)
 * narrows their figures; for every other role the filter and its ids are ignored (not refused: the dashboard
 * page may send its default filter) and they get their own institutions, a clinician their own patients and
 * requests; an unknown id gives zeros. The institution and clinician cards and by_activity are system-wide
 * (not narrowed by the filter). include_user_activity lists super_admin's identity-level (`system`) activity
 * too. GET /analytics/institutions: super_admin only. The analytics screen's calls (user-activity, test-types,
 * audit-summary, audit-log, institution/:id, patient/:id): super_admin, institution_admin and client_admin
 * (canReadAnalytics), everyone else 403; scoped by analyticsScope: super_admin everything or institution_id's,
 * the others their institutions, and an institution_id, institution or patient outside them answers 404.
 */
const analyticsReaders = guard(canReadAnalytics, ERRORS.noPermissionViewAnalytics);
const analyticsSchemas = {
  dashboard: { querystring: dashboardQuerySchema, response: { 200: dashboardSchema } },
  institutions: {
    querystring: analyticsTimeframeQuerySchema,
    response: { 200: institutionFiguresListSchema },
    ...guard(canReadInstitutionFigures, ERRORS.noPermissionViewAnalytics),
  },
  userActivity: {
    querystring: userActivityQuerySchema,
    response: { 200: userActivityListSchema },
    ...guard(canReadUserActivity, ERRORS.noPermissionViewAnalytics),
  },
  testTypes: {
    querystring: analyticsScopeQuerySchema,
    response: { 200: testTypeFiguresListSchema },
    ...analyticsReaders,
  },
  auditSummary: {
    querystring: analyticsScopeQuerySchema,
    response: { 200: auditSummaryListSchema },
    ...analyticsReaders,
  },
  auditLog: { querystring: auditLogQuerySchema, response: { 200: auditLogListSchema }, ...analyticsReaders },
  institutionAnalytics: {
    ...byId,
    querystring: analyticsTimeframeQuerySchema,
    response: { 200: institutionAnalyticsSchema },
    ...analyticsReaders,
  },
  patientAnalytics: { ...byId, response: { 200: patientAnalyticsSchema }, ...analyticsReaders },
  // the request's scope as clinical reads it (canReadTestRequest): a foreign or unknown id answers 404
  testRequestTrail: { ...byId, response: { 200: testRequestTrailSchema }, ...guard(canUseTestRequests) },
  // super_admin any institution (or one), the other analytics roles theirs: a foreign institution_id answers 404
  turnaround: {
    querystring: turnaroundQuerySchema,
    response: { 200: turnaroundSchema },
    ...guard(canReadTurnaround, ERRORS.noPermissionViewAnalytics),
  },
  // The dashboard's own query: its changes within the same scope. The answer is a text/event-stream.
  stream: { querystring: dashboardQuerySchema },
} as const satisfies SchemasOf<typeof ANALYTICS_ROUTES>;

export const ANALYTICS_CONTRACTS = withSchemas(ANALYTICS_ROUTES, analyticsSchemas);

/**
 * Inventory. Reads: the managers and institution_admin (their institution's and the global items; another
 * institution's item answers 404). Create, edit, adjust, notify: the managers (spec 2 §6); request: an
 * institution_admin, on a low item. Storage locations: read by the managers (the form's list), written by
 * super_admin and client_admin (spec 3 §6).
 */
const inventoryViewer = guard(canViewInventory, ERRORS.forbidden);
const inventoryManager = guard(canManageInventory, ERRORS.noPermissionManageInventoryItems);
const storageLocationManager = guard(canManageStorageLocations, ERRORS.forbidden);
const itemAnswer = { 200: inventoryItemDetailSchema } as const;
const inventorySchemas = {
  list: { querystring: inventoryListQuerySchema, response: { 200: inventoryListSchema }, ...inventoryViewer },
  item: { ...byId, querystring: inventoryItemQuerySchema, response: itemAnswer, ...inventoryViewer },
  movements: {
    ...byId,
    querystring: pageQuerySchema,
    response: { 200: stockMovementListSchema },
    ...inventoryViewer,
  },
  create: { body: inventoryItemBodySchema, response: { 201: inventoryItemDetailSchema }, ...inventoryManager },
  update: { ...byId, body: inventoryItemBodySchema, response: itemAnswer, ...inventoryManager },
  adjust: { ...byId, body: adjustmentBodySchema, response: itemAnswer, ...inventoryManager },
  notify: { ...byId, response: { 200: messageAnswerSchema }, ...inventoryManager },
  request: {
    ...byId,
    body: stockRequestBodySchema,
    response: { 200: messageAnswerSchema },
    ...guard((caller) => caller.role === 'institution_admin', ERRORS.forbidden),
  },
  storageLocations: {
    querystring: storageLocationQuerySchema,
    response: { 200: storageLocationListSchema },
    ...inventoryViewer,
  },
  createStorageLocation: {
    body: storageLocationBodySchema,
    response: { 201: storageLocationSchema },
    ...storageLocationManager,
  },
  updateStorageLocation: {
    ...byId,
    body: storageLocationUpdateBodySchema,
    response: { 200: storageLocationSchema },
    ...storageLocationManager,
  },
  deleteStorageLocation: { ...byId, response: noContent, ...storageLocationManager },
} as const satisfies SchemasOf<typeof INVENTORY_ROUTES>;

export const INVENTORY_CONTRACTS = withSchemas(INVENTORY_ROUTES, inventorySchemas);

/**
 * Fulfillment: the managers only (spec 2 §6), 403 with the shared text for anyone else; a request outside the
 * caller's scope (canReadFulfillmentRequest) answers 404 from the service.
 */
const fulfillmentManager = guard(canManageFulfillment, ERRORS.forbidden);
const fulfillmentAnswer = { 200: fulfillmentRequestDetailSchema } as const;
const fulfillmentSchemas = {
  list: { querystring: fulfillmentListQuerySchema, response: { 200: fulfillmentListSchema }, ...fulfillmentManager },
  item: { ...byId, response: fulfillmentAnswer, ...fulfillmentManager },
  updateStatus: { ...byId, body: fulfillmentStatusBodySchema, response: fulfillmentAnswer, ...fulfillmentManager },
  assign: { ...byId, body: fulfillmentAssignBodySchema, response: fulfillmentAnswer, ...fulfillmentManager },
  create: {
    body: fulfillmentCreateBodySchema,
    response: { 201: fulfillmentRequestDetailSchema },
    ...fulfillmentManager,
  },
} as const satisfies SchemasOf<typeof FULFILLMENT_ROUTES>;

export const FULFILLMENT_CONTRACTS = withSchemas(FULFILLMENT_ROUTES, fulfillmentSchemas);

/**
 * Results: the result roles only (spec 2 §6), 403 with the Access Denied texts (the report's with spec 2 §8's); a
 * result outside the caller's institutions answers 404 from the service.
 */
const resultReader = guard(canUseResults, ERRORS.noPermissionViewTestResults);
const resultWriter = guard(canUseResults, ERRORS.noPermissionEnterTestResults);
const resultAnswer = { 200: resultDetailSchema } as const;
const resultsSchemas = {
  list: { querystring: resultListQuerySchema, response: { 200: resultListSchema }, ...resultReader },
  item: { ...byId, response: resultAnswer, ...resultReader },
  history: { ...byId, response: { 200: historyResponseSchema }, ...resultReader },
  // answered as application/pdf (no JSON schema)
  report: { ...byId, ...guard(canUseResults, RESULT_ERRORS.pdfForbidden) },
  create: { body: resultBodySchema, response: { 201: resultDetailSchema }, ...resultWriter },
  update: { ...byId, body: resultBodySchema, response: resultAnswer, ...resultWriter },
  review: { ...byId, body: resultReviewBodySchema, response: resultAnswer, ...resultWriter },
  createForExternalLab: {
    body: externalResultCreateBodySchema,
    response: { 201: resultDetailSchema },
    ...resultWriter,
  },
  apiStatus: { ...byId, response: { 200: externalApiStatusResponseSchema }, ...resultReader },
  syncStatus: { ...byId, response: { 200: externalApiStatusResponseSchema }, ...resultWriter },
  submitExternalOrder: {
    params: externalApiParamsSchema,
    response: { 200: externalApiCallResponseSchema },
    ...resultWriter,
  },
  fetchExternalResults: {
    params: externalApiParamsSchema,
    response: { 200: externalApiCallResponseSchema },
    ...resultWriter,
  },
} as const satisfies SchemasOf<typeof RESULTS_ROUTES>;

export const RESULTS_CONTRACTS = withSchemas(RESULTS_ROUTES, resultsSchemas);

/** The contracts of the services that exist, by service: the same names as ROUTE_PATHS. */
export const ROUTE_CONTRACTS = {
  identity: IDENTITY_CONTRACTS,
  clinical: CLINICAL_CONTRACTS,
  notifications: NOTIFICATIONS_CONTRACTS,
  analytics: ANALYTICS_CONTRACTS,
  inventory: INVENTORY_CONTRACTS,
  fulfillment: FULFILLMENT_CONTRACTS,
  results: RESULTS_CONTRACTS,
} as const satisfies Record<BuiltService, object>;

/** The services whose routes are built, in ROUTE_CONTRACTS order. */
export const BUILT_SERVICES = Object.keys(ROUTE_CONTRACTS) as BuiltService[];

/** Every contract of a service, with its dotted name (`catalogue.labs.create`). */
export const contractsOf = (service: BuiltService): { name: string; route: RouteContract }[] =>
  routesOf<RouteContract>(ROUTE_CONTRACTS[service]);
