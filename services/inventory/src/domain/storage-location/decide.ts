import {
  canManageStorageLocations,
  ERRORS,
  INVENTORY_ERRORS,
  type Caller,
  type StorageLocationInput,
  type StorageLocationSnapshot,
  type StorageLocationUpdate,
} from '@labline/contracts';
import { RuleViolation, type Decider } from '@labline/eventstore';
import type { StorageLocationEvent } from './events';

export type StorageLocationState =
  { status: 'none' | 'deleted' } | { status: 'active'; location: StorageLocationSnapshot };

export type StorageLocationCommand =
  | { type: 'CreateStorageLocation'; data: { id: number; input: StorageLocationInput; caller: Caller } }
  | { type: 'UpdateStorageLocation'; data: { id: number; input: StorageLocationUpdate; caller: Caller } }
  | { type: 'DeleteStorageLocation'; data: { id: number; caller: Caller } };

function evolve(state: StorageLocationState, event: StorageLocationEvent): StorageLocationState {
  switch (event.type) {
    case 'StorageLocationCreated':
    case 'StorageLocationUpdated':
      return { status: 'active', location: event.data };
    case 'StorageLocationDeleted':
      return { status: 'deleted' };
  }
}

function existing(state: StorageLocationState, caller: Caller): StorageLocationSnapshot {
  if (!canManageStorageLocations(caller)) throw new RuleViolation('forbidden', ERRORS.forbidden);
  if (state.status !== 'active') throw new RuleViolation('not_found', INVENTORY_ERRORS.storageLocationNotFound);
  return state.location;
}

function decide(command: StorageLocationCommand, state: StorageLocationState): StorageLocationEvent[] {
  switch (command.type) {
    case 'CreateStorageLocation': {
      const { id, input, caller } = command.data;
      if (!canManageStorageLocations(caller)) throw new RuleViolation('forbidden', ERRORS.forbidden);
      if (state.status !== 'none') throw new RuleViolation('conflict', ERRORS.concurrencyConflict);
      return [{ type: 'StorageLocationCreated', data: { storageLocationId: id, ...input } }];
    }
    case 'UpdateStorageLocation': {
      const { input, caller } = command.data;
      const current = existing(state, caller);
      const next: StorageLocationSnapshot = {
        ...current,
        ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
      };
      const same = (Object.keys(next) as (keyof StorageLocationSnapshot)[]).every((key) => next[key] === current[key]);
      return same ? [] : [{ type: 'StorageLocationUpdated', data: next }];
    }
    case 'DeleteStorageLocation': {
      const { id, caller } = command.data;
      existing(state, caller);
      return [{ type: 'StorageLocationDeleted', data: { storageLocationId: id } }];
    }
  }
}

export const storageLocationDecider: Decider<StorageLocationCommand, StorageLocationEvent, StorageLocationState> = {
  decide,
  evolve,
  initialState: () => ({ status: 'none' }),
};
