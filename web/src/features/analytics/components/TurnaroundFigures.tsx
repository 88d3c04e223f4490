import {
  ANALYTICS_ERRORS,
  TURNAROUND_STAGES,
  type AnalyticsTimeframe,
  type Turnaround,
  type TurnaroundGroup,
} from '@labline/contracts';
import { Card, Table, theme } from 'antd';
import { Link } from 'react-router-dom';
import { useTurnaround } from '../api';
import { durationText, stageFigureText, statusLabel } from '../analyticsModel';
import { LoadFailure } from './LoadFailure';

/** The texts of the turnaround figures. */
export const TURNAROUND_TEXTS = {
  timesTitle: 'Turnaround Times',
  timesExplained:
    'Median / p90 of each stage, over the requests ordered in this timeframe that reached both milestones',
  noRequests: 'No test requests in this timeframe',
  slowestTitle: 'Slowest Open Requests',
  noOpenRequests: 'No open test requests',
} as const;

type SlowOpenRequest = Turnaround['slowest_open'][number];

const requestsText = (count: number) => `${count} ${count === 1 ? 'request' : 'requests'}`;

/**
 * Turnaround times (issue 23, Deliver 5): per institution and lab (rows) each stage's median and p90 (columns),
 * with the requests behind each figure; and the slowest open requests, each linking to its page. Within
 * `institutionId` when given (the server scopes it again: a foreign one answers 404).
 */
export function TurnaroundFigures({
  timeframe,
  institutionId,
}: {
  timeframe: AnalyticsTimeframe;
  institutionId: number | undefined;
}) {
  const { token } = theme.useToken();
  const { data, error, mutate, isLoading } = useTurnaround(timeframe, institutionId);
  if (error !== undefined)
    return <LoadFailure title={ANALYTICS_ERRORS.fetchAnalytics} error={error} onRetry={mutate} />;
  const stageColumns = TURNAROUND_STAGES.map((stage) => ({
    title: stage.label,
    key: stage.key,
    align: 'right' as const,
    render: (_: unknown, group: TurnaroundGroup) => {
      const figure = group.stages.find((row) => row.stage === stage.key);
      if (figure === undefined || figure.count === 0) return '—';
      return (
        <>
          <div style={{ whiteSpace: 'nowrap' }}>{stageFigureText(figure)}</div>
          <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
            {requestsText(figure.count)}
          </div>
        </>
      );
    },
  }));
  return (
    <>
      <Card title={TURNAROUND_TEXTS.timesTitle} style={{ marginBottom: 16 }}>
        <p style={{ marginTop: 0, color: token.colorTextSecondary }}>{TURNAROUND_TEXTS.timesExplained}</p>
        {/* Wider than the screen, so it scrolls: a region the keyboard reaches to scroll it. */}
        <div role="region" aria-label={TURNAROUND_TEXTS.timesTitle} tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table<TurnaroundGroup>
            rowKey={(group) => `${group.institution_id}-${group.lab_id}`}
            loading={isLoading}
            dataSource={data?.groups ?? []}
            pagination={false}
            locale={{ emptyText: TURNAROUND_TEXTS.noRequests }}
            columns={[
              { title: 'Institution', dataIndex: 'institution_name', render: (name: string | null) => name ?? '—' },
              { title: 'Lab', dataIndex: 'lab_name', render: (name: string | null) => name ?? '—' },
              { title: 'Requests', dataIndex: 'requests', align: 'right' },
              ...stageColumns,
            ]}
          />
        </div>
      </Card>
      <Card title={TURNAROUND_TEXTS.slowestTitle}>
        <Table<SlowOpenRequest>
          rowKey="id"
          loading={isLoading}
          dataSource={data?.slowest_open ?? []}
          pagination={false}
          locale={{ emptyText: TURNAROUND_TEXTS.noOpenRequests }}
          columns={[
            {
              title: 'Request',
              dataIndex: 'display_id',
              render: (displayId: string, request) => <Link to={`/tests/${request.id}`}>{displayId}</Link>,
            },
            { title: 'Status', dataIndex: 'status', render: (status: string) => statusLabel(status) },
            {
              title: 'Open For',
              dataIndex: 'hours_open',
              align: 'right',
              render: (hours: number) => durationText(hours),
            },
          ]}
        />
      </Card>
    </>
  );
}
