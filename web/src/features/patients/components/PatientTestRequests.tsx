import { PlusOutlined } from '@ant-design/icons';
import { canOrderTests, formatRequestId, type PatientTestRequest, formatDate } from '@labline/contracts';
import { Button, Card, Empty, Table, Tag, Typography, type TableProps } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useCaller } from '../../../app/session/useCaller';
import { EllipsisText } from '../../../shared/EllipsisText';

/** Badge colours by status (spec 1 §4); other values show in the neutral colour. */
const STATUS_COLOURS: Readonly<Record<string, string>> = {
  pending: 'gold',
  approved: 'blue',
  fulfilled: 'cyan',
  in_progress: 'processing',
  completed: 'success',
  cancelled: 'default',
};
const PRIORITY_COLOURS: Readonly<Record<string, string>> = { normal: 'default', urgent: 'orange', stat: 'red' };

const label = (value: string) => value.replaceAll('_', ' ');
/** The widest a test's or a clinician's name makes its column: a table sizes its columns by their content. */
const NAME_MAX_WIDTH = 220;
const nameOrNone = (name: string | null) =>
  name === null ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <EllipsisText maxWidth={NAME_MAX_WIDTH}>{name}</EllipsisText>
  );

const COLUMNS: TableProps<PatientTestRequest>['columns'] = [
  {
    title: 'Request ID',
    key: 'id',
    render: (_, request) => <Link to={`/tests/${request.id}`}>{formatRequestId(request.id)}</Link>,
  },
  {
    title: 'Test',
    dataIndex: 'test_name',
    key: 'test',
    render: nameOrNone,
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: string) => <Tag color={STATUS_COLOURS[status] ?? 'default'}>{label(status)}</Tag>,
  },
  {
    title: 'Priority',
    dataIndex: 'priority',
    key: 'priority',
    render: (priority: string) => <Tag color={PRIORITY_COLOURS[priority] ?? 'default'}>{label(priority)}</Tag>,
  },
  {
    title: 'Clinician',
    dataIndex: 'clinician_name',
    key: 'clinician',
    render: nameOrNone,
  },
  { title: 'Requested', dataIndex: 'requested_at', key: 'requested', render: (at: string) => formatDate(at) },
];

interface PatientTestRequestsProps {
  patientId: number;
  requests: readonly PatientTestRequest[];
}

/** The patient's test requests, each linking to /tests/{id}; Create Test opens the order form for the patient. */
export function PatientTestRequests({ patientId, requests }: PatientTestRequestsProps) {
  const navigate = useNavigate();
  const caller = useCaller();
  const createTest = () => navigate(`/tests/new?patient_id=${patientId}`);
  return (
    <Card
      title="Test Requests"
      extra={
        canOrderTests(caller) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={createTest}>
            Create Test
          </Button>
        )
      }
    >
      {/* No table without rows: an empty table that scrolls sideways on a phone is a region no keyboard reaches */}
      {requests.length === 0 ? (
        <Empty description="No test requests for this patient yet" />
      ) : (
        <Table<PatientTestRequest>
          rowKey="id"
          columns={COLUMNS}
          dataSource={[...requests]}
          pagination={false}
          scroll={{ x: 'max-content' }}
          size="middle"
        />
      )}
    </Card>
  );
}
