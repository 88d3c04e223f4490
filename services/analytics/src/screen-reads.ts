/**
 * The analytics screen's reads (spec 3 §2, §7) bound to their caller, as reads.ts's are: every one resolves the
 * caller's AnalyticsScope first (analytics-rules.ts in contracts), so none reaches figures outside it. An
 * institution outside the caller's, or one identity has not registered, answers 404, as does a patient outside
 * the caller's institutions.
 */
import {
  analyticsScope,
  ERRORS,
  type AnalyticsScope,
  type AnalyticsScopeQuery,
  type AuditLogList,
  type AuditLogQuery,
  type AuditSummary,
  type Caller,
  type InstitutionAnalytics,
  type PatientAnalytics,
  type TestTypeFigures,
} from '@labline/contracts';
import { httpError } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { auditLog, auditSummary } from './projections/audit/queries';
import { institutionAnalytics, patientAnalytics, testTypeFigures } from './projections/test-types/queries';

/** The caller's scope, narrowed to `institutionId` when given: 404 when it is not theirs or not registered. */
export async function resolveAnalyticsScope(
  db: CommonQueryMethods,
  caller: Caller,
  institutionId: number | undefined,
): Promise<AnalyticsScope> {
  const scope = analyticsScope(caller, institutionId);
  const registered =
    institutionId === undefined ||
    (await db.exists(sql.type(z.object({ id: z.number() }))`SELECT id FROM institutions WHERE id = ${institutionId}`));
  if (scope === null || !registered) throw httpError(404, ERRORS.institutionNotFound);
  return scope;
}

export interface AnalyticsScreenReads {
  testTypes(query: AnalyticsScopeQuery): Promise<TestTypeFigures[]>;
  auditSummary(query: AnalyticsScopeQuery): Promise<AuditSummary[]>;
  auditLog(query: AuditLogQuery): Promise<AuditLogList>;
  institution(institutionId: number, days: number): Promise<InstitutionAnalytics>;
  patient(patientId: number): Promise<PatientAnalytics>;
}

export function analyticsScreenReads(db: CommonQueryMethods, caller: Caller): AnalyticsScreenReads {
  const scopeOf = (institutionId: number | undefined) => resolveAnalyticsScope(db, caller, institutionId);
  return {
    testTypes: async (query) => testTypeFigures(db, await scopeOf(query.institution_id), query.timeframe),
    auditSummary: async (query) => auditSummary(db, await scopeOf(query.institution_id), query.timeframe),
    auditLog: async (query) => auditLog(db, await scopeOf(query.institution_id), query),
    async institution(institutionId, days) {
      await scopeOf(institutionId);
      const figures = await institutionAnalytics(db, institutionId, days);
      if (figures === null) throw httpError(404, ERRORS.institutionNotFound);
      return figures;
    },
    async patient(patientId) {
      const figures = await patientAnalytics(db, await scopeOf(undefined), patientId);
      if (figures === null) throw httpError(404, ERRORS.patientNotFound);
      return figures;
    },
  };
}
