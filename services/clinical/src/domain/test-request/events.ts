import { CLINICAL_EVENT_SCHEMAS, parseEventData, streamName } from '@labline/contracts';
import type { RecordedEvent } from '@labline/eventstore';
import type { DomainEventOf } from '@labline/service-kit';

export const TEST_REQUEST_EVENT_TYPES = [
  'TestRequestCreated',
  'TestRequestUpdated',
  'TestRequestStatusChanged',
  'TestRequestCancelled',
  'TestRequestArchived',
  'TestRequestRestored',
  'TestRequestNotificationRequested',
] as const;

/** Everything that happens to a test request, in stream `testRequest-<id>`. */
export type TestRequestEvent = DomainEventOf<typeof CLINICAL_EVENT_SCHEMAS, (typeof TEST_REQUEST_EVENT_TYPES)[number]>;

export const testRequestStream = (testRequestId: number) => streamName('testRequest', testRequestId);

const isTestRequestEventType = (type: string): type is TestRequestEvent['type'] =>
  (TEST_REQUEST_EVENT_TYPES as readonly string[]).includes(type);

/** A stored event of a test request stream as the decider's evolve takes it (its data checked by the contract). */
export function testRequestEventOf(event: Pick<RecordedEvent, 'type' | 'data'>): TestRequestEvent {
  const { type } = event;
  if (!isTestRequestEventType(type)) throw new Error(`not a test request event: ${type}`);
  return { type, data: parseEventData(CLINICAL_EVENT_SCHEMAS, type, event.data) } as TestRequestEvent;
}
