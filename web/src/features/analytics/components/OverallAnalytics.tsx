import {
  ANALYTICS_ERRORS,
  formatDateTime,
  roleLabel,
  type AnalyticsTimeframe,
  type TestTypeFigures,
  type UserActivity,
} from '@labline/contracts';
import { Card, Col, Row, Table } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useInstitutionFigures, useTestTypes, useUserActivity } from '../api';
import { OVERALL_TAB_LABELS, activityScore, percentText, topBy, userName, type OverallTab } from '../analyticsModel';
import { AuditLogs } from './AuditLogs';
import { FigureChart } from './FigureChart';
import { LoadFailure } from './LoadFailure';
import { TurnaroundFigures } from './TurnaroundFigures';
import { ViewTabs } from './ViewTabs';

interface OverallAnalyticsProps {
  timeframe: AnalyticsTimeframe;
  /** super_admin's institution filter (undefined: every institution the caller sees). */
  institutionId: number | undefined;
  tabs: readonly OverallTab[];
  activeTab: OverallTab;
  onTabChange(tab: OverallTab): void;
  /** The Audit Logs tab's page. */
  page: number;
  onPageChange(page: number): void;
}

/**
 * spec 3 §2 overall analytics: the tabs Overview, Test Types, Turnaround (issue 23), (Institutions,) User Activity,
 * Audit Logs.
 */
export function OverallAnalytics(props: OverallAnalyticsProps) {
  const { timeframe, institutionId, tabs, activeTab, onTabChange, page, onPageChange } = props;
  const panes: Record<OverallTab, () => ReactNode> = {
    overview: () => <Overview timeframe={timeframe} institutionId={institutionId} />,
    'test-types': () => <TestTypes timeframe={timeframe} institutionId={institutionId} />,
    turnaround: () => <TurnaroundFigures timeframe={timeframe} institutionId={institutionId} />,
    institutions: () => <Institutions timeframe={timeframe} />,
    'user-activity': () => <UsersActivity timeframe={timeframe} institutionId={institutionId} />,
    'audit-logs': () => (
      <AuditLogs timeframe={timeframe} institutionId={institutionId} page={page} onPageChange={onPageChange} />
    ),
  };
  return (
    <ViewTabs
      label="Analytics views"
      tabs={tabs.map((tab) => ({ key: tab, label: OVERALL_TAB_LABELS[tab] }))}
      active={activeTab}
      onChange={onTabChange}
    >
      {/* Only the open tab is drawn, so only its figures load. */}
      {panes[activeTab]()}
    </ViewTabs>
  );
}

interface FiguresProps {
  timeframe: AnalyticsTimeframe;
  institutionId: number | undefined;
}

const testTypeRows = (types: readonly TestTypeFigures[]) =>
  types.map((type) => ({ label: type.name, value: type.request_count }));
const userRows = (users: readonly UserActivity[]) =>
  users.map((user) => ({ label: userName(user), value: activityScore(user) }));

/** spec 3 §2, §9: the top 5 test types and the top 5 active users. */
function Overview({ timeframe, institutionId }: FiguresProps) {
  const testTypes = useTestTypes(timeframe, institutionId);
  const users = useUserActivity(timeframe, institutionId);
  const error = testTypes.error ?? users.error;
  if (error !== undefined)
    return (
      <LoadFailure
        title={ANALYTICS_ERRORS.fetchAnalytics}
        error={error}
        onRetry={() => Promise.all([testTypes.mutate(), users.mutate()])}
      />
    );
  if (testTypes.data === undefined || users.data === undefined) return <Card loading />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <FigureChart
          title="Top 5 Test Types"
          rows={testTypeRows(topBy(testTypes.data.test_types, (type) => type.request_count))}
          categoryTitle="Test type"
          valueTitle="Test requests"
          empty="No test requests in this timeframe"
          horizontal
        />
      </Col>
      <Col xs={24} xl={12}>
        <FigureChart
          title="Top 5 Active Users"
          rows={userRows(topBy(users.data.users, activityScore))}
          categoryTitle="User"
          valueTitle={ACTIVITY_TITLE}
          empty="No user activity in this timeframe"
          horizontal
        />
      </Col>
    </Row>
  );
}

