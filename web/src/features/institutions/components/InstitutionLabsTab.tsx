import { ERRORS, MESSAGES, type LabAssignment } from '@labline/contracts';
import { Flex, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ActiveStatus } from '../../../shared/ActiveStatus';
import { describeFailure } from '../../../shared/apiError';
import { ContactInfo } from '../../../shared/ContactInfo';
import { EllipsisText } from '../../../shared/EllipsisText';
import { FixedColumnsTable } from '../../../shared/FixedColumnsTable';
import { useHistoryDrawer } from '../../../shared/HistoryDrawer';
import { ListEmpty, ListEmptyState, ListOrLoadError } from '../../../shared/ListSearch';
import { PaginationFooter } from '../../../shared/PaginationFooter';
import { ConfirmedRowAction, RowAction } from '../../../shared/RowActions';
import { useClientPage } from '../../../shared/useClientPage';
import { useUrlListState } from '../../../shared/useListSearch';
import { labAssignmentHistoryPath, removeLabAssignment, useLabAssignments } from '../api';
import { AssignLabForm } from './AssignLabForm';
import { useFeedback } from '../../../app/feedback/feedback';

/** The spec gives no page size for the assigned labs; ten rows keep the tab short. */
const LAB_PAGE_SIZE = 10;

/**
 * The Labs tab of spec 3 §2: the labs assigned per sample type, Assign Lab, and Remove after a confirmation. The
 * page lives in the address beside the open tab; a failed load shows its error with Retry (issue 22).
 */
export function InstitutionLabsTab({ institutionId }: { institutionId: number }) {
  const { message } = useFeedback();
  const { data: assignments, error, isLoading, mutate } = useLabAssignments(institutionId);
  const { page, setPage } = useUrlListState();
  const { rows, pagination } = useClientPage(assignments ?? [], page, LAB_PAGE_SIZE);
  const history = useHistoryDrawer();

  const remove = async (assignment: LabAssignment) => {
    try {
      await removeLabAssignment(institutionId, assignment.id);
      void message.success(MESSAGES.labAssignmentRemoved);
      await mutate();
    } catch (failure) {
      void message.error(describeFailure(failure, ERRORS.failedToRemoveLabAssignment).message);
    }
  };

  /** Fixed column widths: a long name or address is cut; a phone scrolls the table inside the tab. */
  const columns: ColumnsType<LabAssignment> = [
    {
      title: 'Lab',
      key: 'lab',
      width: 200,
      render: (_, assignment) => (
        <Flex vertical>
          <EllipsisText strong>{assignment.lab_name}</EllipsisText>
          {assignment.lab_description !== null && (
            <EllipsisText type="secondary">{assignment.lab_description}</EllipsisText>
          )}
        </Flex>
      ),
    },
    {
      title: 'Sample Type',
      key: 'sample_type',
      width: 140,
      render: (_, assignment) => <EllipsisText>{assignment.sample_type}</EllipsisText>,
    },
    {
      title: 'Contact',
      key: 'contact',
      width: 200,
      render: (_, assignment) => (
        <ContactInfo address={assignment.lab_address} phone={assignment.lab_phone} email={assignment.lab_email} />
      ),
    },
    {
      title: 'Status',
      key: 'status',
      width: 90,
      render: (_, assignment) => <ActiveStatus active={assignment.lab_active} />,
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, assignment) => (
        <Space size={16}>
          <ConfirmedRowAction
            label="Remove"
            title="Remove Lab Assignment"
            question={`Remove ${assignment.lab_name} for ${assignment.sample_type} from this institution?`}
            onConfirm={() => remove(assignment)}
          />
          <RowAction
            onClick={() =>
              history.show({
                path: labAssignmentHistoryPath(institutionId, assignment.id),
                name: `${assignment.lab_name} (${assignment.sample_type})`,
              })
            }
          >
            History
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <AssignLabForm institutionId={institutionId} onAssigned={() => mutate()} />
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Assigned Labs
        </Typography.Title>
        <ListOrLoadError error={error} title={ERRORS.failedToFetchAssignedLabs} onRetry={mutate}>
          <ListEmptyState empty={<ListEmpty noun="labs" narrowed={false} />}>
            <FixedColumnsTable size="middle" columns={columns} rows={rows} loading={isLoading} />
          </ListEmptyState>
          <PaginationFooter pagination={pagination} onPageChange={setPage} />
        </ListOrLoadError>
      </div>
      {history.drawer}
    </Flex>
  );
}
