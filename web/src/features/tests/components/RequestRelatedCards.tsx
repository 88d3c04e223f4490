import { PlusOutlined } from '@ant-design/icons';
import {
  formatFulfillmentId,
  formatResultId,
  type DeliveryStatus,
  type TestRequestDetail,
  formatDateTime,
} from '@labline/contracts';
import { Button, Card, Empty, Table, Tag, type TableProps } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { columnsWidth } from '../../../shared/columnsWidth';
import { EllipsisText } from '../../../shared/EllipsisText';
import { personName } from '../format';
import { StatusTag, valueLabel } from '../../../shared/RequestTags';

type Result = TestRequestDetail['test_results'][number];
type Fulfillment = TestRequestDetail['fulfillment_requests'][number];
type NotificationLog = TestRequestDetail['notification_logs'][number];

const nameCell = (name: string | null) => (name === null ? '—' : <EllipsisText>{name}</EllipsisText>);
const dateCell = (at: string | null) => (at === null ? '—' : formatDateTime(at));
/**
 * A request's related lists are short; a long one pages rather than stretching the page. One page has no pager at
 * all: antd would still render its (hidden) Pagination, whose code loads on first render (web/build).
 */
const DETAIL_PAGINATION = { pageSize: 10 } as const;

interface RelatedTableProps<T> {
  columns: TableProps<T>['columns'];
  rows: readonly T[];
  rowKey: TableProps<T>['rowKey'];
  emptyText: string;
}

