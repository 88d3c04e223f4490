import { TEST_REQUEST_SUMMARY_EVENT_TYPES } from '@labline/contracts';
/**
 * The planner's reaction to clinical's test request events (docs/architecture.md §1: a test request with an expected
 * date gets its reminders scheduled): an order, a date change, a status change, a cancellation, archiving or a restore plans the
 * request's reminders again from the request as notifications' directory now holds it. A durable consumer of its
 * own, separate from the directory projection, so rebuilding the projection re-plans nothing; a new deployment's
 * consumer reads the whole history and plans the reminders of the tests still ahead.
 */
import { CLINICAL_EVENT_SCHEMAS, parseEventData } from '@labline/contracts';
import type { Reactor } from '@labline/service-kit';
import { clinicalDirectoryProjection } from '../projections/clinical/projection';
import type { ReminderPlanner } from '../commands/reminders';

// A request's reminders are planned from its summary, so they move on every event that changes it.
const PLANS_ON = TEST_REQUEST_SUMMARY_EVENT_TYPES;

/**
 * The reactor (durable consumer `notifications-reminder-planner`), after the clinical directory: once that has
 * applied the event, the request is as of this event. The scheduler starts it where it works reminders.
 */
export const reminderPlannerReactor = (planner: ReminderPlanner): Reactor => ({
  name: 'reminder-planner',
  subjects: ['lab.clinical.testRequest.>'],
  handles: PLANS_ON,
  after: [clinicalDirectoryProjection],
  backoffMs: [10_000, 30_000, 60_000, 300_000],
  maxDeliver: 10,
  async react(event, transaction, metadata) {
    const { testRequestId } = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type as 'TestRequestArchived', event.data);
    // In the consumer's transaction: the plan commits with the event's processed-event record.
    await planner.replanRequest(transaction, testRequestId, Date.parse(event.occurredAt), metadata);
  },
});
