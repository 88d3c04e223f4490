import { AppstoreOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  FULFILLMENT_STATUSES,
  FULFILLMENT_STATUS_LABELS,
  FULFILLMENT_TEXTS,
  canManageFulfillment,
  type FulfillmentRequestRow,
} from '@labline/contracts';
import { Button, Card, Checkbox, Flex, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCaller } from '../../app/session/useCaller';
import { DateInput } from '../../shared/DateInput';
import { FilterChips } from '../../shared/FilterChips';
import { ListFilterSelect } from '../../shared/ListFilterSelect';
import { ListEmpty, ListOrLoadError, ListSearchInput } from '../../shared/ListSearch';
import { PageHeader } from '../../shared/PageHeader';
import { PaginationFooter } from '../../shared/PaginationFooter';
import { urlFilter, type FilterReader } from '../../shared/listParams';
import { dateOfDateBox } from '../../shared/typedDate';
import { listBusy, useUrlListState } from '../../shared/useListSearch';
import { useFulfillmentList } from './api';
import { FulfillmentTable, type FulfillmentRowActions } from './components/FulfillmentTable';
import { RecentActivity } from './components/RecentActivity';
import { StatusCards } from './components/StatusCards';
import { filterChips, PRIORITIES, PRIORITY_LABELS, type FilterChipKey } from './model';
import { useFulfillmentActions } from './useFulfillmentActions';

/** The dispatch dialog loads when first opened: its fields are no part of the page's first load. */
const DispatchDialog = lazy(() => import('./components/DispatchDialog'));

/** A calendar day (YYYY-MM-DD) in the address. */
const day: FilterReader<string> = (text) => dateOfDateBox(text) ?? undefined;
/** The list's filters as the address names them (spec 2 §7's query names). */
const FILTERS = {
  status: urlFilter.oneOf(FULFILLMENT_STATUSES),
  priority: urlFilter.oneOf(PRIORITIES),
  assigned_to_me: urlFilter.flag,
  date_from: day,
  date_to: day,
};
const STATUS_OPTIONS = FULFILLMENT_STATUSES.map((value) => ({ value, label: FULFILLMENT_STATUS_LABELS[value] }));
const PRIORITY_OPTIONS = PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

/** The label of a date filter: read by screen readers, shown as the empty box's placeholder. */
const HIDDEN_LABEL = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * From Date and To Date (spec 2 §2.5): named by their placeholders, as the search and the selects beside them are
 * (a date format's example there read as a date already chosen); an entered date shows as its chip.
 */
function DateFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
}) {
  return (
    <div style={{ width: 170 }}>
      <label htmlFor={id} style={HIDDEN_LABEL}>
        {label}
      </label>
      <DateInput
        id={id}
        placeholder={label}
        value={value ?? null}
        onChange={(next) => onChange(dateOfDateBox(next) ?? undefined)}
      />
    </div>
  );
}

/**
 * /fulfillment (spec 2 §2.5): the filters in the address (any change back to page 1) with a removable chip each,
 * All Requests / My Assignments, the status cards over the loaded rows, the table with each status's actions,
 * the footer, and Recent Fulfillment Activity.
 */
