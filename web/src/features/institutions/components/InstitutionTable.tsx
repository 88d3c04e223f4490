import { formatDate } from '@labline/contracts';
import type { Institution } from '@labline/contracts';
import { Flex, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { columnsWidth } from '../../../shared/columnsWidth';
import { ContactInfo } from '../../../shared/ContactInfo';
import { EllipsisText } from '../../../shared/EllipsisText';

/**
 * Fixed column widths (the table's fixed layout) that fit a laptop's content area beside the side bar: a long
 * name, e-mail or address is cut, never widens its column. A narrower screen scrolls the table inside its card.
 */
const columns: ColumnsType<Institution> = [
  {
    title: 'Name',
    key: 'name',
    width: 260,
    render: (_, institution) => (
      <Flex vertical>
        <EllipsisText to={`/institutions/${institution.id}`}>{institution.name}</EllipsisText>
        {institution.institution_number !== null && (
          <EllipsisText type="secondary">{institution.institution_number}</EllipsisText>
        )}
      </Flex>
    ),
  },
  {
    title: 'Type',
    dataIndex: 'institution_type',
    key: 'type',
    width: 110,
    render: (type: string) => <Tag>{type}</Tag>,
  },
  {
    title: 'Contact',
    key: 'contact',
    width: 220,
    // The address has a column of its own.
    render: (_, { phone, email }) => <ContactInfo address={null} phone={phone} email={email} />,
  },
  {
    title: 'Address',
    dataIndex: 'address',
    key: 'address',
    width: 240,
    render: (address: string | null) => <EllipsisText>{address ?? '—'}</EllipsisText>,
  },
  {
    title: 'Created',
    dataIndex: 'created_at',
    key: 'created',
    width: 130,
    render: (iso: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(iso)}</span>,
  },
  {
    title: 'Actions',
    key: 'actions',
    width: 100,
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
      tableLayout="fixed"
      scroll={{ x: columnsWidth(columns) }}
    />
  );
}
