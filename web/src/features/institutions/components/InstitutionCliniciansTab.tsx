import type { Clinician } from '@labline/contracts';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { columnsWidth } from '../../../shared/columnsWidth';
import { CLINICIANS_LOAD_ERROR, useInstitutionClinicians } from '../../../shared/directoryApi';
import { EllipsisText } from '../../../shared/EllipsisText';
import { ListOrLoadError } from '../../../shared/ListSearch';

/** Fixed column widths: a long name or e-mail is cut; a phone scrolls the table inside the tab. */
const columns: ColumnsType<Clinician> = [
  {
    title: 'Name',
    key: 'name',
    width: 280,
    render: (_, clinician) => (
      <EllipsisText to={`/users/${clinician.id}`}>{`${clinician.first_name} ${clinician.last_name}`}</EllipsisText>
    ),
  },
  {
    title: 'Email',
    dataIndex: 'email',
    key: 'email',
    width: 280,
    render: (email: string) => <EllipsisText>{email}</EllipsisText>,
  },
];

/** The Clinicians tab; rows lead to /users/{id} (spec 3 §2). */
export function InstitutionCliniciansTab({ institutionId }: { institutionId: number }) {
  const { data: clinicians, error, isLoading, mutate } = useInstitutionClinicians(institutionId);
  return (
    <ListOrLoadError error={error} title={CLINICIANS_LOAD_ERROR} onRetry={mutate}>
      <Table<Clinician>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={clinicians ?? []}
        loading={isLoading}
        pagination={false}
        tableLayout="fixed"
        scroll={{ x: columnsWidth(columns) }}
      />
    </ListOrLoadError>
  );
}
