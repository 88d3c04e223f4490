import type { InventoryList } from '@labline/contracts';
import { Card, Col, Row, Typography } from 'antd';
import { STOCK_TEXT_COLORS } from './StockBadge';

/** spec 2 §2.1's four cards, over every item the filters match. */
export function SummaryCards({ summary }: { summary: InventoryList['summary'] | undefined }) {
  const cards = [
    { title: 'Total Items', value: summary?.total_items },
    { title: 'Low Stock', value: summary?.low_stock, color: STOCK_TEXT_COLORS.low },
    { title: 'Reserved', value: summary?.reserved },
    { title: 'Available', value: summary?.available, color: STOCK_TEXT_COLORS.in_stock },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col key={card.title} xs={12} lg={6}>
          <Card size="small" data-testid={`summary-${card.title}`}>
            <Typography.Text type="secondary">{card.title}</Typography.Text>
            <div style={{ fontSize: 24, color: card.color }}>{card.value ?? '–'}</div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
