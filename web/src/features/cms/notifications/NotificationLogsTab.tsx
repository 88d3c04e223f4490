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
import { Alert, Card, Empty, Flex } from 'antd';
import { ListEmptyState, ListOrLoadError, ListSearchInput } from '../../../shared/ListSearch';
import { ListFilterSelect } from '../../../shared/ListFilterSelect';
import { PaginationFooter } from '../../../shared/PaginationFooter';
import { urlFilter } from '../../../shared/listParams';
import { listBusy, useUrlListState } from '../../../shared/useListSearch';
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

/** The log's filters as the address names them (beside the open tab, `?tab=notification_logs`). */
const FILTERS = {
  message_type: urlFilter.oneOf(NOTIFICATION_MESSAGE_TYPES),
  channel: urlFilter.oneOf(NOTIFICATION_CHANNELS),
  status: urlFilter.oneOf(DELIVERY_STATUSES),
  triggered_by: urlFilter.oneOf(TRIGGERED_BY_TYPES),
};

/**
 * The Notification Logs tab (spec 3 §2): the four cards, the filters (any change goes back to page 1) and the
 * log, 10 a page. Search, filters and page live in the address, and a failed load of the log shows its error with
 * Retry in the log's place (issue 22).
 */
export default function NotificationLogsTab() {
  const { listSearch, filters, setFilters, page, setPage } = useUrlListState(FILTERS);
  const { search } = listSearch;
  const { message_type: messageType, channel, status, triggered_by: triggeredBy } = filters;
  const logs = useNotificationLogs({ search, messageType, channel, status, triggeredBy, page });
  const stats = useNotificationStats();

  return (
    <>
      {stats.error instanceof Error && (
        <Alert type="error" showIcon title={stats.error.message} style={{ marginBottom: 16 }} />
      )}
      <NotificationStatsCards stats={stats.data} loading={stats.isLoading} />
      <Card size="small" title="Filters" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <ListSearchInput
            search={listSearch}
            label="Search notification logs"
            placeholder="Search by email, phone or subject"
          />
          <ListFilterSelect<NotificationMessageType>
            label="Message type filter"
            placeholder="All Types"
            options={MESSAGE_TYPE_OPTIONS}
            value={messageType}
            onChange={(next) => setFilters({ message_type: next })}
            width={200}
          />
          <ListFilterSelect<NotificationChannel>
            label="Channel filter"
            placeholder="All Channels"
            options={CHANNEL_OPTIONS}
            value={channel}
            onChange={(next) => setFilters({ channel: next })}
            width={150}
          />
          <ListFilterSelect<DeliveryStatus>
            label="Status filter"
            placeholder="All Statuses"
            options={STATUS_OPTIONS}
            value={status}
            onChange={(next) => setFilters({ status: next })}
            width={150}
          />
          <ListFilterSelect<TriggeredByType>
            label="Triggered by filter"
            placeholder="All Triggers"
            options={TRIGGER_OPTIONS}
            value={triggeredBy}
            onChange={(next) => setFilters({ triggered_by: next })}
            width={150}
          />
        </Flex>
      </Card>
      <div aria-busy={listBusy(listSearch, logs.isValidating)}>
        <ListOrLoadError error={logs.error} title={NOTIFICATION_TAB_TEXTS.logsLoadError} onRetry={logs.mutate}>
          <ListEmptyState empty={<Empty description={NOTIFICATION_TAB_TEXTS.emptyLogs} style={{ margin: '24px 0' }} />}>
            <NotificationLogTable logs={logs.data?.notifications ?? []} loading={logs.isLoading} />
          </ListEmptyState>
          <PaginationFooter pagination={logs.data?.pagination} loading={logs.isValidating} onPageChange={setPage} />
        </ListOrLoadError>
      </div>
    </>
  );
}
