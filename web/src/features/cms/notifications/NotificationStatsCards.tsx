import type { NotificationStats } from '@labline/contracts';
import { Card, Col, Row, Statistic, theme } from 'antd';

const CARDS: readonly { key: keyof NotificationStats; title: string; success?: true }[] = [
  { key: 'total_notifications', title: 'Total Notifications' },
  { key: 'successful_notifications', title: 'Successful', success: true },
  { key: 'email_notifications', title: 'Email Sent' },
  { key: 'sms_notifications', title: 'SMS Sent' },
];

/** spec 3 §2 Notification Logs: the four cards, over the logs the caller may read. */
export function NotificationStatsCards({ stats, loading }: { stats: NotificationStats | undefined; loading: boolean }) {
  const { token } = theme.useToken();
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {CARDS.map(({ key, title, success }) => (
        <Col key={key} xs={12} lg={6}>
          <Card size="small" loading={loading && stats === undefined}>
            <Statistic
              title={title}
              value={stats?.[key] ?? 0}
              styles={success ? { content: { color: token.colorSuccessText } } : undefined}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
