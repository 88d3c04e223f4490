import type { Caller, StorageLocationInput, StorageLocationUpdate } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { nextId } from '@labline/service-kit';
import { storageLocationDecider } from '../domain/storage-location/decide';
import { storageLocationStream } from '../domain/storage-location/events';
import type { CommandDependencies } from './items';

export async function createStorageLocation(
  deps: CommandDependencies,
  caller: Caller,
  input: StorageLocationInput,
  metadata: AppendMetadata,
): Promise<number> {
  const id = await nextId(deps.pool, 'storage_location_id_seq');
  await deps.commands.handleCommand({
    stream: storageLocationStream(id),
    decider: storageLocationDecider,
    command: { type: 'CreateStorageLocation', data: { id, input, caller } },
    metadata,
  });
  return id;
}

export async function updateStorageLocation(
  deps: CommandDependencies,
  caller: Caller,
  id: number,
  input: StorageLocationUpdate,
  metadata: AppendMetadata,
): Promise<void> {
  await deps.commands.handleCommand({
    stream: storageLocationStream(id),
    decider: storageLocationDecider,
    command: { type: 'UpdateStorageLocation', data: { id, input, caller } },
    metadata,
  });
}

export async function deleteStorageLocation(
  deps: CommandDependencies,
  caller: Caller,
  id: number,
  metadata: AppendMetadata,
): Promise<void> {
  await deps.commands.handleCommand({
    stream: storageLocationStream(id),
    decider: storageLocationDecider,
    command: { type: 'DeleteStorageLocation', data: { id, caller } },
    metadata,
  });
}
