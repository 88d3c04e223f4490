import type { ResultList } from '@labline/contracts';
import { Card, Col, Row, Typography } from 'antd';
import { statusCards } from '../model';

/** spec 2 §2.7's cards: Draft, Reviewed, Final and Total, as the server counts them for the search. */
export function StatusCards({ counts }: { counts: ResultList['counts'] | undefined }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {statusCards(counts).map((card) => (
        <Col key={card.key} xs={12} lg={6}>
          <Card size="small" data-testid={`status-card-${card.key}`}>
            <Typography.Text type="secondary">{card.label}</Typography.Text>
            <div style={{ fontSize: 24 }}>{card.count ?? '–'}</div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