/** A list of the request's related records: fixed columns, paged when long, its own empty text. */
function RelatedTable<T extends object>({ columns, rows, rowKey, emptyText }: RelatedTableProps<T>) {
  return (
    <Table<T>
      rowKey={rowKey}
      columns={columns}
      dataSource={[...rows]}
      pagination={rows.length > DETAIL_PAGINATION.pageSize ? DETAIL_PAGINATION : false}
      tableLayout="fixed"
      scroll={{ x: columnsWidth(columns) }}
      size="small"
      locale={{ emptyText: <Empty description={emptyText} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
    />
  );
}

const RESULT_COLUMNS: TableProps<Result>['columns'] = [
  {
    title: 'Result ID',
    key: 'id',
    width: 120,
    render: (_, result) => <Link to={`/results/${result.id}`}>{formatResultId(result.id)}</Link>,
  },
  { title: 'Status', key: 'status', width: 120, render: (_, result) => <StatusTag status={result.status} /> },
  {
    title: 'Entered By',
    key: 'by',
    width: 180,
    render: (_, result) => nameCell(personName(result.entered_by_name, result.entered_by_lastname)),
  },
  { title: 'Entered', key: 'at', width: 160, render: (_, result) => dateCell(result.entered_at) },
];

interface ResultsCardProps {
  request: TestRequestDetail;
  /** Whether the caller may enter a result (the result form's route rule). */
  canEnterResult: boolean;
}

/** spec 1 §2: the request's results, each opening /results/{id}, and Create Result (/results/new?test_request_id={id}). */
export function ResultsCard({ request, canEnterResult }: ResultsCardProps) {
  const navigate = useNavigate();
  return (
    <Card
      title="Test Results"
      extra={
        canEnterResult && (
          <Button icon={<PlusOutlined />} onClick={() => navigate(`/results/new?test_request_id=${request.id}`)}>
            Create Result
          </Button>
        )
      }
    >
      <RelatedTable<Result>
        columns={RESULT_COLUMNS}
        rows={request.test_results}
        rowKey="id"
        emptyText="No results have been entered for this test request yet"
      />
    </Card>
  );
}

/** The request's kits; the FUL id opens the fulfillment request for those who may open that page. */
const fulfillmentColumns = (linked: boolean): TableProps<Fulfillment>['columns'] => [
  {
    title: 'Request ID',
    key: 'id',
    width: 120,
    render: (_, fulfillment) =>
      linked ? (
        <Link to={`/fulfillment/${fulfillment.id}`}>{formatFulfillmentId(fulfillment.id)}</Link>
      ) : (
        formatFulfillmentId(fulfillment.id)
      ),
  },
  { title: 'Item', key: 'item', width: 200, render: (_, fulfillment) => nameCell(fulfillment.item_name) },
  { title: 'SKU', key: 'sku', width: 130, render: (_, fulfillment) => nameCell(fulfillment.item_sku) },
  { title: 'Quantity', dataIndex: 'quantity_requested', key: 'quantity', width: 90 },
  { title: 'Status', key: 'status', width: 120, render: (_, fulfillment) => <StatusTag status={fulfillment.status} /> },
  {
    title: 'Assigned To',
    key: 'assigned',
    width: 160,
    render: (_, fulfillment) => nameCell(personName(fulfillment.assigned_to_name, fulfillment.assigned_to_lastname)),
  },
  { title: 'Created', key: 'created', width: 160, render: (_, fulfillment) => dateCell(fulfillment.created_at) },
];

interface FulfillmentCardProps {
  request: TestRequestDetail;
  /** Whether the caller may open /fulfillment/{id} (the fulfillment pages' route rule). */
  canOpenFulfillment: boolean;
}

/** spec 1 §2: the kits shipped for the request (issue 25), from fulfillment's events as clinical projects them. */
export function FulfillmentCard({ request, canOpenFulfillment }: FulfillmentCardProps) {
  return (
    <Card title="Fulfillment Requests" data-testid="fulfillment-requests">
      <RelatedTable<Fulfillment>
        columns={fulfillmentColumns(canOpenFulfillment)}
        rows={request.fulfillment_requests}
        rowKey="id"
        emptyText="No fulfillment requests for this test request"
      />
    </Card>
  );
}

/**
 * A message's delivery status as the CMS notification log colours it: on its way gold, taken by the provider
 * blue, delivered green, failed red, skipped (not sent: the patient's contact preference or an SMS opt-out)
 * neutral, its reason in the Error column.
 */
export const DELIVERY_STATUS_COLOURS: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'gold',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
  skipped: 'default',
};

/** A message's delivery status as a tag of its colour (the Notification History and the Order Trail). */
export function DeliveryStatusTag({ status }: { status: DeliveryStatus }) {
  return <Tag color={DELIVERY_STATUS_COLOURS[status]}>{valueLabel(status)}</Tag>;
}

const NOTIFICATION_COLUMNS: TableProps<NotificationLog>['columns'] = [
  { title: 'Sent', key: 'sent', width: 160, render: (_, log) => dateCell(log.sent_at) },
  { title: 'Type', key: 'type', width: 160, render: (_, log) => valueLabel(log.message_type) },
  { title: 'Channel', key: 'channel', width: 90, render: (_, log) => log.notification_type.toUpperCase() },
  {
    title: 'Recipient',
    key: 'recipient',
    width: 200,
    render: (_, log) => nameCell(log.recipient_email ?? log.recipient_phone ?? valueLabel(log.recipient_type)),
  },
  {
    title: 'Status',
    key: 'status',
    width: 110,
    render: (_, log) => <DeliveryStatusTag status={log.delivery_status} />,
  },
  // Why it failed (or was skipped), or why its last attempt did while it is retried.
  { title: 'Error', key: 'error', width: 220, render: (_, log) => nameCell(log.error_message) },
  {
    title: 'Triggered By',
    key: 'by',
    width: 160,
    render: (_, log) => nameCell(log.triggered_by_name ?? valueLabel(log.triggered_by_type)),
  },
];

export function NotificationHistoryCard({ request }: { request: TestRequestDetail }) {
  return (
    <Card title="Notification History">
      <RelatedTable<NotificationLog>
        columns={NOTIFICATION_COLUMNS}
        rows={request.notification_logs}
        rowKey="id"
        emptyText="No notifications have been sent for this test request"
      />
    </Card>
  );
}
