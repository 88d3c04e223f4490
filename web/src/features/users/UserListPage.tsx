import { PlusOutlined } from '@ant-design/icons';
import { ROLES, roleLabel, type Role } from '@labline/contracts';
import { Alert, Button, Card, Flex, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCaller } from '../../app/session/useCaller';
import { ListEmpty, ListEmptyState, ListSearchInput } from '../../shared/ListSearch';
import { PageHeader } from '../../shared/PageHeader';
import { PaginationFooter } from '../../shared/PaginationFooter';
import { listBusy, useListPage, useListSearch } from '../../shared/useListSearch';
import { useUserCache, useUsers, type StatusFilter } from './api';
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
  const listSearch = useListSearch();
  const { search } = listSearch;
  const [role, setRole] = useState<Role | undefined>(undefined);
  const [status, setStatus] = useState<StatusFilter | undefined>(undefined);
  const [page, setPage] = useListPage([search, role, status]);
  const { data, error, isLoading, isValidating } = useUsers({ search, role, status, page });
  const narrowed = search !== '' || role !== undefined || status !== undefined;

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
      <Card aria-busy={listBusy(listSearch, isValidating)}>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <ListSearchInput search={listSearch} label="Search users" placeholder="Search by name or email" />
          <Select<Role>
            aria-label="Role filter"
            placeholder="All Roles"
            allowClear
            options={ROLE_OPTIONS}
            value={role}
            onChange={setRole}
            style={{ width: 200 }}
          />
          <Select<StatusFilter>
            aria-label="Status filter"
            placeholder="All Statuses"
            allowClear
            options={STATUS_OPTIONS}
            value={status}
            onChange={setStatus}
            style={{ width: 160 }}
          />
        </Flex>
        <ListEmptyState empty={<ListEmpty noun="users" narrowed={narrowed} />}>
          <UserTable
            caller={caller}
            users={data?.users ?? []}
            loading={isLoading}
            onStatusChanged={(saved) => userCache.saved(saved)}
          />
        </ListEmptyState>
        <PaginationFooter pagination={data?.pagination} loading={isValidating} onPageChange={setPage} />
      </Card>
    </>
  );
}
