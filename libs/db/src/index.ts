export * from './pool';
export * from './migrate';
export * from './roles';
export * from './service-database';
export { sql } from 'slonik';
export type { DatabasePool, DatabaseTransactionConnection, CommonQueryMethods } from 'slonik';
