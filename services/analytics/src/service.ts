import { fileURLToPath } from 'node:url';
import { ANALYTICS_EVENT_SCHEMAS } from '@labline/contracts';
import { defineService, identityDirectoryProjection, resolveDirectoryCaller } from '@labline/service-kit';
import { analyticsConfigSchema, type AnalyticsConfig, type AnalyticsResources } from './config';
import { clinicalActivityProjection } from './projections/activity/projection';
import { auditTrailProjection } from './projections/audit/projection';
import { loginsProjection } from './projections/logins/projection';
import { patientNamesProjection } from './projections/patient-names/projection';
import { testTypesProjection } from './projections/test-types/projection';
import { analyticsRoutes } from './routes/analytics';
import { orderTrailProjection } from './projections/trail/projection';
import { turnaroundProjection } from './projections/turnaround/projection';
import { dashboardRoutes } from './routes/dashboard';
import { trailRoutes } from './routes/trail';
import { streamRoutes } from './routes/stream';

/**
 * analytics: the read side of the dashboard and the analytics screen (docs/architecture.md §2). It owns no
 * aggregate and appends no event: its read models are projections of identity's and clinical's events, each
 * kept by a durable consumer from the start of the stream. Its deployment facts are its entry in contracts'
 * SERVICE_DECLARATIONS.
 */
export const service = defineService<AnalyticsConfig, typeof ANALYTICS_EVENT_SCHEMAS, AnalyticsResources>({
  name: 'analytics',
  defaultPort: 4007,
  config: analyticsConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  events: ANALYTICS_EVENT_SCHEMAS,
  projections: [],
  // Institutions, users and ended sessions from identity's events: who the callers are and whether they still
  // may, and the names on the figures; sign-ins; clinical's test requests and patients and what happened to them.
  // What each request tests, patients' names, and the audit trail of every service's records.
  // One trail per order (clinical's and notifications' events) and the milestones of turnaround times.
  consumes: [
    identityDirectoryProjection({ version: 1 }),
    loginsProjection,
    clinicalActivityProjection,
    testTypesProjection,
    patientNamesProjection,
    auditTrailProjection,
    orderTrailProjection,
    turnaroundProjection,
  ],
  resources: async ({ config }) => ({ keys: { jwksUrl: config.IDENTITY_JWKS_URL } }),
  auth: (context) => ({
    keys: context.resources.keys,
    // A user deactivated in identity is refused here as soon as the event is projected.
    resolveCaller: (principal) => resolveDirectoryCaller(context.pool, principal),
  }),
  routes: (context) => [
    dashboardRoutes(context),
    analyticsRoutes(context),
    trailRoutes(context),
    streamRoutes(context),
  ],
});
