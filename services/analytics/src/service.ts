import { fileURLToPath } from 'node:url';
import { ANALYTICS_EVENT_SCHEMAS } from '@labline/contracts';
import { defineService, identityDirectoryProjection, resolveDirectoryCaller } from '@labline/service-kit';
import { analyticsConfigSchema, type AnalyticsConfig, type AnalyticsResources } from './config';
import { clinicalActivityProjection } from './projections/activity/projection';
import { loginsProjection } from './projections/logins/projection';
import { dashboardRoutes } from './routes/dashboard';
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
  consumes: [identityDirectoryProjection({ version: 1 }), loginsProjection, clinicalActivityProjection],
  resources: async ({ config }) => ({ keys: { jwksUrl: config.IDENTITY_JWKS_URL } }),
  auth: (context) => ({
    keys: context.resources.keys,
    // A user deactivated in identity is refused here as soon as the event is projected.
    resolveCaller: (principal) => resolveDirectoryCaller(context.pool, principal),
  }),
  routes: (context) => [dashboardRoutes(context), streamRoutes(context)],
});
