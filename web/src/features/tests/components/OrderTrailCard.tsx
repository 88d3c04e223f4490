/**
 * The Order Trail card of /tests/{id} (issue 23): one timeline, oldest first, of everything that happened to the
 * request across services, from the analytics read side: who (a user and their role, or System), when, why, and
 * each message to the patient with its delivery status as it is now. A chunk of its own (the detail page loads
 * it lazily), with its own request, so the page never waits for it.
 */
import {
  ANALYTICS_ROUTES,
  formatDateTime,
  roleLabel,
  routeUrl,
  type AnswerOf,
  type ANALYTICS_CONTRACTS,
  type TrailEntry,
} from '@labline/contracts';
import { Alert, Card, Empty, Flex, Skeleton, Timeline, Typography } from 'antd';
import useSWR from 'swr';
import { apiRequest } from '../../../app/api/client';
import { isNotFound } from '../../../shared/apiError';
import { EllipsisText } from '../../../shared/EllipsisText';
import { StatusTag } from '../../../shared/RequestTags';
import { DeliveryStatusTag, DELIVERY_STATUS_COLOURS } from './RequestRelatedCards';

/** The spec gives no text for a failed trail; shown in the card. */
const TRAIL_LOAD_ERROR = 'Failed to fetch the order trail';
const TRAIL_EMPTY = 'Nothing recorded yet';

type Trail = AnswerOf<(typeof ANALYTICS_CONTRACTS)['testRequestTrail']>;

/** What went wrong or was undone: a cancellation, a missed reminder, a kit not reserved or cancelled. */
const RED_KINDS: ReadonlySet<string> = new Set([
  'cancelled',
  'reminder_missed',
  'kit_reservation_refused',
  'kit_cancelled',
]);

/**
 * A dot's colour: a message's delivery status, what went wrong red, the kit's journey cyan, the result's review
 * geekblue (its release green), the rest by kind.
 */
function dotColour(entry: TrailEntry): string {
  if (entry.notification) return DELIVERY_STATUS_COLOURS[entry.notification.delivery_status];
  if (RED_KINDS.has(entry.kind)) return 'red';
  if (entry.kind.startsWith('reminder')) return 'purple';
  if (entry.kind.startsWith('kit')) return entry.kind === 'kit_delivered' ? 'green' : 'cyan';
  if (entry.kind.startsWith('result')) return entry.kind === 'result_released' ? 'green' : 'geekblue';
  return entry.kind === 'ordered' ? 'green' : 'blue';
}

const who = (entry: TrailEntry) =>
  entry.actor.role === null ? entry.actor.name : `${entry.actor.name} (${roleLabel(entry.actor.role)})`;

function entryItem(entry: TrailEntry, byId: ReadonlyMap<string, TrailEntry>) {
  const causedBy = entry.caused_by === null ? undefined : byId.get(entry.caused_by);
  const notification = entry.notification;
  return {
    key: entry.id,
    color: dotColour(entry),
    content: (
      <Flex vertical gap={2} data-testid="trail-entry">
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong>{entry.title}</Typography.Text>
          {entry.status !== null && <StatusTag status={entry.status} />}
          {notification && (
            <>
              <Typography.Text>{notification.channel === 'sms' ? 'SMS' : 'Email'}</Typography.Text>
              <DeliveryStatusTag status={notification.delivery_status} />
            </>
          )}
        </Flex>
        <Typography.Text type="secondary">
          {formatDateTime(entry.occurred_at)} · {who(entry)}
        </Typography.Text>
        {entry.detail !== null && (
          <Typography.Paragraph ellipsis={{ rows: 2, expandable: 'collapsible' }} style={{ margin: 0 }}>
            {entry.detail}
          </Typography.Paragraph>
        )}
        {notification?.error_message && <Typography.Text type="danger">{notification.error_message}</Typography.Text>}
        {(entry.cause !== null || causedBy) && (
          <Typography.Text type="secondary">
            Why: {entry.cause ?? causedBy?.title}
            {causedBy && entry.cause !== null && ` (${causedBy.title}, ${formatDateTime(causedBy.occurred_at)})`}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <EllipsisText maxWidth={320}>{`Correlation ${entry.correlation_id}`}</EllipsisText>
        </Typography.Text>
      </Flex>
    ),
  };
}

/** While a message is on its way, the trail is asked again this often for its delivery status. */
const PENDING_REFRESH_MS = 5000;
const hasPendingMessage = (trail: Trail | undefined) =>
  trail?.entries.some((entry) => entry.notification?.delivery_status === 'pending') === true;

interface OrderTrailCardProps {
  requestId: number;
  /** The request's status as the page shows it: a change (a cancellation) fetches the trail again. */
  status: string;
}

export default function OrderTrailCard({ requestId, status }: OrderTrailCardProps) {
  const { data: trail, error } = useSWR(
    [routeUrl(ANALYTICS_ROUTES.testRequestTrail, { id: requestId }), status],
    ([key]: [string, string]) => apiRequest<Trail>(key, { defaultError: TRAIL_LOAD_ERROR }),
    { refreshInterval: (latest) => (hasPendingMessage(latest) ? PENDING_REFRESH_MS : 0) },
  );
  let body;
  // The page has the request: a 404 here is the read side not having caught up with a request just placed.
  if (isNotFound(error) || trail?.entries.length === 0) body = <Empty description={TRAIL_EMPTY} />;
  else if (error instanceof Error) body = <Alert type="error" showIcon title={error.message} />;
  else if (trail === undefined) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else {
    const byId = new Map(trail.entries.map((entry) => [entry.id, entry]));
    body = <Timeline items={trail.entries.map((entry) => entryItem(entry, byId))} />;
  }
  return <Card title="Order Trail">{body}</Card>;
}
