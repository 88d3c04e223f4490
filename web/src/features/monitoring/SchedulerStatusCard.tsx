import { formatRequestId, type SchedulerStatus, type SchedulerSystemStatus, formatDateTime } from '@labline/contracts';
import { Card, Descriptions, Empty, Table, Tag, Typography, type DescriptionsProps, type TableProps } from 'antd';
import { Link } from 'react-router-dom';
import { EllipsisText } from '../../shared/EllipsisText';
import { useDescriptionsLayout } from '../../shared/useDescriptionsLayout';

const SYSTEM_STATUS_COLOURS: Readonly<Record<SchedulerSystemStatus, string>> = {
  running: 'success',
  disabled: 'default',
  error: 'error',
};
const SYSTEM_STATUS_LABELS: Readonly<Record<SchedulerSystemStatus, string>> = {
  running: 'Running',
  disabled: 'Disabled',
  error: 'Error',
};

type ActiveJob = SchedulerStatus['activeJobs'][number];

/** A scheduler can hold a reminder for every request of the week: a page of them at a time. */
const JOBS_PAGINATION = { pageSize: 5, hideOnSinglePage: true, size: 'small' } as const;

const JOB_COLUMNS: TableProps<ActiveJob>['columns'] = [
  { title: 'Job', key: 'name', render: (_, job) => <EllipsisText>{job.name}</EllipsisText> },
  {
    title: 'Test',
    key: 'test',
    width: 110,
    render: (_, job) => <Link to={`/tests/${job.testRequestId}`}>{formatRequestId(job.testRequestId)}</Link>,
  },
  {
    title: 'Scheduled For',
    key: 'scheduled',
    width: 160,
    render: (_, job) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(job.scheduledFor)}</span>,
  },
];

/** spec 3 §2 Scheduler Status: the active cron jobs' count, scheduler ON/OFF, system status, the active jobs. */
export function SchedulerStatusCard({
  scheduler,
  loading,
}: {
  scheduler: SchedulerStatus | undefined;
  loading: boolean;
}) {
  const layout = useDescriptionsLayout();
  const items: DescriptionsProps['items'] =
    scheduler === undefined
      ? []
      : [
          { key: 'jobs', label: 'Active Cron Jobs', children: <strong>{scheduler.totalJobs}</strong> },
          {
            key: 'scheduler',
            label: 'Scheduler',
            children: (
              <Tag color={scheduler.schedulerEnabled ? 'success' : 'error'}>
                {scheduler.schedulerEnabled ? 'ON' : 'OFF'}
              </Tag>
            ),
          },
          {
            key: 'system',
            label: 'System Status',
            children: (
              <Tag color={SYSTEM_STATUS_COLOURS[scheduler.systemStatus]}>
                {SYSTEM_STATUS_LABELS[scheduler.systemStatus]}
              </Tag>
            ),
          },
        ];
  return (
    <Card title="Scheduler Status" loading={loading} style={{ height: '100%' }}>
      <Descriptions
        layout={layout}
        column={1}
        colon={false}
        size="small"
        styles={{ label: { width: 150 } }}
        items={items}
      />
      <Typography.Text strong style={{ display: 'block', margin: '16px 0 8px' }}>
        Active Jobs
      </Typography.Text>
      <Table<ActiveJob>
        rowKey={(job) => `${job.name}-${job.testRequestId}-${job.scheduledFor}`}
        size="small"
        columns={JOB_COLUMNS}
        dataSource={scheduler?.activeJobs ?? []}
        pagination={JOBS_PAGINATION}
        tableLayout="fixed"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No active jobs" /> }}
      />
    </Card>
  );
}
