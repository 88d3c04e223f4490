import { Alert, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { institutionPatientSchema } from '@labline/contracts';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../shared/formatDate';
import { useInstitutionPatients } from '../api';

type InstitutionPatient = ReturnType<typeof institutionPatientSchema.parse>;

const columns: ColumnsType<InstitutionPatient> = [
  {
    title: 'Name',
    key: 'name',
    render: (_, patient) => <Link to={`/patients/${patient.id}`}>{`${patient.first_name} ${patient.last_name}`}</Link>,
  },
  { title: 'Medical Record Number', dataIndex: 'medical_record_number', key: 'mrn' },
  {
    title: 'Clinician',
    key: 'clinician',
    render: (_, { clinician }) =>
      clinician === null ? (
        <Typography.Text type="secondary">Not assigned</Typography.Text>
      ) : (
        `${clinician.first_name} ${clinician.last_name}`
      ),
  },
  { title: 'Created', dataIndex: 'created_at', key: 'created', render: (iso: string) => formatDate(iso) },
];

/** The Patients tab; rows lead to /patients/{id} (spec 3 §2). */
export function InstitutionPatientsTab({ institutionId }: { institutionId: number }) {
  const { data: patients, error, isLoading } = useInstitutionPatients(institutionId);
  if (error instanceof Error) return <Alert type="error" showIcon title={error.message} />;
  return (
    <Table<InstitutionPatient>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={patients ?? []}
      loading={isLoading}
      pagination={false}
      scroll={{ x: 'max-content', y: 480 }}
    />
  );
}
