import { WarningOutlined } from '@ant-design/icons';
import { restockAmount, type InventoryItem } from '@labline/contracts';
import { Button, Card, Flex, Typography } from 'antd';
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
      {/* Plain rows, not antd's List (which brings its pagination and grid along). */}
      <Flex vertical component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {items.map((item, index) => (
          <Flex
            key={item.id}
            component="li"
            justify="space-between"
            align="center"
            gap={16}
            style={{ padding: '12px 0', borderTop: index === 0 ? undefined : '1px solid #f0f0f0' }}
          >
            <Flex vertical>
              <Link to={`/inventory/${item.id}`}>{item.item_name}</Link>
              <Typography.Text style={{ color: STOCK_TEXT_COLORS.low }}>
                {item.quantity_available} available (minimum {item.minimum_threshold})
              </Typography.Text>
            </Flex>
            {onRestock !== undefined && (
              <Button
                size="small"
                loading={restocking === item.id}
                onClick={() => onRestock(item)}
                aria-label={`Restock ${item.item_name} (+${restockAmount(item)})`}
              >
                Restock
              </Button>
            )}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
