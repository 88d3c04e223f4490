import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { RESULT_STATUSES, RESULT_STATUS_LABELS, RESULT_TEXTS, type ResultRecord } from '@labline/contracts';
import { Button, Card, Flex, Input, Space } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FilterChips } from '../../shared/FilterChips';
import { ListFilterSelect } from '../../shared/ListFilterSelect';
import { ListEmpty, ListOrLoadError } from '../../shared/ListSearch';
import { PageHeader } from '../../shared/PageHeader';
import { PaginationFooter } from '../../shared/PaginationFooter';
import {
  clearedListParams,
  narrowsList,
  PAGE_PARAM,
  readListParams,
  SEARCH_PARAM,
  urlFilter,
  withListParams,
  type ListParamChanges,
} from '../../shared/listParams';
import { useResultList } from './api';
import { RecentActivity } from './components/RecentActivity';
import { ResultTable, type ResultRowActions } from './components/ResultTable';
import { StatusCards } from './components/StatusCards';
import { filterChips, type FilterChipKey } from './model';
import { useResultActions } from './useResultActions';

const FILTERS = { status: urlFilter.oneOf(RESULT_STATUSES) };
const STATUS_OPTIONS = RESULT_STATUSES.map((value) => ({ value, label: RESULT_STATUS_LABELS[value] }));

/**
 * The list's applied search, status and page in the address (reload, back and a shared link keep them). Unlike
 * the live searches of the other lists, spec 2 §2.7 applies the term on Enter or Search: the box holds what is
 * typed, the address (and the request) the term last applied.
 */
function useAppliedSearchList() {
  const [params, setParams] = useSearchParams();
  const { search, filters, page } = readListParams(params, FILTERS);
  const [text, setText] = useState(search);
  // The address moved (back, a chip removed, Clear Filters): the box shows its term (adjusted while rendering).
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    setText(search);
  }
  const change = (changes: ListParamChanges) => setParams((current) => withListParams(current, changes));
  return {
    text,
    setText,
    search,
    status: filters.status,
    page,
    narrowed: narrowsList({ search, filters, page }),
    apply: () => change({ [SEARCH_PARAM]: text.trim(), [PAGE_PARAM]: undefined }),
    setStatus: (status: (typeof filters)['status']) => change({ status, [PAGE_PARAM]: undefined }),
    setPage: (next: number) => change({ [PAGE_PARAM]: next }),
    clearSearch: () => change({ [SEARCH_PARAM]: undefined, [PAGE_PARAM]: undefined }),
    clear: () => {
      setText('');
      change(clearedListParams(FILTERS));
    },
  };
}

/**
 * /results (spec 2 §2.7): search applied on Enter or Search, the status filter and Clear Filters, the cards, the
 * table with View, PDF and the Review menu, the footer, and Recent Results Activity.
 */
export default function ResultListPage() {
  const navigate = useNavigate();
  const list = useAppliedSearchList();
  const { data, error, isLoading, isValidating, mutate } = useResultList({
    page: list.page,
    search: list.search,
    status: list.status,
  });
  const resultActions = useResultActions();
  const rows = data?.results ?? [];
  const actions: ResultRowActions = {
    busy: resultActions.busy,
    printing: resultActions.printing,
    review: (row: ResultRecord, to) => resultActions.review(row.id, row.display_id, to),
    pdf: (row: ResultRecord) => void resultActions.downloadPdf(row.id),
  };
  const chips = filterChips({ search: list.search, status: list.status });
  const removeChip = (key: FilterChipKey) => (key === 'search' ? list.clearSearch() : list.setStatus(undefined));

  return (
    <>
      <PageHeader
        title={RESULT_TEXTS.title}
        subtitle="Enter, review and release laboratory results"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/results/new')}>
            Enter Result
          </Button>
        }
      />
      <StatusCards counts={data?.counts} />
      <Flex vertical gap={16}>
        <Card aria-busy={isValidating}>
          <Flex vertical gap={12} style={{ marginBottom: 16 }}>
            <Flex gap={12} wrap align="center">
              <Space.Compact style={{ maxWidth: 440, flex: '1 1 320px' }}>
                <Input
                  allowClear
                  prefix={<SearchOutlined />}
                  aria-label="Search test results"
                  placeholder="Search by patient, MRN, test or result ID"
                  value={list.text}
                  onChange={(event) => list.setText(event.target.value)}
                  onPressEnter={list.apply}
                />
                <Button onClick={list.apply}>Search</Button>
              </Space.Compact>
              <ListFilterSelect
                label="Status filter"
                placeholder="All Statuses"
                options={STATUS_OPTIONS}
                value={list.status}
                onChange={list.setStatus}
                width={170}
              />
              <Button onClick={list.clear} disabled={!list.narrowed && list.page === 1 && list.text === ''}>
                Clear Filters
              </Button>
              <Button icon={<ReloadOutlined />} onClick={() => void mutate()} loading={isValidating && !isLoading}>
                Refresh
              </Button>
            </Flex>
            <FilterChips chips={chips} onRemove={removeChip} />
          </Flex>
          <ListOrLoadError error={error} title={RESULT_TEXTS.failedToFetchResults} onRetry={mutate}>
            <ResultTable
              rows={rows}
              loading={isLoading}
              actions={actions}
              empty={<ListEmpty noun="test results" narrowed={list.narrowed} />}
            />
            <PaginationFooter pagination={data?.pagination} onPageChange={list.setPage} loading={isValidating} />
          </ListOrLoadError>
        </Card>
        <RecentActivity rows={rows} />
      </Flex>
    </>
  );
}
