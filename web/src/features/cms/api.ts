/** The CMS screen's writes (clinical's `/cms/{kind}`); the lists are read through shared/catalogueApi. */
import {
  CATALOGUE_ROUTES,
  routeUrl,
  type AnyCatalogueKindContracts,
  type BodyOf,
  type CatalogueItem,
  type CatalogueKind,
} from '@labline/contracts';
import { callRoute } from '../../app/api/routes';
import { CMS_PATH } from '../../shared/catalogueApi';
import { useRecordCache } from '../../shared/useRecordCache';
import type { CatalogueBody } from './formValues';
import { catalogueTexts } from './texts';

export const historyPath = (kind: CatalogueKind, id: number) => routeUrl(CATALOGUE_ROUTES[kind].history, { id });

/** Creates an item (id null) or changes the fields given (PUT merges: a field left out keeps its value). */
export async function saveCatalogueItem(
  kind: CatalogueKind,
  id: number | null,
  body: CatalogueBody,
  defaultError = catalogueTexts(kind).saveError,
): Promise<CatalogueItem> {
  const routes = CATALOGUE_ROUTES[kind];
  const { item } =
    id === null
      ? // the form's values are checked by the kind's create schema on the server, which names a missing field
        await callRoute<AnyCatalogueKindContracts['create']>(
          routes.create,
          {},
          { body: body as BodyOf<AnyCatalogueKindContracts['create']>, defaultError },
        )
      : await callRoute<AnyCatalogueKindContracts['update']>(routes.update, { id }, { body, defaultError });
  return item;
}

export async function deleteCatalogueItem(kind: CatalogueKind, id: number): Promise<void> {
  await callRoute<AnyCatalogueKindContracts['remove']>(
    CATALOGUE_ROUTES[kind].remove,
    { id },
    { defaultError: catalogueTexts(kind).deleteError },
  );
}

/**
 * After any write every cached catalogue list is fetched again: one kind's change shows in the others' pickers
 * (a new sample type in the marker form) and in other areas (the Labs tab's labs).
 */
export function useCatalogueCache() {
  return useRecordCache(CMS_PATH);
}
