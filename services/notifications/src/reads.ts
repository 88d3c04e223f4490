/**
 * notifications' reads bound to their caller (Medplum's `getRepoForLogin`): a route gets this repository from
 * its caller and cannot reach the log without the caller's tenant scope (lint keeps route files from importing
 * the projections' queries).
 */
import {
  notificationLogScope,
  type Caller,
  type NotificationLog,
  type NotificationLogQuery,
  type NotificationStats,
} from '@labline/contracts';
import type { CommonQueryMethods } from 'slonik';
import { institutionName, userById, type DirectoryUser } from './projections/directory/queries';
import { notificationLog, notificationLogs, notificationStats } from './projections/notification-logs/queries';

export interface NotificationReads {
  /** One page of the log the caller may read, and how many entries match. */
  logs(query: NotificationLogQuery): Promise<{ notifications: NotificationLog[]; total: number }>;
  stats(): Promise<NotificationStats>;
  /** A log entry the caller may read, or null (unknown and out of scope look the same). */
  log(id: number): Promise<NotificationLog | null>;
  /** The caller's own account as identity last described it (null: not projected yet). */
  account(): Promise<DirectoryUser | null>;
  /** The name of the caller's primary institution (null: system level). */
  institutionName(): Promise<string | null>;
}

export function notificationReads(db: CommonQueryMethods, caller: Caller): NotificationReads {
  const scope = notificationLogScope(caller);
  return {
    logs: (query) => notificationLogs(db, scope, query),
    stats: () => notificationStats(db, scope),
    log: (id) => notificationLog(db, scope, id),
    account: () => userById(db, caller.userId),
    institutionName: () => institutionName(db, caller.institutionId),
  };
}
