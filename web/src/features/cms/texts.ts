/**
 * What the CMS screen says about each kind (spec 3 §8): the spec's own texts from the contracts, and the success
 * messages it leaves unworded, phrased as its others are ("Lab assigned successfully").
 */
import {
  CATALOGUE_KIND_LABELS,
  ERRORS,
  catalogueDeleteInUse,
  catalogueItemDeleted,
  type CatalogueKind,
} from '@labline/contracts';

export interface CatalogueTexts {
  /** One item: "Sample Type" (the modal's "Add Sample Type"). */
  singular: string;
  plural: string;
  saveError: string;
  /** Shown when a delete fails without the server's text. */
  deleteError: string;
  created: string;
  updated: string;
  deleted: string;
}

/** The generic lookups share "Failed to save item"; collection devices have texts of their own (spec 3 §8). */
export function catalogueTexts(kind: CatalogueKind): CatalogueTexts {
  const { singular, plural } = CATALOGUE_KIND_LABELS[kind];
  const device = kind === 'collection-devices';
  return {
    singular,
    plural,
    saveError: device ? ERRORS.failedToSaveCollectionDevice : ERRORS.failedToSaveItem,
    deleteError: device ? ERRORS.failedToDeleteCollectionDevice : catalogueDeleteInUse(kind),
    created: `${singular} created successfully`,
    updated: `${singular} updated successfully`,
    deleted: catalogueItemDeleted(kind),
  };
}
