import { ArrowLeftOutlined, EditOutlined, SlidersOutlined } from '@ant-design/icons';
import {
  INVENTORY_TEXTS,
  canManageInventory,
  formatDate,
  isLowStock,
  type InventoryItemDetail,
} from '@labline/contracts';
import { Alert, Button, Card, Flex, Skeleton, Space, Tabs, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCaller } from '../../app/session/useCaller';
import { isNotFound } from '../../shared/apiError';
import { DateInput } from '../../shared/DateInput';
import { NotFoundCard } from '../../shared/NotFoundCard';
import { PageHeader } from '../../shared/PageHeader';
import { Result } from '../../shared/Result';
import { useRouteId } from '../../shared/routeId';
import { dateOfDateBox, isoDay } from '../../shared/typedDate';
import { useAddressTab } from '../../shared/useAddressTab';
import { useInventoryItem } from './api';
import { ItemCards, RecentFulfillmentRequests } from './components/ItemCards';

const TABS = ['details', 'history'] as const;
/** Loaded when first opened: the dialog's fields and the History tab are no part of the page's first load. */
const AdjustDialog = lazy(() => import('./components/AdjustDialog'));
const HistoryTab = lazy(() => import('./components/HistoryTab'));
/** The address's name for the "Stock as of" day (YYYY-MM-DD). */
const AS_OF_PARAM = 'as_of';

function ItemNotFound() {
  return <NotFoundCard title={INVENTORY_TEXTS.itemNotFound} backLabel="Back to Inventory" backPath="/inventory" />;
}

/**
 * The "Stock as of" box (issue 24 item 5): a day whose end the Stock Information card shows the figures of, read
 * from the item's events (GET /inventory/{id}?as_of=); empty: now. The day is kept in the address.
 */
function AsOfBox({ asOf, onChange }: { asOf: string | undefined; onChange(day: string | undefined): void }) {
  return (
    <Flex gap={8} align="center" wrap>
      <label htmlFor="stock-as-of">Stock as of</label>
      <div style={{ width: 200 }}>
        <DateInput
          id="stock-as-of"
          value={asOf ?? null}
          max={isoDay(new Date())}
          onChange={(value) => onChange(dateOfDateBox(value) ?? undefined)}
        />
      </div>
      {asOf !== undefined && <Button onClick={() => onChange(undefined)}>Now</Button>}
    </Flex>
  );
}

/** /inventory/{id} (spec 2 §2.3, and the History tab and Stock as of of issue 24 item 5). */
export default function InventoryDetailPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const itemId = useRouteId();
  const [params, setParams] = useSearchParams();
  const asOf = dateOfDateBox(params.get(AS_OF_PARAM)) ?? undefined;
  const { data: item, error } = useInventoryItem(itemId);
  const past = useInventoryItem(asOf === undefined ? null : itemId, asOf);
  const [activeTab, openTab] = useAddressTab(TABS);
  const [adjusting, setAdjusting] = useState<InventoryItemDetail | null>(null);
  const back = () => navigate('/inventory');

  if (itemId === null || isNotFound(error)) return <ItemNotFound />;
  if (error instanceof Error && item === undefined) {
    return (
      <Result
        status="error"
        title={INVENTORY_TEXTS.failedToFetchItemDetails}
        subTitle={error.message === INVENTORY_TEXTS.failedToFetchItemDetails ? undefined : error.message}
        extra={
          <Button type="primary" onClick={back}>
            Back to Inventory
          </Button>
        }
      />
    );
  }
  if (item === undefined) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }

  const manager = canManageInventory(caller);
  const setAsOf = (day: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (day === undefined) next.delete(AS_OF_PARAM);
        else next.set(AS_OF_PARAM, day);
        return next;
      },
      { replace: true },
    );

  const asOfBox = <AsOfBox asOf={asOf} onChange={setAsOf} />;
  // The figures at the end of the chosen day; none while they load, or when the item did not exist yet.
  let stockItem: InventoryItemDetail | null = item;
  let asOfNote: string | null = null;
  if (asOf !== undefined) {
    stockItem = past.data?.as_of === asOf ? past.data : null;
    if (isNotFound(past.error)) asOfNote = `This item did not exist yet at the end of ${formatDate(asOf)}.`;
    else if (past.error instanceof Error) asOfNote = past.error.message;
    if (asOfNote !== null) stockItem = null;
  }

  const details = (
    <Flex vertical gap={24}>
      <ItemCards
        item={item}
        stock={stockItem}
        asOf={
          <>
            {asOfBox}
            {asOfNote !== null && <Alert type="warning" showIcon title={asOfNote} data-testid="as-of-note" />}
            {asOfNote === null && stockItem === null && <Skeleton active aria-busy="true" paragraph={{ rows: 3 }} />}
          </>
        }
      />
      <RecentFulfillmentRequests requests={item.recent_fulfillment_requests} />
    </Flex>
  );

  return (
    <>
      <PageHeader
        title={item.item_name}
        subtitle={`SKU: ${item.item_sku} · ${item.category ?? INVENTORY_TEXTS.uncategorized}`}
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={back}>
              Back to Inventory
            </Button>
            {manager && (
              <Button icon={<SlidersOutlined />} onClick={() => setAdjusting(item)}>
                Adjust Quantity
              </Button>
            )}
            {manager && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`/inventory/${item.id}/edit`)}>
                Edit Item
              </Button>
            )}
          </Space>
        }
      />
      <Flex vertical gap={24}>
        {isLowStock(item) && (
          <Alert
            type="error"
            showIcon
            title="Low Stock Alert"
            description={
              <Typography.Text>
                Only {item.quantity_available} units available, at or below the minimum threshold of{' '}
                {item.minimum_threshold}.
              </Typography.Text>
            }
            data-testid="low-stock-banner"
          />
        )}
        <Tabs
          activeKey={activeTab}
          onChange={openTab}
          items={[
            { key: 'details', label: 'Details', children: details },
            {
              key: 'history',
              label: 'History',
              children: (
                <Suspense fallback={<Skeleton active aria-busy="true" paragraph={{ rows: 4 }} />}>
                  <HistoryTab itemId={item.id} />
                </Suspense>
              ),
            },
          ]}
        />
      </Flex>
      {adjusting !== null && (
        <Suspense fallback={null}>
          <AdjustDialog item={adjusting} title="Adjust Quantity" onClose={() => setAdjusting(null)} />
        </Suspense>
      )}
    </>
  );
}
