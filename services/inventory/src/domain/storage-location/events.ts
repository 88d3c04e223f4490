import { streamName, type INVENTORY_EVENT_SCHEMAS } from '@labline/contracts';
import type { DomainEventOf } from '@labline/service-kit';

/** A storage location of the /cms sub-screen, in stream `storageLocation-<id>`. */
export type StorageLocationEvent = DomainEventOf<
  typeof INVENTORY_EVENT_SCHEMAS,
  'StorageLocationCreated' | 'StorageLocationUpdated' | 'StorageLocationDeleted'
>;

export const storageLocationStream = (id: number) => streamName('storageLocation', id);
