import { ANALYTICS_ERRORS, formatDate, type PatientAnalytics } from '@labline/contracts';
import { Card, Table, Tag } from 'antd';
import { usePatientAnalytics } from '../api';
import { percentText, statusLabel } from '../analyticsModel';
import { FigureChart } from './FigureChart';
import { LoadFailure } from './LoadFailure';
import { StatCards } from './StatCards';

type TimelineRow = PatientAnalytics['timeline'][number];

/**
 * spec 3 §2 patient analytics (`?patient_id=`): the patient's tests in figures, how often each test type was
 * ordered, and the timeline of their requests. A patient the caller may not see answers 404.
 */
export function PatientAnalyticsView({ id }: { id: number }) {
  const { data, error, mutate } = usePatientAnalytics(id);
  if (error !== undefined)
    return <LoadFailure title={ANALYTICS_ERRORS.fetchPatientAnalytics} error={error} onRetry={mutate} />;
  if (data === undefined) return <Card loading />;
  const { summary } = data;
  return (
    <section aria-label={`Analytics of ${data.patient_name}`}>
      <Card size="small" style={{ marginBottom: 16 }}>
        <strong>{data.patient_name}</strong>
      </Card>
      <StatCards
        cards={[
          { title: 'Total Tests', value: summary.total_tests },
          { title: 'Completed Tests', value: summary.completed_tests },
          { title: 'Pending Tests', value: summary.pending_tests },
          { title: 'Completion Rate', value: percentText(summary.completion_rate) },
        ]}
      />
      <div style={{ marginBottom: 16 }}>
        <FigureChart
          title="Test Frequency"
          rows={data.test_frequency.map((row) => ({ label: row.test_type, value: row.count }))}
          categoryTitle="Test type"
          valueTitle="Test requests"
          empty="No tests for this patient"
          horizontal
        />
      </div>
      <Card title="Timeline">
        <Table<TimelineRow>
          rowKey={(row) => `${row.date}-${row.test_type}-${row.status}`}
          dataSource={data.timeline}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'No tests for this patient' }}
          columns={[
            { title: 'Date', dataIndex: 'date', render: (date: string) => formatDate(date) },
            { title: 'Test Type', dataIndex: 'test_type' },
            { title: 'Status', dataIndex: 'status', render: (status: string) => <Tag>{statusLabel(status)}</Tag> },
            {
              title: 'Result',
              dataIndex: 'result_date',
              // When completed; a cancelled request will have no result.
              render: (at: string | null, row) =>
                at !== null ? formatDate(at) : row.status === 'cancelled' ? '—' : 'Pending',
            },
          ]}
        />
      </Card>
    </section>
  );
}
