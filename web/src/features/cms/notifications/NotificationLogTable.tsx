import { formatRequestId, type NotificationLog, formatDateTime } from '@labline/contracts';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { EllipsisText } from '../../../shared/EllipsisText';
import { FixedColumnsTable } from '../../../shared/FixedColumnsTable';
import { CHANNEL_LABELS, TRIGGER_LABELS, deliveryStatusColour, valueLabel } from './texts';

const personName = (first: string | null, last: string | null) =>
  [first, last].filter((part): part is string => part !== null && part !== '').join(' ');

/** Patient or Staff, the address or number it went to (N/A without one), and the patient's name. */
function RecipientCell({ log }: { log: NotificationLog }) {
  const address =
    log.notification_type === 'sms'
      ? (log.recipient_phone ?? log.recipient_email)
      : (log.recipient_email ?? log.recipient_phone);
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {log.recipient_type === 'patient' ? 'Patient' : 'Staff'}
      </Typography.Text>
      <EllipsisText>{address ?? 'N/A'}</EllipsisText>
      {log.patient_name !== null && <EllipsisText type="secondary">{log.patient_name}</EllipsisText>}
    </Flex>
  );
}

/** The status tag; a failed message shows why underneath (spec 3 §2), as does one waiting to be retried. */
function StatusCell({ log }: { log: NotificationLog }) {
  return (
    <Flex vertical gap={4} align="flex-start" style={{ minWidth: 0, width: '100%' }}>
      <Tag color={deliveryStatusColour(log.delivery_status)} style={{ marginInlineEnd: 0 }}>
        {valueLabel(log.delivery_status)}
      </Tag>
      {log.error_message !== null && (
        <Typography.Paragraph
          type={log.delivery_status === 'failed' ? 'danger' : 'secondary'}
          ellipsis={{ rows: 2, tooltip: log.error_message }}
          style={{ fontSize: 12, margin: 0 }}
        >
          {log.error_message}
        </Typography.Paragraph>
      )}
    </Flex>
  );
}

const COLUMNS: ColumnsType<NotificationLog> = [
  {
    title: 'Date & Time',
    key: 'sent_at',
    width: 140,
    render: (_, log) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(log.sent_at)}</span>,
  },
  { title: 'Type', key: 'type', width: 130, render: (_, log) => valueLabel(log.message_type) },
  {
    title: 'Channel',
    key: 'channel',
    width: 90,
    render: (_, log) => (
      <Tag color={log.notification_type === 'email' ? 'geekblue' : 'purple'} style={{ marginInlineEnd: 0 }}>
        {CHANNEL_LABELS[log.notification_type]}
      </Tag>
    ),
  },
  { title: 'Recipient', key: 'recipient', width: 200, render: (_, log) => <RecipientCell log={log} /> },
  { title: 'Status', key: 'status', width: 180, render: (_, log) => <StatusCell log={log} /> },
  {
    title: 'Test Request',
    key: 'test_request',
    width: 150,
    render: (_, log) =>
      log.test_request_id === null ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Link to={`/tests/${log.test_request_id}`}>{formatRequestId(log.test_request_id)}</Link>
          {log.institution_name !== null && <EllipsisText type="secondary">{log.institution_name}</EllipsisText>}
        </Flex>
      ),
  },
  {
    title: 'Triggered By',
    key: 'triggered_by',
    width: 140,
    render: (_, log) => {
      const name = personName(log.triggered_by_name, log.triggered_by_lastname);
      return (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <span>{TRIGGER_LABELS[log.triggered_by_type]}</span>
          {name !== '' && <EllipsisText type="secondary">{name}</EllipsisText>}
        </Flex>
      );
    },
  },
];

/** spec 3 §2 Notification Logs table: one page of the log, newest first. */
export function NotificationLogTable({ logs, loading }: { logs: readonly NotificationLog[]; loading: boolean }) {
  return <FixedColumnsTable columns={COLUMNS} rows={logs} loading={loading} />;
}
