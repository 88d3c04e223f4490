import { formatDate, type Patient } from '@labline/contracts';
import { Table, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { columnsWidth } from '../../../shared/columnsWidth';
import { EllipsisText } from '../../../shared/EllipsisText';
import { FlagText } from '../../../shared/Flag';
import { formatPhoneNumber } from '../../../shared/phone';
import { ageFromDateOfBirth, clinicianFullName, patientFullName } from '../format';

const none = <Typography.Text type="secondary">—</Typography.Text>;

function dateOfBirthCell(dateOfBirth: string | null): ReactNode {
  if (dateOfBirth === null) return none;
  const age = ageFromDateOfBirth(dateOfBirth);
  return (
    <>
      <div>{formatDate(dateOfBirth)}</div>
      {age !== null && <Typography.Text type="secondary">{age} years</Typography.Text>}
    </>
  );
}

/** Phone (flag, dial code, number) over e-mail, so the table fits without scrolling on a laptop screen. */
function contactCell(patient: Patient): ReactNode {
  if (patient.phone === null && patient.email === null) return none;
  return (
    <>
      {patient.phone !== null && (
        <div style={{ whiteSpace: 'nowrap' }}>
          <FlagText>{formatPhoneNumber(patient.phone)}</FlagText>
        </div>
      )}
      {patient.email !== null && (
        <div>
          <EllipsisText type="secondary">{patient.email}</EllipsisText>
        </div>
      )}
    </>
  );
}

function institutionCell(patient: Patient): ReactNode {
  const names =
    patient.institution_names.length > 0 ? patient.institution_names.join(', ') : (patient.institution_name ?? null);
  return names === null ? none : <EllipsisText>{names}</EllipsisText>;
}

function clinicianCell(patient: Patient): ReactNode {
  const name = clinicianFullName(patient);
  return name === null ? none : <EllipsisText>{name}</EllipsisText>;
}

/**
 * Fixed column widths (the table's fixed layout) that fit a laptop's content area beside the side bar: a long
 * name is cut, never widens its column. A narrower screen scrolls the table inside its card.
 */
const COLUMNS: TableProps<Patient>['columns'] = [
  {
    title: 'Name',
    key: 'name',
    width: 180,
    render: (_, patient) => <EllipsisText to={`/patients/${patient.id}`}>{patientFullName(patient)}</EllipsisText>,
  },
  {
    title: 'MRN',
    dataIndex: 'medical_record_number',
    key: 'mrn',
    width: 120,
    render: (mrn: string) => <EllipsisText>{mrn}</EllipsisText>,
  },
  { title: 'Date of Birth', key: 'dob', width: 120, render: (_, patient) => dateOfBirthCell(patient.date_of_birth) },
  { title: 'Gender', dataIndex: 'gender', key: 'gender', width: 80, render: (gender: string | null) => gender ?? none },
  { title: 'Contact', key: 'contact', width: 190, render: (_, patient) => contactCell(patient) },
  { title: 'Institution', key: 'institution', width: 150, render: (_, patient) => institutionCell(patient) },
  { title: 'Clinician', key: 'clinician', width: 140, render: (_, patient) => clinicianCell(patient) },
  {
    title: 'Created',
    dataIndex: 'created_at',
    key: 'created',
    width: 100,
    render: (createdAt: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(createdAt)}</span>,
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
      tableLayout="fixed"
      scroll={{ x: columnsWidth(COLUMNS) }}
      size="middle"
    />
  );
}
