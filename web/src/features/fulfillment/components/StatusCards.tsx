import type { FulfillmentRequestRow } from '@labline/contracts';
import { Card, Col, Row, Typography } from 'antd';
import { countByStatus } from '../model';

/** spec 2 §2.5's four status cards, counted over the loaded rows. */
export function StatusCards({ rows }: { rows: readonly FulfillmentRequestRow[] | undefined }) {
  const cards = countByStatus(rows ?? []);
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col key={card.status} xs={12} lg={6}>
          <Card size="small" data-testid={`status-card-${card.status}`}>
            <Typography.Text type="secondary">{card.label}</Typography.Text>
            <div style={{ fontSize: 24 }}>{rows === undefined ? '–' : card.count}</div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
