import {
  CATALOGUE_REFERENCE_FIELDS,
  catalogueDeleteInUse,
  unknownCatalogueReference,
  type Caller,
  type CatalogueItemSnapshot,
  type CatalogueKind,
  type CatalogueReferenceField,
  type EventEnvelope,
} from '@labline/contracts';
import { RuleViolation, type AppendMetadata } from '@labline/eventstore';
import { nextId } from '@labline/service-kit';
import type { DatabaseTransactionConnection } from 'slonik';
import { catalogueDecider, type CatalogueFacts } from '../domain/catalogue/decide';
import { catalogueStream } from '../domain/catalogue/events';
import { referencesOf, type CatalogueChanges } from '../domain/catalogue/snapshot';
import type { CatalogueState } from '../domain/catalogue/state';
import { knownInstitutionIds } from '../projections/directory/queries';
import {
  catalogueItemFacts,
  isCatalogueItemReferenced,
  lockReferencedItems,
  panelsWithMarker,
} from '../projections/catalogue/facts';
import { checkUcumUnits } from '../units';
import type { CommandDependencies } from './patients';

const REFERENCE_FIELDS = Object.keys(CATALOGUE_REFERENCE_FIELDS) as CatalogueReferenceField[];

/** The ids the item will refer to: the form's reference fields over the current item's. */
function referencedIds(changes: CatalogueChanges, current: CatalogueItemSnapshot | null): number[] {
  const currentReferences = current ? referencesOf(current) : {};
  return [
    ...new Set(
      REFERENCE_FIELDS.flatMap((field) => {
        const value = changes[field];
        if (typeof value === 'number') return [value];
        return value ?? [...(currentReferences[field] ?? [])];
      }),
    ),
  ];
}

/** The facts the catalogue rules need, from the read models and UCUM. */
async function factsFor(
  deps: CommandDependencies,
  itemId: number,
  changes: CatalogueChanges,
  current: CatalogueItemSnapshot | null,
): Promise<CatalogueFacts> {
  const [known, referenced, panels] = await Promise.all([
    knownInstitutionIds(deps.pool, changes.institution_ids ?? []),
    catalogueItemFacts(deps.pool, referencedIds(changes, current)),
    current?.kind === 'markers' ? panelsWithMarker(deps.pool, itemId) : Promise.resolve([]),
  ]);
  return {
    knownInstitutionIds: known,
    referencedItems: referenced,
    units: typeof changes.units === 'string' ? checkUcumUnits(changes.units) : null,
    panelsWithMarker: panels,
  };
}

/**
 * In the append transaction: the items the new snapshot refers to are locked until it commits; one deleted
 * meanwhile refuses the write as an unknown reference.
 */
async function lockReferences(transaction: DatabaseTransactionConnection, events: readonly EventEnvelope[]) {
  for (const event of events) {
    const item = event.data as CatalogueItemSnapshot;
    for (const [field, ids] of Object.entries(referencesOf(item))) {
      const missing = await lockReferencedItems(transaction, ids ?? []);
      if (missing.length > 0) {
        throw new RuleViolation('invalid', unknownCatalogueReference(field as CatalogueReferenceField));
      }
    }
  }
}

const currentOf = (state: CatalogueState) => (state.status === 'present' ? state.item : null);

/** POST /cms/{kind}: creates an item under a new id; returns the id. */
export async function createCatalogueItem(
  deps: CommandDependencies,
  caller: Caller,
  kind: CatalogueKind,
  changes: CatalogueChanges,
  metadata: AppendMetadata,
): Promise<number> {
  const itemId = await nextId(deps.pool, 'catalogue_item_id_seq');
  await deps.commands.handleCommand({
    stream: catalogueStream(itemId),
    decider: catalogueDecider,
    command: async () => ({
      type: 'CreateCatalogueItem' as const,
      data: { itemId, kind, changes, caller, facts: await factsFor(deps, itemId, changes, null) },
    }),
    metadata,
    alsoInTransaction: lockReferences,
  });
  return itemId;
}

/** PUT /cms/{kind}/{id}: the form's fields over the item (a merge); an unchanged item records nothing. */
export async function updateCatalogueItem(
  deps: CommandDependencies,
  caller: Caller,
  kind: CatalogueKind,
  itemId: number,
  changes: CatalogueChanges,
  metadata: AppendMetadata,
): Promise<void> {
  await deps.commands.handleCommand({
    stream: catalogueStream(itemId),
    decider: catalogueDecider,
    command: async (state) => ({
      type: 'UpdateCatalogueItem' as const,
      data: { itemId, kind, changes, caller, facts: await factsFor(deps, itemId, changes, currentOf(state)) },
    }),
    metadata,
    alsoInTransaction: lockReferences,
  });
}

/** DELETE /cms/{kind}/{id}: refused (409) while anything still refers to the item. */
export async function deleteCatalogueItem(
  deps: CommandDependencies,
  caller: Caller,
  kind: CatalogueKind,
  itemId: number,
  metadata: AppendMetadata,
): Promise<void> {
  await deps.commands.handleCommand({
    stream: catalogueStream(itemId),
    decider: catalogueDecider,
    command: { type: 'DeleteCatalogueItem', data: { itemId, kind, caller } },
    metadata,
    alsoInTransaction: async (transaction) => {
      if (await isCatalogueItemReferenced(transaction, itemId)) {
        throw new RuleViolation('conflict', catalogueDeleteInUse(kind));
      }
    },
  });
}
