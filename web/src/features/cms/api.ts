/** The CMS screen's writes (clinical's `/cms/{kind}`); the lists are read through shared/catalogueApi. */
import {
  type ResponseOf,
  type catalogueItemResponseSchema,
  type messageResponseSchema,
  type CatalogueItem,
  type CatalogueKind,
} from '@labline/contracts';
import { apiRequest } from '../../app/api/client';
import { CMS_PATH } from '../../shared/catalogueApi';
import { useRecordCache } from '../../shared/useRecordCache';
import type { CatalogueBody } from './formValues';
import { catalogueTexts } from './texts';

const itemPath = (kind: CatalogueKind, id: number) => `${CMS_PATH}/${kind}/${id}`;

export const historyPath = (kind: CatalogueKind, id: number) => `${itemPath(kind, id)}/history`;

/** Creates an item (id null) or changes the fields given (PUT merges: a field left out keeps its value). */
export async function saveCatalogueItem(
  kind: CatalogueKind,
  id: number | null,
  body: CatalogueBody,
  defaultError = catalogueTexts(kind).saveError,
): Promise<CatalogueItem> {
  const { item } = await apiRequest<ResponseOf<typeof catalogueItemResponseSchema>>(
    id === null ? `${CMS_PATH}/${kind}` : itemPath(kind, id),
    { method: id === null ? 'POST' : 'PUT', body, defaultError },
  );
  return item;
}

export async function deleteCatalogueItem(kind: CatalogueKind, id: number): Promise<void> {
  await apiRequest<ResponseOf<typeof messageResponseSchema>>(itemPath(kind, id), {
    method: 'DELETE',
    defaultError: catalogueTexts(kind).deleteError,
  });
}

/**
 * After any write every cached catalogue list is fetched again: one kind's change shows in the others' pickers
 * (a new sample type in the marker form) and in other areas (the Labs tab's labs).
 */
export function useCatalogueCache() {
  return useRecordCache(CMS_PATH);
}
