/**
 * How clinical's events read in a record's history (service-kit's historyEntries does the rest): the fields
 * each event sets, with institutions, clinicians and catalogue items shown by name. Names are looked up
 * once per history, for every id its events mention. Test requests read in test-request-history.ts.
 */
import {
  CLINICAL_EVENT_SCHEMAS,
  CONTACT_PREFERENCE_LABELS,
  FIELD_LABELS,
  parseEventData,
  type CatalogueItemSnapshot,
  type HistoryEntry,
  type HistoryValue,
} from '@labline/contracts';
import type { RecordedEvent } from '@labline/eventstore';
import { actorIdsOf, historyEntries, type HistoryStep } from '@labline/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { referencesOf } from './domain/catalogue/snapshot';
import { catalogueNames } from './projections/catalogue/queries';
import { institutionNames, userNames } from './projections/directory/queries';

export interface Names {
  users: ReadonlyMap<number, string>;
  institutions: ReadonlyMap<number, string>;
  items: ReadonlyMap<number, string>;
}

/** The ids a history mentions, by what they name. */
interface Mentions {
  users: number[];
  institutions: number[];
  items: number[];
}

export const nameOf = (names: ReadonlyMap<number, string>, id: number) => names.get(id) ?? `#${id}`;

async function namesFor(db: CommonQueryMethods, mentions: Mentions): Promise<Names> {
  const [users, institutions, items] = await Promise.all([
    userNames(db, [...new Set(mentions.users)]),
    institutionNames(db, [...new Set(mentions.institutions)]),
    catalogueNames(db, [...new Set(mentions.items)]),
  ]);
  return { users, institutions, items };
}

/** The entries of a stream, once the names its events mention are known. */
export async function entriesOf(
  db: CommonQueryMethods,
  events: readonly RecordedEvent[],
  mentions: Omit<Mentions, 'users'> & { users?: number[] },
  describe: (event: RecordedEvent, names: Names) => HistoryStep | null,
  labels: Readonly<Record<string, string>> = FIELD_LABELS,
): Promise<HistoryEntry[]> {
  const names = await namesFor(db, { ...mentions, users: [...(mentions.users ?? []), ...actorIdsOf(events)] });
  return historyEntries(events, {
    describe: (event) => describe(event, names),
    labels,
    actorNames: names.users,
  });
}

// ------------------------------------------------------------------------------------------------ patients

const patientData = (event: RecordedEvent) =>
  event.type === 'PatientRegistered' || event.type === 'PatientUpdated'
    ? parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data)
    : null;

/** A patient's history (GET /patients/{id}/history). */
export function patientHistory(db: CommonQueryMethods, events: readonly RecordedEvent[]): Promise<HistoryEntry[]> {
  const snapshots = events.map(patientData).filter((data) => data !== null);
  const mentions = {
    institutions: snapshots.flatMap((data) => data.institution_ids),
    users: snapshots.flatMap((data) => (data.clinician_id === null ? [] : [data.clinician_id])),
    items: [],
  };
  return entriesOf(db, events, mentions, (event, names): HistoryStep | null => {
    const institutionsOf = (ids: readonly number[]) => ids.map((id) => nameOf(names.institutions, id));
    const data = patientData(event);
    if (data) {
      const { patientId: _id, institution_ids, clinician_id, contact_preference, ...demographics } = data;
      const fields = {
        ...demographics,
        institution_ids: institutionsOf(institution_ids),
        clinician_id: clinician_id === null ? null : nameOf(names.users, clinician_id),
        contact_preference: CONTACT_PREFERENCE_LABELS[contact_preference],
      };
      return { action: event.type === 'PatientRegistered' ? 'created' : 'updated', fields };
    }
    if (event.type === 'PatientRemovedFromInstitutions') {
      const removed = parseEventData(CLINICAL_EVENT_SCHEMAS, 'PatientRemovedFromInstitutions', event.data);
      return {
        action: 'removed_from_institutions',
        fields: { institution_ids: institutionsOf(removed.institution_ids) },
      };
    }
    return event.type === 'PatientDeleted' ? { action: 'deleted', fields: null } : null;
  });
}

// ----------------------------------------------------------------------------------------------- catalogue

const itemData = (event: RecordedEvent): CatalogueItemSnapshot | null =>
  event.type === 'CatalogueItemCreated' || event.type === 'CatalogueItemUpdated'
    ? parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data)
    : null;

/** A catalogue item's history (GET /cms/{kind}/{id}/history). */
export function catalogueItemHistory(
  db: CommonQueryMethods,
  events: readonly RecordedEvent[],
): Promise<HistoryEntry[]> {
  const snapshots = events.map(itemData).filter((data) => data !== null);
  const mentions = {
    institutions: snapshots.flatMap((data) => data.institution_ids),
    items: snapshots.flatMap((data) => Object.values(referencesOf(data)).flatMap((ids) => [...(ids ?? [])])),
  };
  return entriesOf(db, events, mentions, (event, names): HistoryStep | null => {
    const data = itemData(event);
    if (!data) return event.type === 'CatalogueItemDeleted' ? { action: 'deleted', fields: null } : null;
    const { itemId: _id, kind: _kind, institution_ids, ...fields } = data;
    const references: Record<string, HistoryValue> = {};
    for (const [field, ids] of Object.entries(referencesOf(data))) {
      const shown = (ids ?? []).map((id) => nameOf(names.items, id));
      references[field] = field === 'sample_type_id' ? (shown[0] ?? null) : shown;
    }
    return {
      action: event.type === 'CatalogueItemCreated' ? 'created' : 'updated',
      fields: {
        ...fields,
        institution_ids: institution_ids.map((id) => nameOf(names.institutions, id)),
        ...references,
      },
    };
  });
}

// ----------------------------------------------------------------------------------------- lab assignments

/** A lab assignment's history (GET /institutions/{id}/labs/{assignmentId}/history). */
export function labAssignmentHistory(
  db: CommonQueryMethods,
  events: readonly RecordedEvent[],
): Promise<HistoryEntry[]> {
  const assigned = events
    .filter((event) => event.type === 'LabAssigned')
    .map((event) => parseEventData(CLINICAL_EVENT_SCHEMAS, 'LabAssigned', event.data));
  const mentions = {
    institutions: assigned.map((data) => data.institution_id),
    items: assigned.flatMap((data) => [data.lab_id, data.sample_type_id]),
  };
  return entriesOf(db, events, mentions, (event, names): HistoryStep | null => {
    if (event.type === 'LabAssignmentRemoved') return { action: 'deleted', fields: null };
    if (event.type !== 'LabAssigned') return null;
    const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'LabAssigned', event.data);
    return {
      action: 'created',
      fields: {
        institution_id: nameOf(names.institutions, data.institution_id),
        lab_id: nameOf(names.items, data.lab_id),
        sample_type: nameOf(names.items, data.sample_type_id),
      },
    };
  });
}
