import { PlusOutlined } from '@ant-design/icons';
import {
  ERRORS,
  MESSAGES,
  TEST_REQUEST_PRIORITIES,
  TEST_REQUEST_STATUSES,
  archivesTestRequests,
  canCreateTestRequest,
  type TestRequest,
  type TestRequestPriority,
  type TestRequestStatus,
} from '@labline/contracts';
import { Button, Card, Checkbox, Flex, Select } from 'antd';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useFeedback } from '../../app/feedback/feedback';
import { useCaller } from '../../app/session/useCaller';
import { describeFailure } from '../../shared/apiError';
import { ListEmpty, ListOrLoadError, ListSearchInput } from '../../shared/ListSearch';
import { PageHeader } from '../../shared/PageHeader';
import { PaginationFooter } from '../../shared/PaginationFooter';
import { urlFilter } from '../../shared/listParams';
import { listBusy, useUrlListState } from '../../shared/useListSearch';
import { archiveTestRequest, LIST_LOAD_ERROR, useTestRequestCache, useTestRequests } from './api';
import { RequestCounters } from './components/RequestCounters';
import { valueLabel } from '../../shared/RequestTags';
import { TestRequestTable } from './components/TestRequestTable';
import { countRequests } from './format';
import { orderedRequests } from './labels/orderedState';

/** Offered after an order of several tests (the order form's router state): loaded then only. */
const SavedRequestLabels = lazy(() =>
  import('./labels/SavedRequestLabels').then((module) => ({ default: module.SavedRequestLabels })),
);

const STATUS_OPTIONS = TEST_REQUEST_STATUSES.map((status) => ({ value: status, label: valueLabel(status) }));
/** The list's filters as the address names them. */
const FILTERS = {
  status: urlFilter.oneOf(TEST_REQUEST_STATUSES),
  priority: urlFilter.oneOf(TEST_REQUEST_PRIORITIES),
  archived: urlFilter.flag,
};
const PRIORITY_OPTIONS = TEST_REQUEST_PRIORITIES.map((priority) => ({
  value: priority,
  label: priority === 'stat' ? 'STAT' : valueLabel(priority),
}));

interface FilterSelectProps<T extends string> {
  label: string;
  placeholder: string;
  value: T | undefined;
  onChange(value: T | undefined): void;
  options: { value: T; label: string }[];
}

/** One of the list's filters: cleared to its placeholder ('All …'). */
function FilterSelect<T extends string>({ label, placeholder, value, onChange, options }: FilterSelectProps<T>) {
  return (
    <Select<T>
      allowClear
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(next) => onChange(next)}
      options={options}
      style={{ minWidth: 180 }}
    />
  );
}

/**
 * /tests (spec 1 §2): search, status and priority filters, counters over the page, table and pagination; the
 * Archived filter for those who may archive (issue 22). Search, filters and page live in the address.
 */
export default function TestRequestListPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const ordered = orderedRequests(useLocation().state);
  const { message } = useFeedback();
  const requestCache = useTestRequestCache();
  const list = useUrlListState(FILTERS);
  const { listSearch, page, setPage } = list;
  const { search } = listSearch;
  const { status, priority } = list.filters;
  const seesArchived = archivesTestRequests(caller);
  const archived = seesArchived && list.filters.archived === true;

  const { data, error, isLoading, isValidating, mutate } = useTestRequests({
    search,
    status,
    priority,
    archived,
    page,
  });

  const requests = data?.requests ?? [];
  const narrowed = search !== '' || status !== undefined || priority !== undefined || archived;
  const newRequest = () => navigate('/tests/new');
  const archive = async (request: TestRequest) => {
    try {
      await archiveTestRequest(request.id);
      void message.success(MESSAGES.testRequestArchived);
      await requestCache.changed();
    } catch (failure) {
      void message.error(describeFailure(failure, ERRORS.archiveFailed).message);
    }
  };

  return (
    <>
      <PageHeader
        title="Test Requests"
        subtitle="Order and follow laboratory tests"
        extra={
          canCreateTestRequest(caller) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={newRequest}>
              New Test Request
            </Button>
          )
        }
      />
      {ordered.length > 0 && (
        <Suspense>
          <SavedRequestLabels requests={ordered} />
        </Suspense>
      )}
      <RequestCounters counters={countRequests(requests)} />
      <Card aria-busy={listBusy(listSearch, isValidating)}>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <ListSearchInput
            search={listSearch}
            label="Search test requests"
            placeholder="Search by request ID, patient, MRN, test or barcode"
          />
          <FilterSelect<TestRequestStatus>
            label="Status filter"
            placeholder="All Statuses"
            value={status}
            onChange={(next) => list.setFilters({ status: next })}
            options={STATUS_OPTIONS}
          />
          <FilterSelect<TestRequestPriority>
            label="Priority filter"
            placeholder="All Priorities"
            value={priority}
            onChange={(next) => list.setFilters({ priority: next })}
            options={PRIORITY_OPTIONS}
          />
          {seesArchived && (
            <Checkbox
              checked={archived}
              onChange={(event) => list.setFilters({ archived: event.target.checked || undefined })}
              style={{ alignSelf: 'center' }}
            >
              Archived
            </Checkbox>
          )}
          <Button onClick={list.clear} disabled={!narrowed && listSearch.text === ''}>
            Clear Filters
          </Button>
        </Flex>
        <ListOrLoadError error={error} title={LIST_LOAD_ERROR} onRetry={mutate}>
          <TestRequestTable
            requests={requests}
            loading={isLoading || (isValidating && data === undefined)}
            caller={caller}
            onArchive={archive}
            empty={
              <ListEmpty noun="test requests" narrowed={narrowed}>
                {canCreateTestRequest(caller) && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={newRequest}>
                    New Test Request
                  </Button>
                )}
              </ListEmpty>
            }
          />
          <PaginationFooter pagination={data?.pagination} onPageChange={setPage} loading={isValidating} />
        </ListOrLoadError>
      </Card>
    </>
  );
}
