import {
  type historyResponseSchema,
  type HistoryAction,
  type HistoryChange,
  type HistoryEntry,
  type HistoryValue,
  type ResponseOf,
  formatDateTime,
} from '@labline/contracts';
import { Alert, Empty, Flex, Skeleton, Timeline, Typography } from 'antd';
import useSWR from 'swr';
import { apiRequest } from '../app/api/client';
import { EllipsisText } from './EllipsisText';

/** The spec gives no text for a failed history; shown in the drawer. */
const HISTORY_LOAD_ERROR = 'Failed to fetch history';

const ACTION_LABELS: Readonly<Record<HistoryAction, string>> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  removed_from_institutions: 'Removed from institutions',
  status_changed: 'Status changed',
  cancelled: 'Cancelled',
  archived: 'Archived',
  restored: 'Restored',
  notification_sent: 'Notification sent',
};

const ACTION_COLORS: Readonly<Record<HistoryAction, string>> = {
  created: 'green',
  updated: 'blue',
  deleted: 'red',
  removed_from_institutions: 'gray',
  status_changed: 'blue',
  cancelled: 'red',
  archived: 'gray',
  restored: 'green',
  notification_sent: 'purple',
};

/** A field's value in words: lists joined, yes/no for flags; null when it has none. */
function valueText(value: HistoryValue): string | null {
  if (value === null || value === '') return null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

function Value({ value, maxWidth }: { value: HistoryValue; maxWidth: number }) {
  const text = valueText(value);
  if (text === null) return <Typography.Text type="secondary">empty</Typography.Text>;
  return <EllipsisText maxWidth={maxWidth}>{text}</EllipsisText>;
}

/** "Name: Serum → Plasma" (a value set on creation shows the new value only). */
function Change({ change, created }: { change: HistoryChange; created: boolean }) {
  return (
    <Flex gap={6} align="baseline" wrap data-testid="history-change">
      <Typography.Text type="secondary">{change.label}:</Typography.Text>
      {!created && (
        <>
          <Value value={change.from} maxWidth={140} />
          <span>→</span>
        </>
      )}
      <Value value={change.to} maxWidth={created ? 260 : 140} />
    </Flex>
  );
}

function entryItem(entry: HistoryEntry, index: number, noteLabel: string) {
  const created = entry.action === 'created';
  return {
    key: `${entry.at}-${index}`,
    color: ACTION_COLORS[entry.action],
    content: (
      <Flex vertical gap={4} data-testid="history-entry">
        <Flex gap={6} align="baseline" wrap>
          <Typography.Text strong>{ACTION_LABELS[entry.action]}</Typography.Text>
          <Typography.Text type="secondary">by</Typography.Text>
          <EllipsisText maxWidth={200}>{entry.actor?.name ?? 'System'}</EllipsisText>
        </Flex>
        <Typography.Text type="secondary">{formatDateTime(entry.at)}</Typography.Text>
        {entry.changes
          // A record created with a field left empty says nothing about that field.
          .filter((change) => !created || valueText(change.to) !== null)
          .map((change) => (
            <Change key={change.field} change={change} created={created} />
          ))}
        {entry.note !== undefined && (
          <Flex vertical data-testid="history-note">
            <Typography.Text type="secondary">{noteLabel}:</Typography.Text>
            {/* A message can be long (2,000 characters): three lines, the rest on demand. */}
            <Typography.Paragraph
              ellipsis={{ rows: 3, expandable: 'collapsible' }}
              style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {entry.note}
            </Typography.Paragraph>
          </Flex>
        )}
      </Flex>
    ),
  };
}

/**
 * A record's history, newest first: each change's action, who and when, and what it did to which field.
 * `noteLabel` names what an entry's note is (a message sent, by default; a result's amendment gives its reason).
 */
export function HistoryTimeline({ path, noteLabel = 'Message' }: { path: string; noteLabel?: string }) {
  const { data: history, error } = useSWR(path, (key: string) =>
    apiRequest<ResponseOf<typeof historyResponseSchema>>(key, { defaultError: HISTORY_LOAD_ERROR }).then(
      (answer) => answer.history,
    ),
  );
  if (error instanceof Error) return <Alert type="error" showIcon title={error.message} />;
  if (history === undefined) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (history.length === 0) return <Empty description="No history recorded" />;
  return <Timeline items={history.map((entry, index) => entryItem(entry, index, noteLabel))} />;
}
