import type { CatalogueItemSnapshot, CatalogueKind } from '@labline/contracts';
import type { CatalogueEvent } from './events';

export type CatalogueState =
  | { status: 'absent' }
  | { status: 'present'; item: CatalogueItemSnapshot }
  | { status: 'deleted'; kind: CatalogueKind; institution_ids: readonly number[] };

export const initialCatalogueState = (): CatalogueState => ({ status: 'absent' });

export function evolveCatalogue(_state: CatalogueState, event: CatalogueEvent): CatalogueState {
  switch (event.type) {
    case 'CatalogueItemCreated':
    case 'CatalogueItemUpdated':
      return { status: 'present', item: event.data };
    case 'CatalogueItemDeleted':
      return { status: 'deleted', kind: event.data.kind, institution_ids: event.data.institution_ids };
  }
}
