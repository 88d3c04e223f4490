export * from './pool';
export * from './migrate';
export { sql } from 'slonik';
export type { DatabasePool, DatabaseTransactionConnection, CommonQueryMethods } from 'slonik';
