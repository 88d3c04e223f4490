import {
  DELIVERY_STATUSES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_MESSAGE_TYPES,
  TRIGGERED_BY_TYPES,
  type DeliveryStatus,
  type NotificationChannel,
  type NotificationMessageType,
  type TriggeredByType,
} from '@labline/contracts';
import { Alert, Card, Empty, Flex, Select } from 'antd';
import { useState } from 'react';
import { ListEmptyState, ListSearchInput } from '../../../shared/ListSearch';
import { PaginationFooter } from '../../../shared/PaginationFooter';
import { listBusy, useListPage, useListSearch } from '../../../shared/useListSearch';
import { useNotificationLogs, useNotificationStats } from './api';
import { NotificationLogTable } from './NotificationLogTable';
import { NotificationStatsCards } from './NotificationStatsCards';
import { CHANNEL_LABELS, NOTIFICATION_TAB_TEXTS, TRIGGER_LABELS, valueLabel } from './texts';

const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
  values.map((value) => ({ value, label: label(value) }));

// From the contracts' lists, so a value added there (a message type, a delivery status) can be filtered on at once.
const MESSAGE_TYPE_OPTIONS = options(NOTIFICATION_MESSAGE_TYPES, valueLabel);
const CHANNEL_OPTIONS = options(NOTIFICATION_CHANNELS, (channel) => CHANNEL_LABELS[channel]);
const STATUS_OPTIONS = options(DELIVERY_STATUSES, valueLabel);
const TRIGGER_OPTIONS = options(TRIGGERED_BY_TYPES, (trigger) => TRIGGER_LABELS[trigger]);

/**
 * The Notification Logs tab (spec 3 §2): the four cards, the filters (any change goes back to page 1) and the
 * log, 10 a page.
 */
export default function NotificationLogsTab() {
  const listSearch = useListSearch();
  const { search } = listSearch;
  const [messageType, setMessageType] = useState<NotificationMessageType | undefined>(undefined);
  const [channel, setChannel] = useState<NotificationChannel | undefined>(undefined);
  const [status, setStatus] = useState<DeliveryStatus | undefined>(undefined);
  const [triggeredBy, setTriggeredBy] = useState<TriggeredByType | undefined>(undefined);
  const [page, setPage] = useListPage([search, messageType, channel, status, triggeredBy]);
  const logs = useNotificationLogs({ search, messageType, channel, status, triggeredBy, page });
  const stats = useNotificationStats();
  const failure = [logs.error, stats.error].find((error) => error instanceof Error);

  return (
    <>
      {failure instanceof Error && <Alert type="error" showIcon title={failure.message} style={{ marginBottom: 16 }} />}
      <NotificationStatsCards stats={stats.data} loading={stats.isLoading} />
      <Card size="small" title="Filters" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <ListSearchInput
            search={listSearch}
            label="Search notification logs"
            placeholder="Search by email, phone or subject"
          />
          <Select<NotificationMessageType>
            aria-label="Message type filter"
            placeholder="All Types"
            allowClear
            options={MESSAGE_TYPE_OPTIONS}
            value={messageType}
            onChange={setMessageType}
            style={{ width: 200 }}
          />
          <Select<NotificationChannel>
            aria-label="Channel filter"
            placeholder="All Channels"
            allowClear
            options={CHANNEL_OPTIONS}
            value={channel}
            onChange={setChannel}
            style={{ width: 150 }}
          />
          <Select<DeliveryStatus>
            aria-label="Status filter"
            placeholder="All Statuses"
            allowClear
            options={STATUS_OPTIONS}
            value={status}
            onChange={setStatus}
            style={{ width: 150 }}
          />
          <Select<TriggeredByType>
            aria-label="Triggered by filter"
            placeholder="All Triggers"
            allowClear
            options={TRIGGER_OPTIONS}
            value={triggeredBy}
            onChange={setTriggeredBy}
            style={{ width: 150 }}
          />
        </Flex>
      </Card>
      <div aria-busy={listBusy(listSearch, logs.isValidating)}>
        <ListEmptyState empty={<Empty description={NOTIFICATION_TAB_TEXTS.emptyLogs} style={{ margin: '24px 0' }} />}>
          <NotificationLogTable logs={logs.data?.notifications ?? []} loading={logs.isLoading} />
        </ListEmptyState>
        <PaginationFooter pagination={logs.data?.pagination} loading={logs.isValidating} onPageChange={setPage} />
      </div>
    </>
  );
}
