import { formatDate } from '@labline/contracts';
import { BankOutlined, ClockCircleOutlined, ContactsOutlined, RiseOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Flex, List, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { EllipsisText } from '../../../shared/EllipsisText';
import type { InstitutionOverview } from '../overview';

function SummaryCard({ title, value, icon }: { title: string; value: number; icon: ReactNode }) {
  return (
    <Card>
      <Statistic title={title} value={value} prefix={icon} />
    </Card>
  );
}

function CountRow({ label, count }: { label: string; count: number }) {
  return (
    <Flex justify="space-between">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong>{count}</Typography.Text>
    </Flex>
  );
}

/** Summary cards, overview and contact counts, and the 5 newest institutions (spec 3 §2, §9). */
export function InstitutionSummary({ overview }: { overview: InstitutionOverview }) {
  return (
    <Flex vertical gap={24}>
      <Row gutter={[24, 24]}>
        <Col xs={24} sm={12} xl={6}>
          <SummaryCard title="Total Institutions" value={overview.total} icon={<BankOutlined />} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <SummaryCard title="Active This Month" value={overview.activeThisMonth} icon={<RiseOutlined />} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <SummaryCard title="Recently Added" value={overview.recentlyAdded} icon={<ClockCircleOutlined />} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <SummaryCard title="With Contact Info" value={overview.withContactInfo} icon={<ContactsOutlined />} />
        </Col>
      </Row>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8}>
          <Card title="Overview" style={{ height: '100%' }}>
            <Flex vertical gap={8}>
              <CountRow label="Total Institutions" count={overview.total} />
              {overview.byType.map(({ type, count }) => (
                <CountRow key={type} label={type} count={count} />
              ))}
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Contact Information" style={{ height: '100%' }}>
            <Flex vertical gap={8}>
              <CountRow label="With Phone" count={overview.withPhone} />
              <CountRow label="With Email" count={overview.withEmail} />
              <CountRow label="With Address" count={overview.withAddress} />
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Recent Activity" style={{ height: '100%' }}>
            {overview.newest.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <List
                size="small"
                split={false}
                dataSource={overview.newest}
                renderItem={(institution) => (
                  <List.Item style={{ paddingInline: 0 }}>
                    <Flex vertical style={{ minWidth: 0, width: '100%' }}>
                      <EllipsisText to={`/institutions/${institution.id}`}>{institution.name}</EllipsisText>
                      <Typography.Text type="secondary">Added {formatDate(institution.created_at)}</Typography.Text>
                    </Flex>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
