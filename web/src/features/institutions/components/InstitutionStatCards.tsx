import { ClockCircleOutlined, ExperimentOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { InstitutionStats } from '@labline/contracts';
import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';

const CARDS: { key: keyof InstitutionStats; title: string; icon: ReactNode }[] = [
  { key: 'users', title: 'Users', icon: <UserOutlined /> },
  { key: 'patients', title: 'Patients', icon: <TeamOutlined /> },
  { key: 'test_requests', title: 'Test Requests', icon: <ExperimentOutlined /> },
  { key: 'pending_requests', title: 'Pending', icon: <ClockCircleOutlined /> },
];

/** The four stat cards of the institution detail (spec 3 §2); blank while loading or when the call failed. */
export function InstitutionStatCards({ stats, loading }: { stats: InstitutionStats | undefined; loading: boolean }) {
  return (
    <Row gutter={[24, 24]}>
      {CARDS.map(({ key, title, icon }) => (
        <Col key={key} xs={24} sm={12} xl={6}>
          <Card>
            <Statistic
              title={title}
              value={stats?.[key] ?? '—'}
              prefix={icon}
              loading={loading}
              data-testid={`stat-${key}`}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
