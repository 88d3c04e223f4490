import type { Patient } from '@labline/contracts';
import { Table, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatPhoneNumber } from '../../../shared/phone';
import { ageFromDateOfBirth, clinicianFullName, formatCalendarDate, formatShortDate, patientFullName } from '../format';

const none = <Typography.Text type="secondary">—</Typography.Text>;

function dateOfBirthCell(dateOfBirth: string | null): ReactNode {
  if (dateOfBirth === null) return none;
  const age = ageFromDateOfBirth(dateOfBirth);
  return (
    <>
      <div>{formatCalendarDate(dateOfBirth)}</div>
      {age !== null && <Typography.Text type="secondary">{age} years</Typography.Text>}
    </>
  );
}

/** Phone (flag, dial code, number) over e-mail, so the table fits without scrolling on a laptop screen. */
function contactCell(patient: Patient): ReactNode {
  if (patient.phone === null && patient.email === null) return none;
  return (
    <>
      {patient.phone !== null && <div style={{ whiteSpace: 'nowrap' }}>{formatPhoneNumber(patient.phone)}</div>}
      {patient.email !== null && <Typography.Text type="secondary">{patient.email}</Typography.Text>}
    </>
  );
}

const COLUMNS: TableProps<Patient>['columns'] = [
  {
    title: 'Name',
    key: 'name',
    render: (_, patient) => <Link to={`/patients/${patient.id}`}>{patientFullName(patient)}</Link>,
  },
  { title: 'MRN', dataIndex: 'medical_record_number', key: 'mrn' },
  { title: 'Date of Birth', key: 'dob', render: (_, patient) => dateOfBirthCell(patient.date_of_birth) },
  { title: 'Gender', dataIndex: 'gender', key: 'gender', render: (gender: string | null) => gender ?? none },
  { title: 'Contact', key: 'contact', render: (_, patient) => contactCell(patient) },
  {
    title: 'Institution',
    key: 'institution',
    render: (_, patient) =>
      patient.institution_names.length > 0 ? patient.institution_names.join(', ') : (patient.institution_name ?? none),
  },
  { title: 'Clinician', key: 'clinician', render: (_, patient) => clinicianFullName(patient) ?? none },
  {
    title: 'Created',
    dataIndex: 'created_at',
    key: 'created',
    render: (createdAt: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatShortDate(createdAt)}</span>,
  },
];

interface PatientTableProps {
  patients: readonly Patient[];
  loading: boolean;
  /** Shown instead of the rows when there are none. */
  empty: ReactNode;
}

export function PatientTable({ patients, loading, empty }: PatientTableProps) {
  return (
    <Table<Patient>
      rowKey="id"
      columns={COLUMNS}
      dataSource={[...patients]}
      loading={loading}
      pagination={false}
      locale={{ emptyText: empty }}
      scroll={{ x: 'max-content' }}
      size="middle"
    />
  );
}