export default function FulfillmentListPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const { listSearch, filters, setFilters, narrowed, clear, page, setPage } = useUrlListState(FILTERS);
  const assignedToMe = filters.assigned_to_me === true;
  const { data, error, isLoading, isValidating, mutate } = useFulfillmentList({
    page,
    search: listSearch.search,
    status: filters.status,
    priority: filters.priority,
    assignedToMe,
    dateFrom: filters.date_from,
    dateTo: filters.date_to,
  });
  const manager = canManageFulfillment(caller);
  const requestActions = useFulfillmentActions();
  const [dispatching, setDispatching] = useState<FulfillmentRequestRow | null>(null);
  const rows = data?.requests ?? [];

  const actions: FulfillmentRowActions = {
    busy: requestActions.busy,
    change: (row, action) => requestActions.change(row.id, action),
    assignToMe: (row) => void requestActions.assignToMe(row.id),
    dispatch: setDispatching,
    replace: (row) => void requestActions.replace(row),
    printReport: (row) => void requestActions.printReport(row.id),
    printShippingLabel: (row) => void requestActions.printShippingLabel(row.id),
    downloadConfirmation: (row) => void requestActions.downloadConfirmation(row),
  };

  const chips = filterChips({
    search: listSearch.search,
    status: filters.status,
    priority: filters.priority,
    date_from: filters.date_from,
    date_to: filters.date_to,
    assigned_to_me: filters.assigned_to_me,
  });
  const removeChip = (key: FilterChipKey) => {
    if (key === 'search') listSearch.setText('');
    else setFilters({ [key]: undefined });
  };
  const setAssignedToMe = (mine: boolean) => setFilters({ assigned_to_me: mine || undefined });

  return (
    <>
      <PageHeader
        title={FULFILLMENT_TEXTS.title}
        subtitle="Dispatch test kits to patients and follow their delivery"
        extra={
          manager && (
            <Space wrap>
              <Space.Compact>
                <Button
                  type={assignedToMe ? 'default' : 'primary'}
                  aria-pressed={!assignedToMe}
                  onClick={() => setAssignedToMe(false)}
                >
                  All Requests
                </Button>
                <Button
                  type={assignedToMe ? 'primary' : 'default'}
                  aria-pressed={assignedToMe}
                  onClick={() => setAssignedToMe(true)}
                >
                  My Assignments
                </Button>
              </Space.Compact>
              <Button icon={<AppstoreOutlined />} onClick={() => navigate('/inventory')}>
                View Inventory
              </Button>
            </Space>
          )
        }
      />
      <StatusCards rows={data?.requests} />
      <Flex vertical gap={16}>
        <Card aria-busy={listBusy(listSearch, isValidating)}>
          <Flex vertical gap={12} style={{ marginBottom: 16 }}>
            <Flex gap={12} wrap align="center">
              <ListSearchInput
                search={listSearch}
                label="Search fulfillment requests"
                placeholder="Search by patient, barcode, test request ID or SKU"
              />
              <ListFilterSelect
                label="Status filter"
                placeholder="All Statuses"
                options={STATUS_OPTIONS}
                value={filters.status}
                onChange={(status) => setFilters({ status })}
                width={170}
              />
              <ListFilterSelect
                label="Priority filter"
                placeholder="All Priorities"
                options={PRIORITY_OPTIONS}
                value={filters.priority}
                onChange={(priority) => setFilters({ priority })}
                width={170}
              />
            </Flex>
            <Flex gap={12} wrap align="center">
              <DateFilter
                id="fulfillment-from-date"
                label="From Date"
                value={filters.date_from}
                onChange={(date_from) => setFilters({ date_from })}
              />
              <DateFilter
                id="fulfillment-to-date"
                label="To Date"
                value={filters.date_to}
                onChange={(date_to) => setFilters({ date_to })}
              />
              <Checkbox checked={assignedToMe} onChange={(event) => setAssignedToMe(event.target.checked)}>
                Show only requests assigned to me
              </Checkbox>
              <Button onClick={clear} disabled={!narrowed && page === 1}>
                Clear Filters
              </Button>
              <Button icon={<ReloadOutlined />} onClick={() => void mutate()} loading={isValidating && !isLoading}>
                Refresh
              </Button>
            </Flex>
            <FilterChips chips={chips} onRemove={removeChip} />
          </Flex>
          <ListOrLoadError error={error} title={FULFILLMENT_TEXTS.failedToFetchRequests} onRetry={mutate}>
            <FulfillmentTable
              rows={rows}
              loading={isLoading}
              actions={actions}
              empty={<ListEmpty noun="fulfillment requests" narrowed={narrowed} />}
            />
            <PaginationFooter pagination={data?.pagination} onPageChange={setPage} loading={isValidating} />
          </ListOrLoadError>
        </Card>
        <RecentActivity rows={rows} />
      </Flex>
      {dispatching !== null && (
        <Suspense fallback={null}>
          <DispatchDialog
            request={dispatching}
            busy={requestActions.busy === dispatching.id}
            onClose={() => setDispatching(null)}
            onDispatch={(trackingNumber) => {
              void requestActions.change(dispatching.id, 'dispatch', { trackingNumber }).then((done) => {
                if (done) setDispatching(null);
              });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
