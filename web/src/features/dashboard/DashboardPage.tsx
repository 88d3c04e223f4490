import {
  ACTIVITY_FILTERS,
  DASHBOARD_TEXTS,
  DASHBOARD_TIMEFRAMES,
  DEFAULT_DASHBOARD_TIMEFRAME,
  seesSystemFigures,
  type DashboardTimeframe,
} from '@labline/contracts';
import { Alert, Card, Col, Row, Select } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSessionUser } from '../../app/session/SessionContext';
import { useCaller } from '../../app/session/useCaller';
import { readListParams, urlFilter, withListParams } from '../../shared/listParams';
import { PageHeader } from '../../shared/PageHeader';
import { useDashboard } from './api';
import { ActivityFilter } from './components/ActivityFilter';
import { InstitutionPerformance } from './components/InstitutionPerformance';
import { RecentActivity } from './components/RecentActivity';
import { SummaryCards } from './components/SummaryCards';
import { TrendBars } from './components/TrendBars';
import { timeframeOf, type DashboardFilters } from './dashboardModel';

const TIMEFRAME_OPTIONS = DASHBOARD_TIMEFRAMES.map((days) => ({ value: days, label: `Last ${days} days` }));

/** The address's filters beside the timeframe (their readers are the lists', listParams.ts). */
const FILTERS = {
  activity: urlFilter.oneOf(ACTIVITY_FILTERS),
  institution: urlFilter.id,
  clinician: urlFilter.id,
};

/** The filters as the address holds them, so a reload, Back and a shared link keep them. */
function useDashboardFilters(wholeSystem: boolean): [DashboardFilters, (next: Partial<DashboardFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const { filters: read } = readListParams(params, FILTERS);
  const filters: DashboardFilters = {
    timeframe: timeframeOf(params.get('timeframe')),
    activity: wholeSystem ? (read.activity ?? 'all') : 'all',
    institutionId: wholeSystem ? read.institution : undefined,
    clinicianId: wholeSystem ? read.clinician : undefined,
  };
  const update = (next: Partial<DashboardFilters>) => {
    const merged = { ...filters, ...next };
    // Written whole, in this order, the defaults left out.
    const changes = {
      timeframe: merged.timeframe === DEFAULT_DASHBOARD_TIMEFRAME ? undefined : merged.timeframe,
      activity: merged.activity === 'all' ? undefined : merged.activity,
      institution: merged.institutionId,
      clinician: merged.clinicianId,
    };
    setParams(withListParams(new URLSearchParams(), changes), { replace: true });
  };
  return [filters, update];
}

/**
 * spec 1 §2 /dashboard: 'Clinical Dashboard' for clinicians, otherwise 'Dashboard Overview'; the timeframe (default
 * 30 days), the summary cards, Recent Activity, Test Request Trends, and super_admin's activity filter and
 * Institution Performance. A failed load is only logged (spec 1 §8): the page keeps its figures and swr retries.
 */
export default function DashboardPage() {
  const user = useSessionUser();
  // spec 1 §6: the activity filter and the whole system's figures are super_admin's.
  const wholeSystem = seesSystemFigures(useCaller());
  const [filters, setFilters] = useDashboardFilters(wholeSystem);
  const { data, error, isLoading } = useDashboard(filters);
  useEffect(() => {
    if (error !== undefined) console.error('dashboard:', error instanceof Error ? error.message : error);
  }, [error]);
  const lowStock = data?.inventory?.low_stock_count ?? 0;
  return (
    <>
      <PageHeader
        title={user.role === 'clinician' ? 'Clinical Dashboard' : 'Dashboard Overview'}
        subtitle="Activity and figures of the chosen timeframe"
        extra={
          <Select<DashboardTimeframe>
            aria-label="Timeframe"
            value={filters.timeframe}
            options={TIMEFRAME_OPTIONS}
            onChange={(timeframe) => setFilters({ timeframe })}
            style={{ width: 160 }}
          />
        }
      />
      {lowStock > 0 && (
        <Alert
          type="warning"
          showIcon
          title={DASHBOARD_TEXTS.lowStock(lowStock)}
          action={<Link to="/inventory">View inventory</Link>}
          style={{ marginBottom: 16 }}
        />
      )}
      {wholeSystem && <ActivityFilter filters={filters} onChange={setFilters} />}
      <div aria-busy={isLoading}>
        {data === undefined ? (
          <Card loading style={{ marginBottom: 16 }} />
        ) : (
          <>
            <SummaryCards dashboard={data} />
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={14}>
                <Card title="Recent Activity">
                  <RecentActivity activity={data.recent_activity} />
                </Card>
              </Col>
              <Col xs={24} xl={10}>
                <Card title="Test Request Trends" style={{ marginBottom: 16 }}>
                  <TrendBars trends={data.test_trends} />
                </Card>
                {data.institutions !== null && (
                  <Card title="Institution Performance">
                    <InstitutionPerformance rows={data.institutions.by_activity} />
                  </Card>
                )}
              </Col>
            </Row>
          </>
        )}
      </div>
    </>
  );
}
