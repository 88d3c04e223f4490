import type { NotificationHealth } from '@labline/contracts';
import { Card, Descriptions, Flex, Tag, Typography, type DescriptionsProps } from 'antd';
import { useDescriptionsLayout } from '../../shared/useDescriptionsLayout';

const OVERALL_COLOURS: Readonly<Record<NotificationHealth['overallHealth'], string>> = {
  healthy: 'success',
  degraded: 'warning',
  unhealthy: 'error',
};

/** One provider's check: whether it takes our configuration, and what it said. */
function ServiceCheck({ check }: { check: NotificationHealth['services']['email'] }) {
  return (
    <Flex vertical gap={4} align="flex-start" style={{ minWidth: 0 }}>
      <Tag color={check.isValid ? 'success' : 'error'} style={{ marginInlineEnd: 0 }}>
        {check.isValid ? 'Working' : 'Not Working'}
      </Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
        {check.message}
      </Typography.Text>
    </Flex>
  );
}

/** spec 3 §2 System Health: the e-mail and SMS services, whether the scheduler is enabled, the time zone. */
export function SystemHealthCard({ health, loading }: { health: NotificationHealth | undefined; loading: boolean }) {
  const layout = useDescriptionsLayout();
  const items: DescriptionsProps['items'] =
    health === undefined
      ? []
      : [
          { key: 'email', label: 'Email Service', children: <ServiceCheck check={health.services.email} /> },
          { key: 'sms', label: 'SMS Service', children: <ServiceCheck check={health.services.sms} /> },
          {
            key: 'scheduler',
            label: 'Scheduler Enabled',
            children: (
              <Tag color={health.environment.schedulerEnabled ? 'success' : 'default'}>
                {health.environment.schedulerEnabled ? 'Yes' : 'No'}
              </Tag>
            ),
          },
          { key: 'timezone', label: 'Timezone', children: health.environment.timezone },
        ];
  return (
    <Card
      title="System Health"
      loading={loading}
      style={{ height: '100%' }}
      extra={
        health !== undefined && (
          <Tag
            color={OVERALL_COLOURS[health.overallHealth]}
            style={{ marginInlineEnd: 0, textTransform: 'capitalize' }}
          >
            {health.overallHealth}
          </Tag>
        )
      }
    >
      <Descriptions
        layout={layout}
        column={1}
        colon={false}
        size="small"
        styles={{ label: { width: 150 } }}
        items={items}
      />
    </Card>
  );
}
