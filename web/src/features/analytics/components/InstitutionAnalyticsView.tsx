import { ANALYTICS_ERRORS, type AnalyticsTimeframe } from '@labline/contracts';
import { Card, Col, Row, Table } from 'antd';
import { useInstitutionAnalytics } from '../api';
import { statusLabel } from '../analyticsModel';
import { FigureChart } from './FigureChart';
import { LoadFailure } from './LoadFailure';
import { StatCards } from './StatCards';
import { TurnaroundFigures } from './TurnaroundFigures';

/**
 * spec 3 §2 institution analytics (`?institution_id=`): its summary, test requests by status, top test types and
 * the clinicians with their patients; its turnaround times (issue 23). A foreign or unknown institution answers 404, shown as the load failure.
 */
export function InstitutionAnalyticsView({ id, timeframe }: { id: number; timeframe: AnalyticsTimeframe }) {
  const { data, error, mutate } = useInstitutionAnalytics(id, timeframe);
  if (error !== undefined)
    return <LoadFailure title={ANALYTICS_ERRORS.fetchInstitutionAnalytics} error={error} onRetry={mutate} />;
  if (data === undefined) return <Card loading />;
  const { summary } = data;
  return (
    <section aria-label={`Analytics of ${data.institution_name}`}>
      <Card size="small" style={{ marginBottom: 16 }}>
        <strong>{data.institution_name}</strong>
      </Card>
      <StatCards
        cards={[
          { title: 'Test Requests', value: summary.test_requests },
          { title: 'Patients', value: summary.patients },
          { title: 'Active Users', value: summary.active_users },
          { title: 'Completed Results', value: summary.completed_results },
        ]}
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} xl={12}>
          <FigureChart
            title="Test Requests by Status"
            rows={data.test_requests_by_status.map((row) => ({ label: statusLabel(row.status), value: row.count }))}
            categoryTitle="Status"
            valueTitle="Test requests"
            empty="No test requests in this timeframe"
          />
        </Col>
        <Col xs={24} xl={12}>
          <FigureChart
            title="Top Test Types"
            rows={data.top_test_types.map((row) => ({ label: row.test_type_name, value: row.count }))}
            categoryTitle="Test type"
            valueTitle="Test requests"
            empty="No test requests in this timeframe"
            horizontal
          />
        </Col>
      </Row>
      <Card title="Clinician Performance" style={{ marginBottom: 16 }}>
        <Table
          rowKey="id"
          dataSource={data.clinician_performance}
          pagination={false}
          locale={{ emptyText: 'No clinicians' }}
          columns={[
            { title: 'Clinician', dataIndex: 'name' },
            { title: 'Patients', dataIndex: 'patient_count', align: 'right' },
          ]}
        />
      </Card>
      <TurnaroundFigures timeframe={timeframe} institutionId={id} />
    </section>
  );
}
