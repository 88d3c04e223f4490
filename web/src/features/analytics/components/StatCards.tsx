import { Card, Col, Row, Statistic } from 'antd';

export interface StatCard {
  title: string;
  value: number | string;
}

/** A view's summary figures, one small card each. */
export function StatCards({ cards }: { cards: readonly StatCard[] }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col key={card.title} xs={12} lg={6}>
          <Card size="small">
            <Statistic title={card.title} value={card.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
