import { ClockCircleOutlined, CheckCircleOutlined, ExclamationCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic } from 'antd';
import type { RequestCounters as Counters } from '../format';

/**
 * spec 1 §2: Pending, In Progress, Completed and Urgent (urgent plus stat), over the current page. Each colour keeps
 * 3:1 against the card's white at the figures' 24 px (antd's gold-7 did not: gold-8).
 */
export function RequestCounters({ counters }: { counters: Counters }) {
  const items = [
    { key: 'pending', title: 'Pending', value: counters.pending, icon: <ClockCircleOutlined />, color: '#ad6800' },
    { key: 'in-progress', title: 'In Progress', value: counters.inProgress, icon: <SyncOutlined />, color: '#1677ff' },
    {
      key: 'completed',
      title: 'Completed',
      value: counters.completed,
      icon: <CheckCircleOutlined />,
      color: '#389e0d',
    },
    { key: 'urgent', title: 'Urgent', value: counters.urgent, icon: <ExclamationCircleOutlined />, color: '#cf1322' },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {items.map((item) => (
        <Col key={item.key} xs={12} lg={6}>
          <Card size="small" data-testid={`counter-${item.key}`}>
            <Statistic
              title={item.title}
              value={item.value}
              prefix={item.icon}
              styles={{ content: { color: item.color } }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
