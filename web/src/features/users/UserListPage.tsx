import { PlusOutlined } from '@ant-design/icons';
import { ROLES, roleLabel, type Role } from '@labline/contracts';
import { Button, Card, Flex } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useCaller } from '../../app/session/useCaller';
import { ListEmpty, ListEmptyState, ListOrLoadError, ListSearchInput } from '../../shared/ListSearch';
import { ListFilterSelect } from '../../shared/ListFilterSelect';
import { PageHeader } from '../../shared/PageHeader';
import { PaginationFooter } from '../../shared/PaginationFooter';
import { urlFilter } from '../../shared/listParams';
import { listBusy, useUrlListState } from '../../shared/useListSearch';
import { USER_LIST_LOAD_ERROR, USER_STATUS_FILTERS, useUserCache, useUsers, type StatusFilter } from './api';
import { UserTable } from './components/UserTable';

const ROLE_OPTIONS = ROLES.map((role) => ({
  value: role,
  label: <span style={{ textTransform: 'capitalize' }}>{roleLabel(role)}</span>,
}));
const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
/** The list's filters as the address names them. */
const FILTERS = { role: urlFilter.oneOf(ROLES), status: urlFilter.oneOf(USER_STATUS_FILTERS) };

/** /users (spec 3 §2): search, role and status filters, pagination, all kept in the address; route guarded to the users section. */
export default function UserListPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const userCache = useUserCache();
  const { listSearch, filters, setFilters, narrowed, page, setPage } = useUrlListState(FILTERS);
  const { search } = listSearch;
  const { role, status } = filters;
  const { data, error, isLoading, isValidating, mutate } = useUsers({ search, role, status, page });

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
      <Card aria-busy={listBusy(listSearch, isValidating)}>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <ListSearchInput search={listSearch} label="Search users" placeholder="Search by name or email" />
          <ListFilterSelect<Role>
            label="Role filter"
            placeholder="All Roles"
            options={ROLE_OPTIONS}
            value={role}
            onChange={(next) => setFilters({ role: next })}
            width={200}
          />
          <ListFilterSelect<StatusFilter>
            label="Status filter"
            placeholder="All Statuses"
            options={STATUS_OPTIONS}
            value={status}
            onChange={(next) => setFilters({ status: next })}
            width={160}
          />
        </Flex>
        <ListOrLoadError error={error} title={USER_LIST_LOAD_ERROR} onRetry={mutate}>
          <ListEmptyState empty={<ListEmpty noun="users" narrowed={narrowed} />}>
            <UserTable
              caller={caller}
              users={data?.users ?? []}
              loading={isLoading}
              onStatusChanged={(saved) => userCache.saved(saved)}
            />
          </ListEmptyState>
          <PaginationFooter pagination={data?.pagination} loading={isValidating} onPageChange={setPage} />
        </ListOrLoadError>
      </Card>
    </>
  );
}
