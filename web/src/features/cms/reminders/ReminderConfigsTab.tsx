import { PlusOutlined } from '@ant-design/icons';
import {
  REMINDER_ERRORS,
  REMINDER_MESSAGES,
  canManageReminderConfigs,
  reminderChannelList,
  reminderTimingText,
  type ReminderConfig,
  formatDateTime,
} from '@labline/contracts';
import { Alert, Button, Empty, Flex, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useFeedback } from '../../../app/feedback/feedback';
import { useCaller } from '../../../app/session/useCaller';
import { ActiveStatus } from '../../../shared/ActiveStatus';
import { describeFailure } from '../../../shared/apiError';
import { DeferredModal } from '../../../shared/DeferredModal';
import { EllipsisText } from '../../../shared/EllipsisText';
import { FixedColumnsTable } from '../../../shared/FixedColumnsTable';
import { ListEmptyState, ListOrLoadError } from '../../../shared/ListSearch';
import { ConfirmedRowAction, RowAction } from '../../../shared/RowActions';
import { useOverlayTarget } from '../../../shared/useOverlayTarget';
import { CHANNEL_LABELS } from '../notifications/texts';
import { deleteReminderConfig, REMINDER_LIST_LOAD_ERROR, useReminderConfigCache, useReminderConfigs } from './api';
import { ReminderConfigForm } from './ReminderConfigForm';
import { REMINDER_TEXTS } from './texts';

/** "Failed to delete reminder configuration", with the server's reason when it gave one. */
function deleteFailure(error: unknown): string {
  const { message } = describeFailure(error, REMINDER_ERRORS.deleteFailed);
  return message === REMINDER_ERRORS.deleteFailed ? message : `${REMINDER_ERRORS.deleteFailed}: ${message}`;
}

const BASE_COLUMNS: ColumnsType<ReminderConfig> = [
  {
    title: 'Reminder Type',
    key: 'type',
    width: 190,
    render: (_, config) => <EllipsisText strong>{config.reminder_type}</EllipsisText>,
  },
  {
    title: 'Timing',
    key: 'timing',
    width: 150,
    render: (_, config) => reminderTimingText(config.time_value, config.time_unit),
  },
  {
    title: 'Channels',
    key: 'channels',
    width: 140,
    render: (_, config) => (
      <Flex gap={4} wrap>
        {reminderChannelList(config.notification_channels).map((channel) => (
          <Tag key={channel} color={channel === 'email' ? 'geekblue' : 'purple'} style={{ marginInlineEnd: 0 }}>
            {CHANNEL_LABELS[channel]}
          </Tag>
        ))}
      </Flex>
    ),
  },
  { title: 'Status', key: 'status', width: 100, render: (_, config) => <ActiveStatus active={config.is_active} /> },
  {
    title: 'Last Updated',
    key: 'updated',
    width: 160,
    render: (_, config) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(config.updated_at)}</span>,
  },
];

/**
 * The Reminder Configurations tab (spec 3 §2): the configurations, and for a super_admin (configurations are
 * every institution's) Add, Edit and Delete through the reminder modal; others read them.
 */
export default function ReminderConfigsTab() {
  const caller = useCaller();
  const { message } = useFeedback();
  const cache = useReminderConfigCache();
  const { data: configs, error, isLoading, mutate } = useReminderConfigs();
  const editing = useOverlayTarget<ReminderConfig | null>(null);
  const canManage = canManageReminderConfigs(caller);

  const remove = async (config: ReminderConfig) => {
    try {
      await deleteReminderConfig(config.reminder_type);
      void message.success(REMINDER_MESSAGES.deleted);
      await cache.changed();
    } catch (failure) {
      void message.error(deleteFailure(failure));
    }
  };

  const columns: ColumnsType<ReminderConfig> = canManage
    ? [
        ...BASE_COLUMNS,
        {
          title: 'Actions',
          key: 'actions',
          width: 130,
          fixed: 'right',
          render: (_, config) => (
            <Space size={16}>
              <RowAction onClick={() => editing.show(config)}>Edit</RowAction>
              <ConfirmedRowAction
                label="Delete"
                title="Delete Reminder Configuration"
                question={`Are you sure you want to delete ${config.reminder_type}? Its reminders will no longer be sent.`}
                onConfirm={() => remove(config)}
              />
            </Space>
          ),
        },
      ]
    : BASE_COLUMNS;
  const addButton = (label: string) =>
    canManage && (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => editing.show(null)}>
        {label}
      </Button>
    );

  return (
    <>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          Reminders go to patients before their test&apos;s expected date, on the chosen channels.
        </Typography.Text>
        {addButton('Add New Reminder Configuration')}
      </Flex>
      {!canManage && <Alert type="info" showIcon title={REMINDER_TEXTS.readOnly} style={{ marginBottom: 16 }} />}
      <ListOrLoadError error={error} title={REMINDER_LIST_LOAD_ERROR} onRetry={mutate}>
        <ListEmptyState
          empty={
            <Empty description={REMINDER_TEXTS.empty} style={{ margin: '24px 0' }}>
              {addButton('Create First Configuration')}
            </Empty>
          }
        >
          <FixedColumnsTable columns={columns} rows={configs ?? []} loading={isLoading} />
        </ListEmptyState>
      </ListOrLoadError>
      <DeferredModal
        open={editing.open}
        title={editing.target === null ? 'Add New Reminder Configuration' : 'Edit Reminder Configuration'}
        onCancel={editing.close}
        footer={null}
        width={640}
        destroyOnHidden
      >
        <ReminderConfigForm config={editing.target} onDone={editing.close} />
      </DeferredModal>
    </>
  );
}
