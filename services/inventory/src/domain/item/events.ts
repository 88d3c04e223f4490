import { streamName, type INVENTORY_EVENT_SCHEMAS } from '@labline/contracts';
import type { DomainEventOf } from '@labline/service-kit';

/** Everything that happens to an inventory item, in stream `inventoryItem-<id>`. */
export type ItemEvent = DomainEventOf<
  typeof INVENTORY_EVENT_SCHEMAS,
  | 'InventoryItemCreated'
  | 'InventoryItemUpdated'
  | 'InventoryStockAdjusted'
  | 'InventoryStockReserved'
  | 'InventoryStockReleased'
  | 'InventoryStockConsumed'
  | 'InventoryReservationRefused'
  | 'InventoryLowStockReached'
  | 'InventoryStockRequested'
  | 'InventoryLowStockNotified'
>;

export const itemStream = (itemId: number) => streamName('inventoryItem', itemId);
