import { PlusOutlined } from '@ant-design/icons';
import { ROLES, roleLabel, type Role } from '@labline/contracts';
import { Alert, Button, Card, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCaller } from '../../app/session/useCaller';
import { PageHeader } from '../../shared/PageHeader';
import { PaginationFooter } from '../../shared/PaginationFooter';
import { useUserCache, useUsers, type StatusFilter, type UserListFilters } from './api';
import { UserTable } from './components/UserTable';

const ROLE_OPTIONS = ROLES.map((role) => ({
  value: role,
  label: <span style={{ textTransform: 'capitalize' }}>{roleLabel(role)}</span>,
}));
const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** /users (spec 3 §2): search, role and status filters, pagination; route guarded to the users section. */
export default function UserListPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const userCache = useUserCache();
  const [filters, setFilters] = useState<UserListFilters>({
    search: '',
    role: undefined,
    status: undefined,
    page: 1,
  });
  const { data, error, isLoading, isValidating } = useUsers(filters);
  // Any filter change starts again at page 1.
  const filterBy = (change: Partial<Omit<UserListFilters, 'page'>>) =>
    setFilters((f) => ({ ...f, ...change, page: 1 }));

  return (
    <>
      <PageHeader
        title="Users"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/users/new')}>
            Add User
          </Button>
        }
      />
      {error instanceof Error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 24 }} />}
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            aria-label="Search users"
            placeholder="Search by name or email"
            allowClear
            onSearch={(search) => filterBy({ search })}
            style={{ width: 320 }}
          />
          <Select<Role>
            aria-label="Role filter"
            placeholder="All Roles"
            allowClear
            options={ROLE_OPTIONS}
            value={filters.role}
            onChange={(role) => filterBy({ role })}
            style={{ width: 200 }}
          />
          <Select<StatusFilter>
            aria-label="Status filter"
            placeholder="All Statuses"
            allowClear
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(status) => filterBy({ status })}
            style={{ width: 160 }}
          />
        </Flex>
        <UserTable
          caller={caller}
          users={data?.users ?? []}
          loading={isLoading}
          onStatusChanged={(saved) => userCache.saved(saved)}
        />
        <PaginationFooter
          pagination={data?.pagination}
          loading={isValidating}
          onPageChange={(page) => setFilters((f) => ({ ...f, page }))}
        />
      </Card>
    </>
  );
}
