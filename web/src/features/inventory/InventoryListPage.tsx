import { EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import {
  INVENTORY_FILTER_CATEGORIES,
  INVENTORY_FILTER_LOCATIONS,
  INVENTORY_TEXTS,
  RESTOCK_REASON,
  canManageInventory,
  canManageStorageLocations,
  canRequestStock,
  restockAmount,
  type InventoryItem,
} from '@labline/contracts';
import { Button, Card, Checkbox, Empty, Flex, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFeedback } from '../../app/feedback/feedback';
import { useCaller } from '../../app/session/useCaller';
import { describeFailure } from '../../shared/apiError';
import { ListFilterSelect } from '../../shared/ListFilterSelect';
import { ListOrLoadError } from '../../shared/ListSearch';
import { PageHeader } from '../../shared/PageHeader';
import { urlFilter } from '../../shared/listParams';
import { useUrlListState } from '../../shared/useListSearch';
import { adjustInventory, notifyLowStock, useInventoryCache, useInventoryList } from './api';
import { InventoryTable, type InventoryRowActions } from './components/InventoryTable';
import { ListFooter } from './components/ListFooter';
import { LowStockAlerts } from './components/LowStockAlerts';
import { SummaryCards } from './components/SummaryCards';

/** The dialogs load when first opened: their form fields are no part of the list's first load. */
const AdjustDialog = lazy(() => import('./components/AdjustDialog'));
const RequestStockDialog = lazy(() => import('./components/RequestStockDialog'));

/** The Storage Locations list, for client_admin too (who has no /cms): a drawer of its own, loaded when opened. */
const StorageLocationsDrawer = lazy(() => import('./storage/StorageLocationsDrawer'));

/** The list's filters as the address names them (spec 2 §2.1). */
const FILTERS = {
  category: urlFilter.oneOf(INVENTORY_FILTER_CATEGORIES),
  location: urlFilter.oneOf(INVENTORY_FILTER_LOCATIONS),
  low_stock: urlFilter.flag,
};
const CATEGORY_OPTIONS = INVENTORY_FILTER_CATEGORIES.map((value) => ({ value, label: value }));
const LOCATION_OPTIONS = INVENTORY_FILTER_LOCATIONS.map((value) => ({ value, label: value }));

/**
 * /inventory (spec 2 §2.1): filters in the address (any change back to page 1), the four summary cards, the
 * table with its badges and row actions, the footer, and the Low Stock Alerts panel with Restock for managers.
 */
export default function InventoryListPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const cache = useInventoryCache();
  const { filters, setFilters, narrowed, clear, page, setPage } = useUrlListState(FILTERS);
  const lowStock = filters.low_stock === true;
  const { data, error, isLoading, isValidating, mutate } = useInventoryList({
    page,
    category: filters.category,
    location: filters.location,
    lowStock,
  });
  const manager = canManageInventory(caller);
  const [adjusting, setAdjusting] = useState<InventoryItem | null>(null);
  const [requesting, setRequesting] = useState<InventoryItem | null>(null);
  const [restocking, setRestocking] = useState<number | null>(null);
  const [locationsOpen, setLocationsOpen] = useState(false);

  const adjustBy = async (item: InventoryItem, adjustment: number, reason: string) => {
    try {
      await adjustInventory(item.id, adjustment, reason);
      void message.success(INVENTORY_TEXTS.adjusted);
    } catch (failure) {
      void message.error(describeFailure(failure, INVENTORY_TEXTS.failedToAdjust).message);
    }
    await cache.changed();
  };
  const restock = async (item: InventoryItem) => {
    setRestocking(item.id);
    await adjustBy(item, restockAmount(item), RESTOCK_REASON);
    setRestocking(null);
  };
  const notify = async (item: InventoryItem) => {
    try {
      void message.success(await notifyLowStock(item.id));
    } catch (failure) {
      void message.error(describeFailure(failure, 'Failed to send low stock alert').message);
    }
  };

  const actions: InventoryRowActions = {
    view: (item) => navigate(`/inventory/${item.id}`),
    request: caller.role === 'institution_admin' ? setRequesting : undefined,
    manage: manager
      ? {
          edit: (item) => navigate(`/inventory/${item.id}/edit`),
          notify: (item) => void notify(item),
          quickAdjust: setAdjusting,
          adjustBy: (item, adjustment, reason) => void adjustBy(item, adjustment, reason),
        }
      : undefined,
  };

  return (
    <>
      <PageHeader
        title={INVENTORY_TEXTS.title}
        subtitle="Track supplies and equipment, stock levels and low-stock alerts"
        extra={
          <Space wrap>
            {canManageStorageLocations(caller) && (
              <Button icon={<EnvironmentOutlined />} onClick={() => setLocationsOpen(true)}>
                Storage Locations
              </Button>
            )}
            {manager && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/inventory/new')}>
                Add Item
              </Button>
            )}
          </Space>
        }
      />
      <SummaryCards summary={data?.summary} />
      <Flex vertical gap={16}>
        <LowStockAlerts
          items={data?.low_stock_alerts ?? []}
          onRestock={manager ? (item) => void restock(item) : undefined}
          restocking={restocking}
        />
        <Card aria-busy={isValidating}>
          <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
            <ListFilterSelect
              label="Category"
              placeholder="All Categories"
              options={CATEGORY_OPTIONS}
              value={filters.category}
              onChange={(category) => setFilters({ category })}
              width={200}
            />
            <ListFilterSelect
              label="Location"
              placeholder="All Locations"
              options={LOCATION_OPTIONS}
              value={filters.location}
              onChange={(location) => setFilters({ location })}
              width={200}
            />
            <Checkbox
              checked={lowStock}
              onChange={(event) => setFilters({ low_stock: event.target.checked || undefined })}
            >
              Show only low stock items
            </Checkbox>
            <Button onClick={clear} disabled={!narrowed && page === 1}>
              Clear Filters
            </Button>
          </Flex>
          <ListOrLoadError error={error} title={INVENTORY_TEXTS.failedToFetchInventory} onRetry={mutate}>
            <InventoryTable
              items={data?.inventory ?? []}
              loading={isLoading}
              actions={actions}
              canRequest={(item) => canRequestStock(caller, item)}
              empty={
                <Empty
                  description={
                    <Flex vertical gap={4}>
                      <span>{INVENTORY_TEXTS.emptyState}</span>
                      <span>
                        {narrowed
                          ? 'Try adjusting your filters.'
                          : manager
                            ? 'Add your first inventory item to get started.'
                            : 'Try adjusting your filters or add your first item.'}
                      </span>
                    </Flex>
                  }
                  style={{ margin: '24px 0' }}
                />
              }
            />
            <ListFooter pagination={data?.pagination} onPageChange={setPage} loading={isValidating} />
          </ListOrLoadError>
        </Card>
      </Flex>
      {adjusting !== null && (
        <Suspense fallback={null}>
          <AdjustDialog item={adjusting} title="Quick Adjust" onClose={() => setAdjusting(null)} />
        </Suspense>
      )}
      {requesting !== null && (
        <Suspense fallback={null}>
          <RequestStockDialog item={requesting} onClose={() => setRequesting(null)} />
        </Suspense>
      )}
      {locationsOpen && (
        <Suspense fallback={null}>
          <StorageLocationsDrawer open={locationsOpen} onClose={() => setLocationsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
