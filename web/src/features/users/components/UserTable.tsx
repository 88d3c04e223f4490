import { canChangeUserStatus, canManageUser, type Caller, type User, formatDate } from '@labline/contracts';
import { Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { columnsWidth } from '../../../shared/columnsWidth';
import { EllipsisText } from '../../../shared/EllipsisText';
import { RoleTag, StatusTag } from './RoleTag';
import { UserStatusButton } from './UserStatusButton';

interface UserTableProps {
  caller: Caller;
  users: User[];
  loading: boolean;
  /** Called with the user as saved after a deactivation or reactivation. */
  onStatusChanged(user: User): void | Promise<void>;
}

/**
 * Fixed column widths (the table's fixed layout) that fit a laptop's content area beside the side bar: a long
 * name or e-mail is cut, never widens its column. A narrower screen scrolls the table inside its card.
 */
export function UserTable({ caller, users, loading, onStatusChanged }: UserTableProps) {
  const columns: ColumnsType<User> = [
    {
      title: 'Name',
      key: 'name',
      width: 200,
      render: (_, user) => (
        <EllipsisText to={`/users/${user.id}`}>{`${user.first_name} ${user.last_name}`}</EllipsisText>
      ),
    },
    {
      title: 'Email',
      dataIndex: 'email',
      key: 'email',
      width: 220,
      render: (email: string) => <EllipsisText>{email}</EllipsisText>,
    },
    { title: 'Role', key: 'role', width: 150, render: (_, user) => <RoleTag role={user.role} /> },
    {
      title: 'Institution',
      key: 'institution',
      width: 160,
      render: (_, user) =>
        user.institution_id === null ? (
          <EllipsisText type="secondary">System Level Access</EllipsisText>
        ) : (
          <EllipsisText>{user.institution_name ?? ''}</EllipsisText>
        ),
    },
    { title: 'Status', key: 'status', width: 90, render: (_, user) => <StatusTag active={user.is_active} /> },
    {
      title: 'Created',
      dataIndex: 'created_at',
      key: 'created',
      width: 120,
      render: (iso: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(iso)}</span>,
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, user) => (
        <Space size={16}>
          {canManageUser(caller, user) && <Link to={`/users/${user.id}/edit`}>Edit</Link>}
          {canChangeUserStatus(caller, user) && (
            <UserStatusButton user={user} variant="link" onChanged={onStatusChanged} />
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<User>
      rowKey="id"
      columns={columns}
      dataSource={users}
      loading={loading}
      pagination={false}
      tableLayout="fixed"
      scroll={{ x: columnsWidth(columns) }}
    />
  );
}
