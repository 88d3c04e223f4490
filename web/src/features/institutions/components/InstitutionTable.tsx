import type { Institution } from '@labline/contracts';
import { Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../shared/formatDate';
import { formatPhoneNumber } from '../../../shared/phone';

const columns: ColumnsType<Institution> = [
  {
    title: 'Name',
    key: 'name',
    render: (_, institution) => (
      <Space orientation="vertical" size={0}>
        <Link to={`/institutions/${institution.id}`}>{institution.name}</Link>
        {institution.institution_number !== null && (
          <Typography.Text type="secondary">{institution.institution_number}</Typography.Text>
        )}
      </Space>
    ),
  },
  { title: 'Type', dataIndex: 'institution_type', key: 'type', render: (type: string) => <Tag>{type}</Tag> },
  {
    title: 'Contact',
    key: 'contact',
    render: (_, { phone, email }) =>
      phone === null && email === null ? (
        <Typography.Text type="secondary">No contact info</Typography.Text>
      ) : (
        <Space orientation="vertical" size={0}>
          {phone !== null && <span>{formatPhoneNumber(phone)}</span>}
          {email !== null && <Typography.Text type="secondary">{email}</Typography.Text>}
        </Space>
      ),
  },
  {
    title: 'Address',
    dataIndex: 'address',
    key: 'address',
    render: (address: string | null) => <div style={{ maxWidth: 260, whiteSpace: 'normal' }}>{address ?? '—'}</div>,
  },
  {
    title: 'Created',
    dataIndex: 'created_at',
    key: 'created',
    render: (iso: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(iso)}</span>,
  },
  {
    title: 'Actions',
    key: 'actions',
    fixed: 'right',
    render: (_, institution) => <Link to={`/institutions/${institution.id}/edit`}>Edit</Link>,
  },
];

export function InstitutionTable({ institutions, loading }: { institutions: Institution[]; loading: boolean }) {
  return (
    <Table<Institution>
      rowKey="id"
      columns={columns}
      dataSource={institutions}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
