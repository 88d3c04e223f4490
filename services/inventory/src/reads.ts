/**
 * inventory's reads bound to their caller: a route gets this repository from its caller and cannot reach an item
 * outside the caller's scope (the global items and their institutions'; super_admin every item).
 */
import { recentFulfillmentRequests } from './fulfillment/requests';
import {
  INVENTORY_EVENT_SCHEMAS,
  parseEventData,
  stockLevel,
  type Caller,
  type InventoryItem,
  type InventoryItemDetail,
  type InventoryListQuery,
  type StockMovement,
  type StorageLocation,
} from '@labline/contracts';
import type { EventStore } from '@labline/eventstore';
import type { DatabasePool } from 'slonik';
import { itemDecider } from './domain/item/decide';
import { itemStream, type ItemEvent } from './domain/item/events';
import { findItem, institutionAdminCount, institutionName, listItems } from './projections/items/queries';
import { listMovements } from './projections/movements/queries';
import { findStorageLocation, listStorageLocations } from './projections/storage-locations/queries';

export interface ReadDependencies {
  pool: DatabasePool;
  store: EventStore;
}

export interface InventoryReads {
  list(query: InventoryListQuery): ReturnType<typeof listItems>;
  /** An item the caller sees with its recent fulfillment requests, or null; `asOf`: as it stood at that day's end. */
  item(id: number, asOf?: string): Promise<InventoryItemDetail | null>;
  /** The movements of an item the caller sees, or null. */
  movements(
    id: number,
    page: { page: number; limit: number },
  ): Promise<{ movements: StockMovement[]; total: number } | null>;
  storageLocations(active?: boolean): Promise<StorageLocation[]>;
  storageLocation(id: number): Promise<StorageLocation | null>;
  /** The active institution admins a low-stock notice about an item of `institutionId` reaches (null: global). */
  noticeRecipients(institutionId: number | null): Promise<number>;
}

/** The end of a UTC calendar day, as an instant. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999Z`).getTime();

export function inventoryReads({ pool, store }: ReadDependencies, caller: Caller): InventoryReads {
  /**
   * The item as its events left it at the end of `day`: its stream folded up to then (the read model holds only
   * the present). Null when it did not exist yet.
   */
  async function asOf(current: InventoryItem, day: string): Promise<InventoryItemDetail | null> {
    const until = endOfDay(day);
    const events = (await store.readStream(itemStream(current.id))).filter(
      (event) => new Date(event.occurredAt).getTime() <= until,
    );
    if (events.length === 0) return null;
    const typed = events.map(
      (event) =>
        ({
          type: event.type,
          data: parseEventData(INVENTORY_EVENT_SCHEMAS, event.type as ItemEvent['type'], event.data),
        }) as ItemEvent,
    );
    const state = typed.reduce(itemDecider.evolve, itemDecider.initialState());
    if (state.status !== 'active') return null;
    const { itemId, ...description } = state.description;
    const figures = {
      ...description,
      quantity_available: state.quantity_available,
      quantity_reserved: state.quantity_reserved,
    };
    return {
      ...current,
      ...figures,
      id: itemId,
      stock_level: stockLevel(figures),
      institution_name: await institutionName(pool, description.institution_id),
      updated_at: events.at(-1)!.occurredAt,
      recent_fulfillment_requests: [],
      as_of: day,
    };
  }

  return {
    list: (query) => listItems(pool, caller, query),
    async item(id, day) {
      const current = await findItem(pool, caller, id);
      if (!current) return null;
      if (day !== undefined) return asOf(current, day);
      return { ...current, recent_fulfillment_requests: [...(await recentFulfillmentRequests(pool, id))], as_of: null };
    },
    async movements(id, page) {
      if (!(await findItem(pool, caller, id))) return null;
      return listMovements(pool, id, page);
    },
    storageLocations: (active) => listStorageLocations(pool, active),
    storageLocation: (id) => findStorageLocation(pool, id),
    noticeRecipients: (institutionId) => institutionAdminCount(pool, institutionId),
  };
}
