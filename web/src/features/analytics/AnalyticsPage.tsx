import { ANALYTICS_TIMEFRAMES, DEFAULT_ANALYTICS_TIMEFRAME, type AnalyticsTimeframe } from '@labline/contracts';
import { Flex, Select } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { useCaller } from '../../app/session/useCaller';
import { readListParams, urlFilter, withListParams } from '../../shared/listParams';
import { PageHeader } from '../../shared/PageHeader';
import { useInstitutionFigures } from './api';
import {
  OVERALL_TABS,
  analyticsTimeframeOf,
  analyticsView,
  overallTabs,
  type AnalyticsAddress,
  type OverallTab,
} from './analyticsModel';
import { InstitutionAnalyticsView } from './components/InstitutionAnalyticsView';
import { OverallAnalytics } from './components/OverallAnalytics';
import { PatientAnalyticsView } from './components/PatientAnalyticsView';

const TIMEFRAME_OPTIONS = ANALYTICS_TIMEFRAMES.map((days) => ({ value: days, label: `Last ${days} days` }));

/** The address's names beside the timeframe (their readers are the lists', listParams.ts). */
const PARAMS = {
  patient_id: urlFilter.id,
  institution_id: urlFilter.id,
  /** super_admin's institution filter of the overall view. */
  institution: urlFilter.id,
  tab: urlFilter.oneOf(OVERALL_TABS),
};

/** The screen's state as the address holds it, so a reload, Back and a shared link keep it. */
function useAnalyticsAddress() {
  const [params, setParams] = useSearchParams();
  const { filters, page } = readListParams(params, PARAMS);
  const address: AnalyticsAddress = {
    timeframe: analyticsTimeframeOf(params.get('timeframe')),
    patientId: filters.patient_id,
    institutionId: filters.institution_id,
    institutionFilter: filters.institution,
  };
  /** Changes some names of the address (undefined drops one), replacing the entry: these are views, not pages. */
  const change = (changes: Record<string, string | number | undefined>) =>
    setParams(withListParams(params, changes), { replace: true });
  return { address, tab: filters.tab, page, change };
}

/**
 * spec 3 §2 /analytics: the timeframe (7, 30, 90 or 365 days, default 30) and one of three views, a patient's
 * (`?patient_id=`), an institution's (`?institution_id=`) or the overall one with its tabs; super_admin filters
 * the overall view by institution. The route's guard lets only super_admin, institution_admin and client_admin in
 * (the others see "You don't have permission to view analytics."), and the server scopes every figure.
 */
export default function AnalyticsPage() {
  const caller = useCaller();
  const { address, tab, page, change } = useAnalyticsAddress();
  const view = analyticsView(address, caller);
  const filtering = view.kind === 'overall' && caller.role === 'super_admin';
  const institutions = useInstitutionFigures(address.timeframe, filtering);
  const tabs = view.kind === 'overall' ? overallTabs(caller, view.institutionFilter) : [];
  const activeTab = tabs.find((key) => key === tab) ?? tabs[0] ?? 'overview';
  return (
    <>
      <PageHeader
        title="Analytics"
        subtitle={
          view.kind === 'overall' ? (
            'Figures of the chosen timeframe'
          ) : (
            <Link to="/analytics">Back to overall analytics</Link>
          )
        }
        extra={
          <Flex gap={12} wrap>
            {filtering && (
              <Select<number>
                aria-label="Institution"
                placeholder="All institutions"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={institutions.isLoading}
                value={view.institutionFilter}
                options={(institutions.data?.institutions ?? []).map(({ id, name }) => ({ value: id, label: name }))}
                onChange={(institution) => change({ institution, page: undefined })}
                style={{ width: 240 }}
              />
            )}
            {view.kind !== 'patient' && (
              <Select<AnalyticsTimeframe>
                aria-label="Timeframe"
                value={address.timeframe}
                options={TIMEFRAME_OPTIONS}
                onChange={(timeframe) =>
                  change({
                    timeframe: timeframe === DEFAULT_ANALYTICS_TIMEFRAME ? undefined : timeframe,
                    page: undefined,
                  })
                }
                style={{ width: 160 }}
              />
            )}
          </Flex>
        }
      />
      {view.kind === 'patient' && <PatientAnalyticsView id={view.patientId} />}
      {view.kind === 'institution' && (
        <InstitutionAnalyticsView id={view.institutionId} timeframe={address.timeframe} />
      )}
      {view.kind === 'overall' && (
        <OverallAnalytics
          timeframe={address.timeframe}
          institutionId={view.institutionFilter}
          tabs={tabs}
          activeTab={activeTab}
          onTabChange={(next: OverallTab) => change({ tab: next === tabs[0] ? undefined : next, page: undefined })}
          page={page}
          onPageChange={(next) => change({ page: next })}
        />
      )}
    </>
  );
}
