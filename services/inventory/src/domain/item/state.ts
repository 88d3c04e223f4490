import type { InventoryItemDescription } from '@labline/contracts';
import type { ItemEvent } from './events';

/** An item: its description and its stock as the last movement left it. */
export interface ItemStock {
  description: InventoryItemDescription;
  quantity_available: number;
  quantity_reserved: number;
}

export type ItemState = { status: 'none' } | ({ status: 'active' } & ItemStock);

export const initialItemState = (): ItemState => ({ status: 'none' });

export function evolveItem(state: ItemState, event: ItemEvent): ItemState {
  switch (event.type) {
    case 'InventoryItemCreated': {
      const { quantity_available, ...description } = event.data;
      return { status: 'active', description, quantity_available, quantity_reserved: 0 };
    }
    case 'InventoryItemUpdated':
      return state.status === 'active' ? { ...state, description: event.data } : state;
    case 'InventoryStockAdjusted':
    case 'InventoryStockReserved':
    case 'InventoryStockReleased':
    case 'InventoryStockConsumed':
      return state.status === 'active'
        ? {
            ...state,
            quantity_available: event.data.quantity_available,
            quantity_reserved: event.data.quantity_reserved,
          }
        : state;
    case 'InventoryLowStockReached':
    case 'InventoryReservationRefused':
    case 'InventoryStockRequested':
    case 'InventoryLowStockNotified':
      return state;
  }
}
