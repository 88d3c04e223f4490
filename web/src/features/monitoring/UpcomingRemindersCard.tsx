import {
  formatReminderDuration,
  formatRequestId,
  type UpcomingReminder,
  type UpcomingReminderCell,
  formatDateTime,
} from '@labline/contracts';
import { Card, Empty, Flex, Table, Tag, Typography, type TableProps } from 'antd';
import { Link } from 'react-router-dom';
import { columnsWidth } from '../../shared/columnsWidth';
import { EllipsisText } from '../../shared/EllipsisText';

/** spec 3 §2: sent green, scheduled blue, missed red, any other status neutral. */
const STATUS_COLOURS: Readonly<Record<string, string>> = { sent: 'green', scheduled: 'blue', missed: 'red' };

/** One reminder of a request: its status in capitals, "In {duration}" while it is still to go, and when. */
function ReminderCell({ reminder }: { reminder: UpcomingReminderCell }) {
  return (
    <Flex vertical gap={4} align="flex-start">
      <Tag color={STATUS_COLOURS[reminder.status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
        {reminder.status.replaceAll('_', ' ').toUpperCase()}
      </Tag>
      {reminder.willSend && reminder.timeUntilSend !== null && (
        <Typography.Text
          style={{ fontSize: 12 }}
        >{`In ${formatReminderDuration(reminder.timeUntilSend)}`}</Typography.Text>
      )}
      {reminder.scheduledFor !== null && (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {formatDateTime(reminder.scheduledFor)}
        </Typography.Text>
      )}
    </Flex>
  );
}

const COLUMNS: TableProps<UpcomingReminder>['columns'] = [
  {
    title: 'Test Details',
    key: 'test',
    width: 220,
    render: (_, reminder) => (
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Link to={`/tests/${reminder.testRequestId}`}>{formatRequestId(reminder.testRequestId)}</Link>
        <EllipsisText>{reminder.testName}</EllipsisText>
        {reminder.institutionName !== null && <EllipsisText type="secondary">{reminder.institutionName}</EllipsisText>}
      </Flex>
    ),
  },
  {
    title: 'Patient',
    key: 'patient',
    width: 220,
    render: (_, reminder) => (
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <EllipsisText>{reminder.patientName ?? '—'}</EllipsisText>
        {reminder.patientEmail !== null && <EllipsisText type="secondary">{reminder.patientEmail}</EllipsisText>}
        {reminder.patientPhone !== null && <EllipsisText type="secondary">{reminder.patientPhone}</EllipsisText>}
      </Flex>
    ),
  },
  {
    title: '7-Day Reminder',
    key: 'seven_days',
    width: 170,
    render: (_, reminder) => <ReminderCell reminder={reminder.reminders.sevenDays} />,
  },
  {
    title: '3-Hour Reminder',
    key: 'three_hours',
    width: 170,
    render: (_, reminder) => <ReminderCell reminder={reminder.reminders.threeHours} />,
  },
  {
    title: 'Test Date',
    key: 'test_date',
    width: 160,
    render: (_, reminder) => (
      <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(reminder.expectedTestDatetime)}</span>
    ),
  },
];

/** spec 3 §2: the test requests of the next 7 days with their two reminders each. */
export function UpcomingRemindersCard({ reminders, loading }: { reminders: UpcomingReminder[]; loading: boolean }) {
  return (
    <Card title="Upcoming Reminders (Next 7 Days)">
      <Table<UpcomingReminder>
        rowKey="testRequestId"
        columns={COLUMNS}
        dataSource={reminders}
        loading={loading}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        tableLayout="fixed"
        scroll={{ x: columnsWidth(COLUMNS) }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No upcoming reminders in the next 7 days" />
          ),
        }}
      />
    </Card>
  );
}
