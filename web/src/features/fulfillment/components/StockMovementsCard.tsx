import {
  FULFILLMENT_STOCK_MOVEMENT_LABELS,
  FULFILLMENT_TEXTS,
  canAccessSection,
  formatDateTime,
  type FulfillmentRequestDetail,
  type FulfillmentStockMovement,
} from '@labline/contracts';
import { Card, Empty, Table } from 'antd';
import { Link } from 'react-router-dom';
import { useCaller } from '../../../app/session/useCaller';

/**
 * The movements of the request's kit in inventory (issue 25 item 5): reserved, released, consumed, or a reservation
 * refused with its reason, oldest first, each linking to the inventory item whose History tab shows it too.
 */
export function StockMovementsCard({ request }: { request: FulfillmentRequestDetail }) {
  const caller = useCaller();
  const itemName = (itemId: number) =>
    itemId === request.inventory_item_id && request.item_name !== null ? request.item_name : `Item ${itemId}`;
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{FULFILLMENT_TEXTS.stockMovements}</h2>}
      data-testid="stock-movements"
    >
      <Table<FulfillmentStockMovement>
        rowKey={(movement) => `${movement.occurred_at}-${movement.type}`}
        size="small"
        pagination={false}
        dataSource={request.stock_movements}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={FULFILLMENT_TEXTS.noStockMovements} />,
        }}
        columns={[
          { title: 'Date', key: 'date', render: (_, movement) => formatDateTime(movement.occurred_at) },
          {
            title: 'Movement',
            key: 'type',
            render: (_, movement) => FULFILLMENT_STOCK_MOVEMENT_LABELS[movement.type],
          },
          { title: 'Quantity', key: 'quantity', render: (_, movement) => movement.quantity },
          {
            title: 'Item',
            key: 'item',
            render: (_, movement) =>
              canAccessSection(caller, 'inventory') ? (
                <Link to={`/inventory/${movement.item_id}`}>{itemName(movement.item_id)}</Link>
              ) : (
                itemName(movement.item_id)
              ),
          },
          { title: 'Reason', key: 'reason', render: (_, movement) => movement.reason ?? '—' },
        ]}
      />
    </Card>
  );
}
