/**
 * The planner's reaction to clinical's test request events (docs/architecture.md §1: a test request with an expected
 * date gets its reminders scheduled): an order, a date change, a status change, a cancellation or archiving plans the
 * request's reminders again from the request as notifications' directory now holds it. A durable consumer of its
 * own, separate from the directory projection, so rebuilding the projection re-plans nothing; a new deployment's
 * consumer reads the whole history and plans the reminders of the tests still ahead.
 */
import { CLINICAL_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import { startConsumer, type DurableConsumer } from '@labline/bus';
import { consumerNameOf } from '@labline/service-kit';
import type { DatabaseTransactionConnection } from 'slonik';
import type { NotificationsContext } from '../config';
import { clinicalDirectoryProjection } from '../projections/clinical/projection';
import { hasProcessed } from '../projections/clinical/queries';
import type { ReminderPlanner } from './planner';

export const PLANNER_CONSUMER = 'notifications-reminder-planner';
const DIRECTORY_CONSUMER = consumerNameOf('notifications', clinicalDirectoryProjection);
const PLANS_ON = [
  'TestRequestCreated',
  'TestRequestUpdated',
  'TestRequestStatusChanged',
  'TestRequestCancelled',
  'TestRequestArchived',
];
/** How long planning waits for the directory to reach its event before trying again later. */
const DIRECTORY_WAIT_MS = 3_000;

/** The directory consumer reads the same events: once it applied this one, the request is as of this event. */
async function awaitDirectory(transaction: DatabaseTransactionConnection, eventId: string): Promise<void> {
  const deadline = Date.now() + DIRECTORY_WAIT_MS;
  while (!(await hasProcessed(transaction, DIRECTORY_CONSUMER, eventId))) {
    if (Date.now() > deadline) throw new Error('the clinical directory has not reached this event yet');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function startReminderPlanner(
  context: NotificationsContext,
  planner: ReminderPlanner,
): Promise<DurableConsumer> {
  async function handle(event: EventEnvelope, transaction: DatabaseTransactionConnection) {
    if (!PLANS_ON.includes(event.type)) return;
    await awaitDirectory(transaction, event.id);
    const { testRequestId } = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type as 'TestRequestArchived', event.data);
    // In the consumer's transaction: the plan commits with the event's processed-event record.
    await planner.replanRequest(transaction, testRequestId, Date.parse(event.occurredAt), {
      actor: event.actor,
      correlationId: event.correlationId,
      causationId: event.id,
      traceparent: event.traceparent,
    });
  }

  return startConsumer({
    nc: context.resources.nats,
    pool: context.pool,
    durableName: PLANNER_CONSUMER,
    filterSubjects: ['lab.clinical.testRequest.>'],
    service: 'notifications',
    handle,
    backoffMs: [10_000, 30_000, 60_000, 300_000],
    maxDeliver: 10,
    logger: context.logger,
  });
}
