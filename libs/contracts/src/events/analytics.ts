import type { EventSchemaMap } from './envelope';

/**
 * analytics's events: none. It is a read side (docs/architecture.md §2): it owns no aggregate and appends
 * nothing; its read models are projections of identity's and clinical's events.
 */
export const ANALYTICS_EVENT_SCHEMAS = {} as const satisfies EventSchemaMap;
