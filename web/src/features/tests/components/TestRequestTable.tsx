import { canArchiveTestRequest, type Caller, type TestRequest, formatDate } from '@labline/contracts';
import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { columnsWidth } from '../../../shared/columnsWidth';
import { EllipsisText } from '../../../shared/EllipsisText';
import { ConfirmedRowAction } from '../../../shared/RowActions';
import { accessFactsOf } from '../access';
import { requestPatientName } from '../format';
import { PriorityTag, StatusTag } from '../../../shared/RequestTags';

interface TestRequestTableProps {
  requests: readonly TestRequest[];
  loading: boolean;
  caller: Caller;
  onArchive(request: TestRequest): Promise<void>;
  /** Shown instead of the rows when there are none. */
  empty: ReactNode;
}

function columns(caller: Caller, onArchive: TestRequestTableProps['onArchive']): TableProps<TestRequest>['columns'] {
  return [
    {
      title: 'Request ID',
      key: 'id',
      width: 120,
      render: (_, request) => <EllipsisText to={`/tests/${request.id}`}>{request.display_id}</EllipsisText>,
    },
    {
      title: 'Patient',
      key: 'patient',
      width: 190,
      render: (_, request) => (
        <>
          <div>
            <EllipsisText>{requestPatientName(request)}</EllipsisText>
          </div>
          {request.medical_record_number !== null && (
            <EllipsisText type="secondary">{request.medical_record_number}</EllipsisText>
          )}
        </>
      ),
    },
    {
      title: 'Test',
      key: 'test',
      width: 240,
      render: (_, request) => (
        <>
          <div>
            <EllipsisText>{request.test_name}</EllipsisText>
          </div>
          <EllipsisText type="secondary">{request.sample_type}</EllipsisText>
        </>
      ),
    },
    { title: 'Status', key: 'status', width: 120, render: (_, request) => <StatusTag status={request.status} /> },
    {
      title: 'Priority',
      key: 'priority',
      width: 100,
      render: (_, request) => <PriorityTag priority={request.priority} />,
    },
    {
      title: 'Requested',
      key: 'requested',
      width: 120,
      render: (_, request) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(request.requested_at)}</span>,
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 100,
      render: (_, request) =>
        !request.archived &&
        canArchiveTestRequest(caller, accessFactsOf(request)) && (
          <ConfirmedRowAction
            label="Archive"
            title="Archive Test Request"
            question={`Are you sure you want to archive ${request.display_id}? It will no longer be listed.`}
            onConfirm={() => onArchive(request)}
          />
        ),
    },
  ];
}

/** The test request list's table (spec 1 §2 /tests): fixed column widths, long texts cut with a tooltip. */
export function TestRequestTable({ requests, loading, caller, onArchive, empty }: TestRequestTableProps) {
  const tableColumns = columns(caller, onArchive);
  return (
    <Table<TestRequest>
      rowKey="id"
      columns={tableColumns}
      dataSource={[...requests]}
      loading={loading}
      pagination={false}
      locale={{ emptyText: empty }}
      tableLayout="fixed"
      scroll={{ x: columnsWidth(tableColumns) }}
      size="middle"
    />
  );
}
