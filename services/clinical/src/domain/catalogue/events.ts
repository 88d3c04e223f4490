import { CLINICAL_EVENT_SCHEMAS, parseEventData, streamName } from '@labline/contracts';
import type { RecordedEvent } from '@labline/eventstore';
import type { DomainEventOf } from '@labline/service-kit';

/** Everything that happens to a catalogue item, in stream `catalogue-<id>`. */
export type CatalogueEvent = DomainEventOf<
  typeof CLINICAL_EVENT_SCHEMAS,
  'CatalogueItemCreated' | 'CatalogueItemUpdated' | 'CatalogueItemDeleted'
>;

export const catalogueStream = (itemId: number) => streamName('catalogue', itemId);

/** A stored event of a catalogue stream as the decider's evolve takes it (its data checked by the contract). */
export function catalogueEventOf(event: Pick<RecordedEvent, 'type' | 'data'>): CatalogueEvent {
  const { type, data } = event;
  if (type === 'CatalogueItemCreated' || type === 'CatalogueItemUpdated') {
    return { type, data: parseEventData(CLINICAL_EVENT_SCHEMAS, type, data) };
  }
  if (type === 'CatalogueItemDeleted') return { type, data: parseEventData(CLINICAL_EVENT_SCHEMAS, type, data) };
  throw new Error(`not a catalogue event: ${type}`);
}
