import { formatDate } from '@labline/contracts';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { institutionPatientSchema } from '@labline/contracts';
import { columnsWidth } from '../../../shared/columnsWidth';
import { EllipsisText } from '../../../shared/EllipsisText';
import { ListOrLoadError } from '../../../shared/ListSearch';
import { INSTITUTION_PATIENTS_LOAD_ERROR, useInstitutionPatients } from '../api';

type InstitutionPatient = ReturnType<typeof institutionPatientSchema.parse>;

/** Fixed column widths: a long name is cut; a phone scrolls the table inside the tab. */
const columns: ColumnsType<InstitutionPatient> = [
  {
    title: 'Name',
    key: 'name',
    width: 220,
    render: (_, patient) => (
      <EllipsisText to={`/patients/${patient.id}`}>{`${patient.first_name} ${patient.last_name}`}</EllipsisText>
    ),
  },
  {
    title: 'Medical Record Number',
    dataIndex: 'medical_record_number',
    key: 'mrn',
    width: 200,
    render: (mrn: string) => <EllipsisText>{mrn}</EllipsisText>,
  },
  {
    title: 'Clinician',
    key: 'clinician',
    width: 200,
    render: (_, { clinician }) =>
      clinician === null ? (
        <Typography.Text type="secondary">Not assigned</Typography.Text>
      ) : (
        <EllipsisText>{`${clinician.first_name} ${clinician.last_name}`}</EllipsisText>
      ),
  },
  {
    title: 'Created',
    dataIndex: 'created_at',
    key: 'created',
    width: 130,
    render: (iso: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(iso)}</span>,
  },
];

/** The Patients tab; rows lead to /patients/{id} (spec 3 §2). */
export function InstitutionPatientsTab({ institutionId }: { institutionId: number }) {
  const { data: patients, error, isLoading, mutate } = useInstitutionPatients(institutionId);
  return (
    <ListOrLoadError error={error} title={INSTITUTION_PATIENTS_LOAD_ERROR} onRetry={mutate}>
      <Table<InstitutionPatient>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={patients ?? []}
        loading={isLoading}
        pagination={false}
        tableLayout="fixed"
        scroll={{ x: columnsWidth(columns), y: 480 }}
      />
    </ListOrLoadError>
  );
}
