import {
  CATALOGUE_FIELD_ERRORS,
  CATALOGUE_REFERENCE_FIELDS,
  GLOBAL_ONLY_KINDS,
  canChooseCatalogueInstitutions,
  canEditCatalogueItem,
  canManageCatalogueKind,
  canReadCatalogueItem,
  catalogueItemNotFound,
  defaultCatalogueInstitutionIds,
  ERRORS,
  invalidUcumUnit,
  markerSampleTypeNeededByPanel,
  panelMarkerOfOtherSampleType,
  unknownCatalogueReference,
  type Caller,
  type CatalogueItemSnapshot,
  type CatalogueKind,
  type CatalogueReferenceField,
} from '@labline/contracts';
import { RuleViolation, type Decider } from '@labline/eventstore';
import type { CatalogueEvent } from './events';
import { mergedSnapshot, sameSnapshot, type CatalogueChanges } from './snapshot';
import { evolveCatalogue, initialCatalogueState, type CatalogueState } from './state';

/** An item a form refers to, as the rules look at it. */
export interface ReferencedItem {
  id: number;
  kind: CatalogueKind;
  name: string;
  institution_ids: readonly number[];
  /** A marker's sample types (a panel's markers must carry the panel's). */
  sample_type_ids: readonly number[];
}

/** The UCUM check of a form's units: their code, or the library's suggestion. */
export type UnitCheck = { valid: true; code: string } | { valid: false; suggestion: string | null };

/** What the command looked up before deciding, so that the rules stay pure. */
export interface CatalogueFacts {
  /** Of the institutions the form names, those that exist. */
  knownInstitutionIds: readonly number[];
  /** The items the changed item will refer to (that exist). */
  referencedItems: readonly ReferencedItem[];
  /** The check of the form's units; null when the form sets none. */
  units: UnitCheck | null;
  /** The panels holding the marker being edited. */
  panelsWithMarker: readonly { name: string; sample_type_id: number }[];
}

interface Change {
  itemId: number;
  kind: CatalogueKind;
  changes: CatalogueChanges;
  caller: Caller;
  facts: CatalogueFacts;
}
export type CatalogueCommand =
  | { type: 'CreateCatalogueItem'; data: Change }
  | { type: 'UpdateCatalogueItem'; data: Change }
  | { type: 'DeleteCatalogueItem'; data: { itemId: number; kind: CatalogueKind; caller: Caller } };

const invalid = (message: string) => new RuleViolation('invalid', message);

/**
 * The item's institutions: labs none; super_admin chooses (existing institutions); anyone else's items are
 * their institution's: they name only institutions of theirs and never drop their own.
 */
function institutionsOf({ kind, changes, caller, facts }: Change, current: CatalogueItemSnapshot | null) {
  const requested = changes.institution_ids;
  if (GLOBAL_ONLY_KINDS.includes(kind)) {
    if (requested && requested.length > 0) throw invalid(CATALOGUE_FIELD_ERRORS.labsAreGlobal);
    return [];
  }
  if (requested === undefined) {
    return current ? [...current.institution_ids] : defaultCatalogueInstitutionIds(caller);
  }
  if (canChooseCatalogueInstitutions(caller)) {
    if (!requested.every((id) => facts.knownInstitutionIds.includes(id))) {
      throw invalid(CATALOGUE_FIELD_ERRORS.unknownInstitution);
    }
    return [...requested];
  }
  if (!requested.every((id) => caller.institutionIds.includes(id))) {
    throw invalid(CATALOGUE_FIELD_ERRORS.unknownInstitution);
  }
  if (caller.institutionId !== null && !requested.includes(caller.institutionId)) {
    throw invalid(CATALOGUE_FIELD_ERRORS.ownInstitutionRequired);
  }
  return [...requested];
}

/** The UCUM code of the form's units: undefined keeps the current one, null has none. */
function unitsCodeOf(changes: CatalogueChanges, facts: CatalogueFacts): string | null | undefined {
  if (changes.units === undefined || changes.units === null) return changes.units;
  if (!facts.units?.valid) throw invalid(invalidUcumUnit(changes.units, facts.units?.suggestion ?? null));
  return facts.units.code;
}

