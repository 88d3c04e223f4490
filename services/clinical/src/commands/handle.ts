import { CLINICAL_EVENT_SCHEMAS, parseEventData, type ClinicalEventType } from '@labline/contracts';
import {
  STREAM_DOES_NOT_EXIST,
  type AppendMetadata,
  type Decider,
  type EventStore,
  type RecordedEvent,
} from '@labline/eventstore';
import { httpError, type HttpError } from '@labline/service-kit';
import { RuleViolation, type DomainEvent } from '../domain/decider';
import { projectClinicalEvents } from '../projections';

type AnyClinicalEvent = { [T in ClinicalEventType]: DomainEvent<T> }[ClinicalEventType];

const STATUS_OF_VIOLATION: Record<RuleViolation['kind'], number> = {
  conflict: 409,
  not_found: 404,
  invalid: 400,
  forbidden: 403,
};

export function violationToHttpError(violation: RuleViolation): HttpError {
  return httpError(STATUS_OF_VIOLATION[violation.kind], violation.message);
}

export function toDomainEvent(event: RecordedEvent): AnyClinicalEvent {
  const type = event.type as ClinicalEventType;
  return { type, data: parseEventData(CLINICAL_EVENT_SCHEMAS, type, event.data) } as AnyClinicalEvent;
}

/**
 * read the stream → fold → decide → validate → append with the expected version, projecting inline in the
 * append transaction (read-your-writes). Returns the recorded events (none when nothing changed). A write
 * that raced another one answers 409 through ConcurrencyError.
 */
export async function handleCommand<Command, Event extends AnyClinicalEvent, State>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  metadata: AppendMetadata,
): Promise<RecordedEvent[]> {
  const history = await store.readStream(stream);
  const state = history.map((event) => toDomainEvent(event) as Event).reduce(decider.evolve, decider.initialState());
  let events: Event[];
  try {
    events = decider.decide(command, state);
  } catch (error) {
    throw error instanceof RuleViolation ? violationToHttpError(error) : error;
  }
  if (events.length === 0) return [];
  const validated = events.map((event) => ({
    type: event.type,
    data: parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data),
  }));
  const result = await store.appendToStream(stream, validated, {
    expectedStreamVersion: history.at(-1)?.version ?? STREAM_DOES_NOT_EXIST,
    metadata,
    inTransaction: (transaction, recorded) => projectClinicalEvents(transaction, recorded),
  });
  return result.events;
}
