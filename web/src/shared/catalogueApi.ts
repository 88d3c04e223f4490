/**
 * The CMS catalogue's lists (clinical's `/cms/{kind}`), which the CMS screen manages and other areas pick from
 * (the institution's Labs tab picks labs and sample types): one hook, so every screen shares one cache entry per
 * list and the CMS screen's writes refresh the pickers too (useRecordCache('/cms')).
 */
import {
  CATALOGUE_KIND_LABELS,
  CATALOGUE_ROUTES,
  CLINICAL_ROUTES,
  ERRORS,
  routeUrl,
  type AnswerOf,
  type CLINICAL_CONTRACTS,
  type catalogueListResponseSchemaOf,
  type CatalogueKind,
  type ResponseOf,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../app/api/client';

/** The cache keys of every catalogue list start with this (the catalogue's paths, `/cms/{kind}`): no route. */
export const CMS_PATH = '/cms';

/** The spec gives a fetch text for collection devices only; the other kinds' are worded alike. */
export function catalogueFetchError(kind: CatalogueKind): string {
  return kind === 'collection-devices'
    ? ERRORS.failedToFetchCollectionDevices
    : `Failed to fetch ${CATALOGUE_KIND_LABELS[kind].plural.toLowerCase()}`;
}

/**
 * `/cms/{kind}`, narrowed to the global items and one institution's when `institutionId` is given (spec 3 §7:
 * markers and panels take an institution_id for non-super_admin; the Labs tab offers an institution's).
 */
function catalogueListPath(kind: CatalogueKind, institutionId: number | null = null): string {
  return routeUrl(CATALOGUE_ROUTES[kind].list, {}, { institution_id: institutionId });
}

/** The items of a kind (all statuses: the CMS tables show inactive ones; pickers filter on the client). */
export function useCatalogueItems<K extends CatalogueKind>(kind: K, institutionId: number | null = null) {
  return useSWR(catalogueListPath(kind, institutionId), (path: string) =>
    apiRequest<ResponseOf<ReturnType<typeof catalogueListResponseSchemaOf<K>>>>(path, {
      defaultError: catalogueFetchError(kind),
    }).then(({ items }) => items),
  );
}

/** The labs that may be assigned (GET /cms/labs/active). */
export function useActiveLabs() {
  return useSWR(routeUrl(CLINICAL_ROUTES.activeLabs), (path: string) =>
    apiRequest<AnswerOf<(typeof CLINICAL_CONTRACTS)['activeLabs']>>(path, {
      defaultError: catalogueFetchError('labs'),
    }).then(({ items }) => items),
  );
}
