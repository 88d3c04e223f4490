import {
  INVENTORY_ROUTES,
  INVENTORY_TEXTS,
  routeUrl,
  type AnswerOf,
  type BodyOf,
  type INVENTORY_CONTRACTS,
  type InventoryItemDetail,
  type StorageLocation,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';
import { callRoute } from '../../app/api/routes';
import { useRecordCache } from '../../shared/useRecordCache';

type Contracts = typeof INVENTORY_CONTRACTS;
export type InventoryItemBody = BodyOf<Contracts['create']>;

const INVENTORY_PATH = routeUrl(INVENTORY_ROUTES.list);
const STORAGE_LOCATIONS_PATH = routeUrl(INVENTORY_ROUTES.storageLocations);
const itemPath = (id: number, asOf?: string) => routeUrl(INVENTORY_ROUTES.item, { id }, { as_of: asOf });

/** The list's filters (spec 2 §2.1) and page, as the address holds them. */
export interface InventoryListFilters {
  page: number;
  category: string | undefined;
  location: string | undefined;
  lowStock: boolean;
}

/** GET /inventory: the page size is the server's (spec 2 §7); the previous page stays shown while the next loads. */
export function useInventoryList({ page, category, location, lowStock }: InventoryListFilters) {
  const path = routeUrl(
    INVENTORY_ROUTES.list,
    {},
    { page, category, location, low_stock: lowStock ? 'true' : undefined },
  );
  return useSWR(
    path,
    (key: string) =>
      apiRequest<AnswerOf<Contracts['list']>>(key, { defaultError: INVENTORY_TEXTS.failedToFetchInventory }),
    { keepPreviousData: true },
  );
}

/** GET /inventory/{id}, or its figures at the end of `asOf` (YYYY-MM-DD, issue 24 item 5). */
export function useInventoryItem(
  id: number | null,
  asOf?: string,
  defaultError: string = INVENTORY_TEXTS.failedToFetchItemDetails,
) {
  const path = id === null ? null : itemPath(id, asOf);
  return useSWR(path, (key: string) => apiRequest<AnswerOf<Contracts['item']>>(key, { defaultError }), {
    keepPreviousData: asOf !== undefined,
  });
}

/** GET /inventory/{id}/movements: the History tab, newest first. */
export function useStockMovements(id: number, page: number) {
  const path = routeUrl(INVENTORY_ROUTES.movements, { id }, { page });
  return useSWR(
    path,
    (key: string) =>
      apiRequest<AnswerOf<Contracts['movements']>>(key, { defaultError: INVENTORY_TEXTS.failedToFetchItemDetails }),
    { keepPreviousData: true },
  );
}

/** GET /cms/storage-locations (active=true for the form's select). */
export function useStorageLocations(activeOnly: boolean) {
  const path = routeUrl(INVENTORY_ROUTES.storageLocations, {}, { active: activeOnly ? 'true' : undefined });
  return useSWR(path, (key: string) =>
    apiRequest<AnswerOf<Contracts['storageLocations']>>(key, {
      defaultError: INVENTORY_TEXTS.failedToFetchStorageLocations,
    }),
  );
}

/** Keeps the cached lists and details in step with a write (shared/useRecordCache). */
export function useInventoryCache() {
  const cache = useRecordCache(INVENTORY_PATH);
  return {
    saved: (item: InventoryItemDetail) => cache.saved<InventoryItemDetail>(itemPath(item.id), () => item),
    changed: () => cache.changed(),
  };
}

export function useStorageLocationCache() {
  return useRecordCache(STORAGE_LOCATIONS_PATH);
}

export async function saveInventoryItem(id: number | null, body: InventoryItemBody): Promise<InventoryItemDetail> {
  const options = { body, defaultError: INVENTORY_TEXTS.failedToSaveItem };
  return id === null
    ? callRoute<Contracts['create']>(INVENTORY_ROUTES.create, {}, options)
    : callRoute<Contracts['update']>(INVENTORY_ROUTES.update, { id }, options);
}

export function adjustInventory(id: number, adjustment: number, reason: string): Promise<InventoryItemDetail> {
  return callRoute<Contracts['adjust']>(
    INVENTORY_ROUTES.adjust,
    { id },
    { body: { adjustment, reason }, defaultError: INVENTORY_TEXTS.failedToAdjust },
  );
}

export async function notifyLowStock(id: number): Promise<string> {
  const { message } = await callRoute<Contracts['notify']>(
    INVENTORY_ROUTES.notify,
    { id },
    { defaultError: 'Failed to send low stock alert' },
  );
  return message;
}

export async function requestStock(id: number, quantity: number): Promise<string> {
  const { message } = await callRoute<Contracts['request']>(
    INVENTORY_ROUTES.request,
    { id },
    { body: { quantity }, defaultError: INVENTORY_TEXTS.failedToSendStockRequest },
  );
  return message;
}

export type StorageLocationBody = BodyOf<Contracts['createStorageLocation']>;
export type StorageLocationChange = BodyOf<Contracts['updateStorageLocation']>;

export function saveStorageLocation(
  id: number | null,
  body: StorageLocationBody,
  defaultError: string,
): Promise<StorageLocation> {
  return id === null
    ? callRoute<Contracts['createStorageLocation']>(INVENTORY_ROUTES.createStorageLocation, {}, { body, defaultError })
    : callRoute<Contracts['updateStorageLocation']>(
        INVENTORY_ROUTES.updateStorageLocation,
        { id },
        { body, defaultError },
      );
}

export function changeStorageLocation(id: number, body: StorageLocationChange, defaultError: string) {
  return callRoute<Contracts['updateStorageLocation']>(
    INVENTORY_ROUTES.updateStorageLocation,
    { id },
    { body, defaultError },
  );
}

export async function deleteStorageLocation(id: number, defaultError: string): Promise<void> {
  await callRoute<Contracts['deleteStorageLocation']>(INVENTORY_ROUTES.deleteStorageLocation, { id }, { defaultError });
}