/** What a user's activity figure adds up (activityScore). */
const ACTIVITY_TITLE = 'Sign-ins, requests and results';

function TestTypes({ timeframe, institutionId }: FiguresProps) {
  const { data, error, mutate, isLoading } = useTestTypes(timeframe, institutionId);
  if (error !== undefined)
    return <LoadFailure title={ANALYTICS_ERRORS.fetchAnalytics} error={error} onRetry={mutate} />;
  const types = data?.test_types ?? [];
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <FigureChart
          title="Test Requests by Test Type"
          rows={testTypeRows(types)}
          categoryTitle="Test type"
          valueTitle="Test requests"
          empty="No test requests in this timeframe"
        />
      </div>
      <Card title="Test Types">
        <Table<TestTypeFigures>
          rowKey="name"
          loading={isLoading}
          dataSource={types}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Test Type', dataIndex: 'name' },
            { title: 'Category', dataIndex: 'category', render: (category: string | null) => category ?? '—' },
            { title: 'Requests', dataIndex: 'request_count', align: 'right' },
            {
              title: 'Completion Rate',
              dataIndex: 'completion_rate',
              align: 'right',
              render: (rate: number) => percentText(rate),
            },
          ]}
        />
      </Card>
    </>
  );
}

/** super_admin's cross-institution figures; each name opens that institution's analytics. */
function Institutions({ timeframe }: { timeframe: AnalyticsTimeframe }) {
  const { data, error, mutate, isLoading } = useInstitutionFigures(timeframe, true);
  if (error !== undefined)
    return <LoadFailure title={ANALYTICS_ERRORS.fetchAnalytics} error={error} onRetry={mutate} />;
  const institutions = data?.institutions ?? [];
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <FigureChart
          title="Test Requests by Institution"
          rows={institutions.map((institution) => ({ label: institution.name, value: institution.test_request_count }))}
          categoryTitle="Institution"
          valueTitle="Test requests"
          empty="No institutions"
          horizontal
        />
      </div>
      <Card title="Institutions">
        <Table
          rowKey="id"
          loading={isLoading}
          dataSource={institutions}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: 'Institution',
              dataIndex: 'name',
              render: (name: string, institution) => (
                <Link to={`/analytics?institution_id=${institution.id}`}>{name}</Link>
              ),
            },
            { title: 'Users', dataIndex: 'user_count', align: 'right' },
            { title: 'Patients', dataIndex: 'patient_count', align: 'right' },
            { title: 'Test Requests', dataIndex: 'test_request_count', align: 'right' },
            { title: 'Completed Results', dataIndex: 'completed_results_count', align: 'right' },
          ]}
        />
      </Card>
    </>
  );
}

function UsersActivity({ timeframe, institutionId }: FiguresProps) {
  const { data, error, mutate, isLoading } = useUserActivity(timeframe, institutionId);
  if (error !== undefined)
    return <LoadFailure title={ANALYTICS_ERRORS.fetchAnalytics} error={error} onRetry={mutate} />;
  const users = data?.users ?? [];
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <FigureChart
          title="Most Active Users"
          rows={userRows(topBy(users, activityScore, 10))}
          categoryTitle="User"
          valueTitle={ACTIVITY_TITLE}
          empty="No user activity in this timeframe"
          horizontal
        />
      </div>
      <Card title="User Activity">
        <Table<UserActivity>
          rowKey="id"
          loading={isLoading}
          dataSource={users}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'User', key: 'name', render: (_, user) => userName(user) },
            { title: 'Role', dataIndex: 'role', render: (role: UserActivity['role']) => roleLabel(role) },
            {
              title: 'Institution',
              dataIndex: 'institution_name',
              render: (name: string | null) => name ?? 'System Level Access',
            },
            { title: 'Sign-ins', dataIndex: 'login_count', align: 'right' },
            { title: 'Requests Created', dataIndex: 'requests_created', align: 'right' },
            { title: 'Results Entered', dataIndex: 'results_entered', align: 'right' },
            {
              title: 'Last Activity',
              dataIndex: 'last_activity',
              render: (at: string | null) => (at === null ? 'N/A' : formatDateTime(at)),
            },
          ]}
        />
      </Card>
    </>
  );
}
