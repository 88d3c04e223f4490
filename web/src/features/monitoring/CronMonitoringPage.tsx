import { ReloadOutlined } from '@ant-design/icons';
import { canMonitorNotifications, ERRORS, MONITORING_REFRESH_MS } from '@labline/contracts';
import { Alert, Button, Col, Flex, Row, Typography } from 'antd';
import { AccessGuard } from '../../app/session/AccessGuard';
import { PageHeader } from '../../shared/PageHeader';
import { useMonitoring } from './api';
import { SchedulerStatusCard } from './SchedulerStatusCard';
import { SystemHealthCard } from './SystemHealthCard';
import { UpcomingRemindersCard } from './UpcomingRemindersCard';

/**
 * /cms/cron-monitoring (spec 3 §2): the notification services' health, the reminder scheduler and the reminders
 * of the next 7 days, fetched together on opening, every 30 s and on Refresh.
 */
export default function CronMonitoringPage() {
  return (
    <AccessGuard rule={canMonitorNotifications} deniedMessage={ERRORS.noPermissionManageCmsFields}>
      <CronMonitoringScreen />
    </AccessGuard>
  );
}

function CronMonitoringScreen() {
  const { data, error, isLoading, isValidating, mutate } = useMonitoring();
  return (
    <>
      <PageHeader
        title="Cron Job Monitoring"
        subtitle="Automated reminders and the email and SMS services"
        extra={
          <Flex align="center" gap={12}>
            <Typography.Text type="secondary">{`Auto-refresh: ${MONITORING_REFRESH_MS / 1000}s`}</Typography.Text>
            <Button icon={<ReloadOutlined />} loading={isValidating && !isLoading} onClick={() => void mutate()}>
              Refresh
            </Button>
          </Flex>
        }
      />
      {error instanceof Error && (
        <Alert
          type="error"
          showIcon
          title="Error loading monitoring data"
          description={error.message}
          style={{ marginBottom: 24 }}
        />
      )}
      <Row gutter={[24, 24]} style={{ marginBottom: 24 }}>
        <Col xs={24} lg={12}>
          <SystemHealthCard health={data?.health} loading={isLoading} />
        </Col>
        <Col xs={24} lg={12}>
          <SchedulerStatusCard scheduler={data?.scheduler} loading={isLoading} />
        </Col>
      </Row>
      <UpcomingRemindersCard reminders={data?.reminders ?? []} loading={isLoading} />
    </>
  );
}
