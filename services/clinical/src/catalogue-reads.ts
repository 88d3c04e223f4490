/**
 * The caller-bound reads of the CMS catalogue and of lab assignments (part of clinicalReads, reads.ts): every
 * read applies the caller's catalogue scope (global items and their institutions'), and an institution the
 * caller may not name answers as an unknown one (null: the route's 404).
 */
import {
  canReadCatalogueItem,
  canReadInstitution,
  canReadLabAssignments,
  catalogueScope,
  CLINICAL_EVENT_SCHEMAS,
  parseEventData,
  type Caller,
  type CatalogueItemOf,
  type CatalogueKind,
  type CatalogueListQuery,
  type HistoryEntry,
  type LabAssignment,
  type LabAssignmentListQuery,
  type LabItem,
  type TestFormFields,
} from '@labline/contracts';
import { foldEvents, type EventStore } from '@labline/eventstore';
import type { DatabasePool } from 'slonik';
import { catalogueDecider } from './domain/catalogue/decide';
import { catalogueEventOf, catalogueStream } from './domain/catalogue/events';
import { labAssignmentStream } from './domain/lab-assignment/events';
import { catalogueItemHistory, labAssignmentHistory } from './history';
import { findLabAssignment, listLabAssignments } from './projections/catalogue/assignments';
import { findCatalogueItem, listCatalogueItems } from './projections/catalogue/queries';
import { knownInstitutionIds } from './projections/directory/queries';

export interface ReadDependencies {
  pool: DatabasePool;
  store: EventStore;
}

export interface CatalogueReads {
  /** A kind's items in the caller's scope, or null when the institution filter is not one of theirs. */
  catalogue<K extends CatalogueKind>(kind: K, query: CatalogueListQuery): Promise<CatalogueItemOf<K>[] | null>;
  /** One item the caller may see, or null. */
  catalogueItem<K extends CatalogueKind>(kind: K, id: number): Promise<CatalogueItemOf<K> | null>;
  /** The history of an item the caller may see (or saw before it was deleted), or null. */
  catalogueItemHistory(kind: CatalogueKind, id: number): Promise<HistoryEntry[] | null>;
  activeLabs(): Promise<LabItem[]>;
  /** The order form's active lookups for an institution of the caller, or null. */
  testFormFields(institutionId: number): Promise<TestFormFields | null>;
  /** An institution's lab assignments, or null when the caller may not read them. */
  labAssignments(institutionId: number, query: LabAssignmentListQuery): Promise<LabAssignment[] | null>;
  labAssignment(institutionId: number, assignmentId: number): Promise<LabAssignment | null>;
  labAssignmentHistory(institutionId: number, assignmentId: number): Promise<HistoryEntry[] | null>;
}

export function catalogueReads({ pool, store }: ReadDependencies, caller: Caller): CatalogueReads {
  const scope = catalogueScope(caller);
  /** An institution the caller may name that identity has registered. */
  const namable = async (institutionId: number) =>
    canReadInstitution(caller, institutionId) && (await knownInstitutionIds(pool, [institutionId])).length === 1;
  const assignmentsReadable = async (institutionId: number) =>
    canReadLabAssignments(caller, institutionId) && (await namable(institutionId));

  return {
    async catalogue(kind, query) {
      if (query.institution_id !== undefined && !(await namable(query.institution_id))) return null;
      return listCatalogueItems(pool, scope, kind, { institutionId: query.institution_id, active: query.active });
    },
    catalogueItem: (kind, id) => findCatalogueItem(pool, scope, kind, id),
    async catalogueItemHistory(kind, id) {
      const events = await store.readStream(catalogueStream(id));
      const state = foldEvents(catalogueDecider, events.map(catalogueEventOf));
      const facts = state.status === 'present' ? state.item : state.status === 'deleted' ? state : null;
      if (!facts || facts.kind !== kind || !canReadCatalogueItem(caller, facts)) return null;
      return catalogueItemHistory(pool, events);
    },
    activeLabs: () => listCatalogueItems(pool, scope, 'labs', { active: true }),
    async testFormFields(institutionId) {
      if (!(await namable(institutionId))) return null;
      const filter = { institutionId, active: true };
      const [sampleTypes, markers, panels, devices] = await Promise.all([
        listCatalogueItems(pool, scope, 'sample-types', filter),
        listCatalogueItems(pool, scope, 'markers', filter),
        listCatalogueItems(pool, scope, 'panels', filter),
        listCatalogueItems(pool, scope, 'collection-devices', filter),
      ]);
      return { sample_types: sampleTypes, markers, panels, collection_devices: devices };
    },
    async labAssignments(institutionId, query) {
      if (!(await assignmentsReadable(institutionId))) return null;
      return listLabAssignments(pool, institutionId, {
        sampleType: query.sample_type,
        sampleTypeId: query.sample_type_id,
      });
    },
    async labAssignment(institutionId, assignmentId) {
      if (!(await assignmentsReadable(institutionId))) return null;
      return findLabAssignment(pool, institutionId, assignmentId);
    },
    async labAssignmentHistory(institutionId, assignmentId) {
      if (!(await assignmentsReadable(institutionId))) return null;
      const events = await store.readStream(labAssignmentStream(assignmentId));
      const first = events[0];
      const assigned =
        first?.type === 'LabAssigned' ? parseEventData(CLINICAL_EVENT_SCHEMAS, 'LabAssigned', first.data) : null;
      if (assigned?.institution_id !== institutionId) return null;
      return labAssignmentHistory(pool, events);
    },
  };
}
