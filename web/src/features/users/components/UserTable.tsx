import { canChangeUserStatus, canManageUser, type Caller, type User } from '@labline/contracts';
import { Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../shared/formatDate';
import { RoleTag, StatusTag } from './RoleTag';
import { UserStatusButton } from './UserStatusButton';

interface UserTableProps {
  caller: Caller;
  users: User[];
  loading: boolean;
  /** Called with the user as saved after a deactivation or reactivation. */
  onStatusChanged(user: User): void | Promise<void>;
}

export function UserTable({ caller, users, loading, onStatusChanged }: UserTableProps) {
  const columns: ColumnsType<User> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, user) => <Link to={`/users/${user.id}`}>{`${user.first_name} ${user.last_name}`}</Link>,
    },
    { title: 'Email', dataIndex: 'email', key: 'email' },
    { title: 'Role', key: 'role', render: (_, user) => <RoleTag role={user.role} /> },
    {
      title: 'Institution',
      key: 'institution',
      render: (_, user) =>
        user.institution_id === null ? (
          <Typography.Text type="secondary">System Level Access</Typography.Text>
        ) : (
          user.institution_name
        ),
    },
    { title: 'Status', key: 'status', render: (_, user) => <StatusTag active={user.is_active} /> },
    { title: 'Created', dataIndex: 'created_at', key: 'created', render: (iso: string) => formatDate(iso) },
    {
      title: 'Actions',
      key: 'actions',
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
      scroll={{ x: 'max-content' }}
    />
  );
}
