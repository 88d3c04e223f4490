import type { Dashboard } from '@labline/contracts';
import { Card, Col, Row, Statistic } from 'antd';
import { summaryCards } from '../dashboardModel';

/** spec 1 §2 summary cards, as summaryCards decides them. */
export function SummaryCards({ dashboard }: { dashboard: Dashboard }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {summaryCards(dashboard).map((card) => (
        <Col key={card.key} xs={12} md={8} xl={4}>
          <Card size="small" data-testid={`dashboard-card-${card.key}`}>
            <Statistic title={card.title} value={card.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
