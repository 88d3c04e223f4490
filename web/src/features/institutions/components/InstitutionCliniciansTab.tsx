import type { Clinician } from '@labline/contracts';
import { Alert, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { useInstitutionClinicians } from '../../../shared/directoryApi';

const columns: ColumnsType<Clinician> = [
  {
    title: 'Name',
    key: 'name',
    render: (_, clinician) => (
      <Link to={`/users/${clinician.id}`}>{`${clinician.first_name} ${clinician.last_name}`}</Link>
    ),
  },
  { title: 'Email', dataIndex: 'email', key: 'email' },
];

/** The Clinicians tab; rows lead to /users/{id} (spec 3 §2). */
export function InstitutionCliniciansTab({ institutionId }: { institutionId: number }) {
  const { data: clinicians, error, isLoading } = useInstitutionClinicians(institutionId);
  if (error instanceof Error) return <Alert type="error" showIcon title={error.message} />;
  return (
    <Table<Clinician>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={clinicians ?? []}
      loading={isLoading}
      pagination={false}
    />
  );
}
