export { service } from './service';
export { analyticsConfigSchema, type AnalyticsConfig, type AnalyticsContext } from './config';
