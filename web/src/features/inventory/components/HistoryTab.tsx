import { formatDateTime, formatFulfillmentId, type StockMovement } from '@labline/contracts';
import { Card, Empty, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ListOrLoadError } from '../../../shared/ListSearch';
import { useStockMovements } from '../api';
import { ListFooter } from './ListFooter';
import { STOCK_TEXT_COLORS } from './StockBadge';

/** What each kind of movement is called in the History tab. */
const MOVEMENT_LABELS: Record<StockMovement['type'], string> = {
  created: 'Item created',
  adjusted: 'Adjustment',
  reserved: 'Reserved',
  released: 'Reservation released',
  consumed: 'Consumed',
};

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/**
 * The item's History tab (issue 24 item 5): every movement of its stock, newest first, with who made it, why,
 * the signed change, the balance after it and the fulfillment request behind it when there is one.
 */
export default function HistoryTab({ itemId }: { itemId: number }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isValidating, mutate } = useStockMovements(itemId, page);
  return (
    <Card title="Stock Movements" aria-busy={isValidating}>
      <ListOrLoadError error={error} title="Failed to fetch stock movements" onRetry={mutate}>
        <Table<StockMovement>
          rowKey="event_id"
          size="small"
          pagination={false}
          loading={isLoading}
          dataSource={data?.movements ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No stock movements yet" /> }}
          columns={[
            { title: 'Date', key: 'date', render: (_, row) => formatDateTime(row.occurred_at) },
            { title: 'Movement', key: 'type', render: (_, row) => MOVEMENT_LABELS[row.type] },
            {
              title: 'Change',
              key: 'change',
              render: (_, row) => {
                const change = row.available_change !== 0 ? row.available_change : row.reserved_change;
                const reserved = row.available_change === 0 && row.reserved_change !== 0;
                return (
                  <Typography.Text
                    style={{
                      color: change < 0 ? STOCK_TEXT_COLORS.low : change > 0 ? STOCK_TEXT_COLORS.in_stock : undefined,
                    }}
                  >
                    {signed(change)}
                    {reserved ? ' reserved' : ''}
                  </Typography.Text>
                );
              },
            },
            { title: 'Balance', key: 'balance', render: (_, row) => row.quantity_available },
            { title: 'Reserved', key: 'reserved', render: (_, row) => row.quantity_reserved },
            { title: 'Reason', key: 'reason', render: (_, row) => row.reason ?? '—' },
            { title: 'By', key: 'by', render: (_, row) => row.user_name ?? 'System' },
            {
              title: 'Fulfillment Request',
              key: 'request',
              render: (_, row) =>
                row.fulfillment_request_id === null ? (
                  '—'
                ) : (
                  <Link to={`/fulfillment/${row.fulfillment_request_id}`}>
                    {formatFulfillmentId(row.fulfillment_request_id)}
                  </Link>
                ),
            },
          ]}
        />
        <ListFooter pagination={data?.pagination} onPageChange={setPage} loading={isValidating} />
      </ListOrLoadError>
    </Card>
  );
}
