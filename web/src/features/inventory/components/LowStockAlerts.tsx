import { WarningOutlined } from '@ant-design/icons';
import { restockAmount, type InventoryItem } from '@labline/contracts';
import { Button, Card, Flex, List, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { STOCK_TEXT_COLORS } from './StockBadge';

interface LowStockAlertsProps {
  items: readonly InventoryItem[];
  /** The managers' Restock (adds twice the threshold, spec 2 §2.1); undefined for others. */
  onRestock?: (item: InventoryItem) => void;
  /** The item whose restock is being saved. */
  restocking: number | null;
}

/** spec 2 §2.1: the items at or below their threshold, with Restock for managers. Nothing when none is low. */
export function LowStockAlerts({ items, onRestock, restocking }: LowStockAlertsProps) {
  if (items.length === 0) return null;
  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <WarningOutlined style={{ color: STOCK_TEXT_COLORS.low }} aria-hidden />
          Low Stock Alerts
        </Flex>
      }
      data-testid="low-stock-alerts"
    >
      <List
        dataSource={items as InventoryItem[]}
        rowKey="id"
        renderItem={(item) => (
          <List.Item
            actions={
              onRestock === undefined
                ? undefined
                : [
                    <Button
                      key="restock"
                      size="small"
                      loading={restocking === item.id}
                      onClick={() => onRestock(item)}
                      aria-label={`Restock ${item.item_name} (+${restockAmount(item)})`}
                    >
                      Restock
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              title={<Link to={`/inventory/${item.id}`}>{item.item_name}</Link>}
              description={
                <Typography.Text style={{ color: STOCK_TEXT_COLORS.low }}>
                  {item.quantity_available} available (minimum {item.minimum_threshold})
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
