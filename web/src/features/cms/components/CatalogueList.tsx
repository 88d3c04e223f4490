import { PlusOutlined } from '@ant-design/icons';
import {
  canEditCatalogueItem,
  canManageCatalogueKind,
  type CatalogueItem,
  type CatalogueKind,
} from '@labline/contracts';
import { Button, Flex, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useCaller } from '../../../app/session/useCaller';
import { describeFailure } from '../../../shared/apiError';
import { catalogueFetchError, useCatalogueItems } from '../../../shared/catalogueApi';
import { FixedColumnsTable } from '../../../shared/FixedColumnsTable';
import { useHistoryDrawer } from '../../../shared/HistoryDrawer';
import { ListEmpty, ListEmptyState, ListOrLoadError, ListSearchInput } from '../../../shared/ListSearch';
import { PaginationFooter } from '../../../shared/PaginationFooter';
import { ConfirmedRowAction, RowAction } from '../../../shared/RowActions';
import { useClientPage } from '../../../shared/useClientPage';
import { useUrlListState } from '../../../shared/useListSearch';
import { deleteCatalogueItem, historyPath, useCatalogueCache } from '../api';
import { matchesSearch, ownCatalogueInstitution } from '../formValues';
import { catalogueTexts } from '../texts';
import { useCatalogueFormModal } from './CatalogueFormModal';
import { useFeedback } from '../../../app/feedback/feedback';

/** The spec gives no page size for the CMS tables; 20 rows, as the user list. */
const CATALOGUE_PAGE_SIZE = 20;

interface CatalogueListProps {
  kind: CatalogueKind;
  /** The kind's columns before Actions (Name, Description, its own, Status). */
  columns: ColumnsType<CatalogueItem>;
}

/**
 * One kind's table (spec 3 §2 Generic lookup tabs): search, the items a page at a time, Add, and per row Edit,
 * Delete (after a confirmation) and History. The list holds every item of the kind (tens, not thousands), so
 * the search filters it here, live as elsewhere. Search and page live in the address beside the open tab, and a
 * failed load shows its error with Retry (issue 22).
 */
export function CatalogueList({ kind, columns }: CatalogueListProps) {
  const caller = useCaller();
  const { message } = useFeedback();
  const cache = useCatalogueCache();
  const texts = catalogueTexts(kind);
  const { data: items, error, isLoading, mutate } = useCatalogueItems(kind, ownCatalogueInstitution(caller));
  const { listSearch, page, setPage } = useUrlListState();
  const { search } = listSearch;
  const form = useCatalogueFormModal(kind);
  const history = useHistoryDrawer();
  const canAdd = canManageCatalogueKind(caller, kind);

  const shown = useMemo(
    () => (items ?? []).filter((item) => search === '' || matchesSearch(item, search)),
    [items, search],
  );
  const { rows, pagination } = useClientPage(shown, page, CATALOGUE_PAGE_SIZE);

  const remove = async (item: CatalogueItem) => {
    try {
      await deleteCatalogueItem(kind, item.id);
      void message.success(texts.deleted);
      await cache.changed();
    } catch (failure) {
      void message.error(describeFailure(failure, texts.deleteError).message);
    }
  };

  const actionsColumn: ColumnsType<CatalogueItem>[number] = {
    title: 'Actions',
    key: 'actions',
    width: 170,
    fixed: 'right',
    render: (_, item) => (
      <Space size={16}>
        {canEditCatalogueItem(caller, item) && (
          <>
            <RowAction onClick={() => form.open(item)}>Edit</RowAction>
            <ConfirmedRowAction
              label="Delete"
              title={`Delete ${texts.singular}`}
              question={`Are you sure you want to delete ${item.name}?`}
              onConfirm={() => remove(item)}
            />
          </>
        )}
        <RowAction onClick={() => history.show({ path: historyPath(kind, item.id), name: item.name })}>
          History
        </RowAction>
      </Space>
    ),
  };
  const allColumns = [...columns, actionsColumn];
  const addButton = (label: string) =>
    canAdd && (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => form.open(null)}>
        {label}
      </Button>
    );

  return (
    <>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <ListSearchInput
          search={listSearch}
          label={`Search ${texts.plural.toLowerCase()}`}
          placeholder="Search by name or description"
        />
        {addButton(`Add ${texts.singular}`)}
      </Flex>
      <ListOrLoadError error={error} title={catalogueFetchError(kind)} onRetry={mutate}>
        <ListEmptyState
          empty={
            <ListEmpty noun="items" narrowed={search !== ''}>
              {addButton('Add Item')}
            </ListEmpty>
          }
        >
          <FixedColumnsTable columns={allColumns} rows={rows} loading={isLoading} />
        </ListEmptyState>
        <PaginationFooter pagination={pagination} onPageChange={setPage} />
      </ListOrLoadError>
      {form.modal}
      {history.drawer}
    </>
  );
}