/** Every id a changed reference field names exists, is of its kind and is visible to the caller. */
function checkReferences({ itemId, changes, caller, facts }: Change) {
  const known = new Map(facts.referencedItems.map((item) => [item.id, item]));
  for (const field of Object.keys(CATALOGUE_REFERENCE_FIELDS) as CatalogueReferenceField[]) {
    const value = changes[field];
    if (value === undefined) continue;
    const usable = (id: number) => {
      const item = known.get(id);
      return item?.kind === CATALOGUE_REFERENCE_FIELDS[field] && id !== itemId && canReadCatalogueItem(caller, item);
    };
    if (!(typeof value === 'number' ? [value] : value).every(usable)) throw invalid(unknownCatalogueReference(field));
  }
}

/** The rules between fields and items: a panel's markers and a marker's panels share the sample type; ranges. */
function checkConsistency(next: CatalogueItemSnapshot, { changes, facts }: Change) {
  if (next.kind === 'panels' && (changes.sample_type_id !== undefined || changes.marker_ids !== undefined)) {
    const known = new Map(facts.referencedItems.map((item) => [item.id, item]));
    const others = next.marker_ids
      .map((id) => known.get(id))
      .filter((marker) => marker !== undefined && !marker.sample_type_ids.includes(next.sample_type_id));
    if (others.length > 0) throw invalid(panelMarkerOfOtherSampleType(others.map((marker) => marker!.name)));
  }
  if (next.kind === 'markers') {
    if (changes.sample_type_ids !== undefined) {
      const panel = facts.panelsWithMarker.find((held) => !next.sample_type_ids.includes(held.sample_type_id));
      if (panel) throw invalid(markerSampleTypeNeededByPanel(panel.name));
    }
    if (next.range_min !== null && next.range_max !== null && next.range_min > next.range_max) {
      throw invalid(CATALOGUE_FIELD_ERRORS.rangeOrder);
    }
  }
}

function snapshotAfter(change: Change, current: CatalogueItemSnapshot | null): CatalogueItemSnapshot {
  const institutionIds = institutionsOf(change, current);
  const unitsUcum = unitsCodeOf(change.changes, change.facts);
  checkReferences(change);
  const next = mergedSnapshot(change.kind, change.itemId, current, change.changes, {
    institution_ids: institutionIds,
    units_ucum: unitsUcum,
  });
  checkConsistency(next, change);
  return next;
}

/** The item as the caller may change it: 404 when they cannot see it (or it is of another kind), 403 when read-only. */
function changeableItem(state: CatalogueState, kind: CatalogueKind, caller: Caller): CatalogueItemSnapshot {
  if (state.status !== 'present' || state.item.kind !== kind || !canReadCatalogueItem(caller, state.item)) {
    throw new RuleViolation('not_found', catalogueItemNotFound(kind));
  }
  if (!canEditCatalogueItem(caller, state.item)) throw new RuleViolation('forbidden', ERRORS.forbidden);
  return state.item;
}

export function decideCatalogue(command: CatalogueCommand, state: CatalogueState): CatalogueEvent[] {
  switch (command.type) {
    case 'CreateCatalogueItem': {
      const { data } = command;
      if (!canManageCatalogueKind(data.caller, data.kind)) throw new RuleViolation('forbidden', ERRORS.forbidden);
      if (state.status !== 'absent') throw new RuleViolation('conflict', `Item ${data.itemId} already exists`);
      return [{ type: 'CatalogueItemCreated', data: snapshotAfter(data, null) }];
    }
    case 'UpdateCatalogueItem': {
      const { data } = command;
      const current = changeableItem(state, data.kind, data.caller);
      const next = snapshotAfter(data, current);
      // Saving an unchanged form records nothing.
      return sameSnapshot(current, next) ? [] : [{ type: 'CatalogueItemUpdated', data: next }];
    }
    case 'DeleteCatalogueItem': {
      const { itemId, kind, caller } = command.data;
      const current = changeableItem(state, kind, caller);
      return [{ type: 'CatalogueItemDeleted', data: { itemId, kind, institution_ids: current.institution_ids } }];
    }
  }
}

export const catalogueDecider: Decider<CatalogueCommand, CatalogueEvent, CatalogueState> = {
  decide: decideCatalogue,
  evolve: evolveCatalogue,
  initialState: initialCatalogueState,
};
