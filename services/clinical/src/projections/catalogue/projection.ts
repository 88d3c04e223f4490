import {
  CLINICAL_EVENT_SCHEMAS,
  parseEventData,
  type CatalogueItemSnapshot,
  type EventEnvelope,
} from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** The index behind "a lab serves an institution once per sample type" (the HTTP layer answers 409). */
export const LAB_ASSIGNMENT_UNIQUE_INDEX = 'lab_assignments_institution_lab_sample_type_key';

const ids = (values: readonly number[]) => sql.array([...values], 'int4');

/** The kind-specific columns of a snapshot; those of other kinds stay empty. */
function kindColumns(item: CatalogueItemSnapshot) {
  const marker = item.kind === 'markers' ? item : null;
  const panel = item.kind === 'panels' ? item : null;
  const device = item.kind === 'collection-devices' ? item : null;
  const tubeType = item.kind === 'tube-types' ? item : null;
  const lab = item.kind === 'labs' ? item : null;
  return {
    marker_code: marker?.marker_code ?? null,
    value: marker?.value ?? null,
    units: marker?.units ?? null,
    units_ucum: marker?.units_ucum ?? null,
    range_min: marker?.range_min ?? null,
    range_max: marker?.range_max ?? null,
    sample_type_ids: marker?.sample_type_ids ?? tubeType?.sample_type_ids ?? [],
    collection_device_ids: marker?.collection_device_ids ?? [],
    tube_type_ids: marker?.tube_type_ids ?? device?.tube_type_ids ?? [],
    sample_type_id: panel?.sample_type_id ?? null,
    marker_ids: panel?.marker_ids ?? [],
    max_capacity: device?.max_capacity ?? null,
    address: lab?.address ?? null,
    phone: lab?.phone ?? null,
    email: lab?.email ?? null,
  };
}

async function upsertItem(db: CommonQueryMethods, item: CatalogueItemSnapshot, event: EventEnvelope) {
  const k = kindColumns(item);
  await db.query(sql.unsafe`
    INSERT INTO catalogue_items (id, kind, name, description, active, sort_order, institution_ids, marker_code, value,
                                 units, units_ucum, range_min, range_max, sample_type_ids, collection_device_ids,
                                 tube_type_ids, sample_type_id, marker_ids, max_capacity, address, phone, email,
                                 version, created_at, updated_at)
    VALUES (${item.itemId}, ${item.kind}, ${item.name}, ${item.description}, ${item.active}, ${item.sort_order},
            ${ids(item.institution_ids)}, ${k.marker_code}, ${k.value}, ${k.units}, ${k.units_ucum}, ${k.range_min},
            ${k.range_max}, ${ids(k.sample_type_ids)}, ${ids(k.collection_device_ids)}, ${ids(k.tube_type_ids)},
            ${k.sample_type_id}, ${ids(k.marker_ids)}, ${k.max_capacity}, ${k.address}, ${k.phone}, ${k.email},
            ${event.version}, ${event.occurredAt}::timestamptz, ${event.occurredAt}::timestamptz)
    ON CONFLICT (id) DO UPDATE SET
      name = excluded.name, description = excluded.description, active = excluded.active,
      sort_order = excluded.sort_order, institution_ids = excluded.institution_ids,
      marker_code = excluded.marker_code, value = excluded.value, units = excluded.units,
      units_ucum = excluded.units_ucum, range_min = excluded.range_min, range_max = excluded.range_max,
      sample_type_ids = excluded.sample_type_ids, collection_device_ids = excluded.collection_device_ids,
      tube_type_ids = excluded.tube_type_ids, sample_type_id = excluded.sample_type_id,
      marker_ids = excluded.marker_ids, max_capacity = excluded.max_capacity, address = excluded.address,
      phone = excluded.phone, email = excluded.email, version = excluded.version, updated_at = excluded.updated_at
    WHERE catalogue_items.version < excluded.version`);
}

/**
 * catalogue_items and lab_assignments, written inline in the append transaction; one projection, so a
 * rebuild replays items and assignments in their one order. Guarded by the stream version (items) and the
 * id (assignments, which never change), so projecting an event twice changes nothing the second time.
 */
async function applyCatalogueEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'CatalogueItemCreated':
    case 'CatalogueItemUpdated':
      return upsertItem(db, parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data), event);
    case 'CatalogueItemDeleted': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'CatalogueItemDeleted', event.data);
      await db.query(sql.unsafe`DELETE FROM catalogue_items WHERE id = ${data.itemId}`);
      return;
    }
    case 'LabAssigned': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'LabAssigned', event.data);
      await db.query(sql.unsafe`
        INSERT INTO lab_assignments (id, institution_id, lab_id, sample_type_id, version, created_at)
        VALUES (${data.assignmentId}, ${data.institution_id}, ${data.lab_id}, ${data.sample_type_id},
                ${event.version}, ${event.occurredAt}::timestamptz)
        ON CONFLICT (id) DO NOTHING`);
      return;
    }
    case 'LabAssignmentRemoved': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'LabAssignmentRemoved', event.data);
      await db.query(sql.unsafe`DELETE FROM lab_assignments WHERE id = ${data.assignmentId}`);
      return;
    }
  }
}

/**
 * The tables' DDL (Projection.init). No foreign keys (a rebuild copies tables without them): the command layer
 * locks referenced rows in the append transaction instead (FOR KEY SHARE, as a foreign key would), and a delete
 * checks in the same transaction that nothing refers to the item.
 */
const CATALOGUE_TABLES = `
  CREATE TABLE IF NOT EXISTS catalogue_items (
    id integer PRIMARY KEY,
    kind text NOT NULL,
    name text NOT NULL,
    description text,
    active boolean NOT NULL,
    sort_order integer NOT NULL,
    -- empty: global (offered to every institution)
    institution_ids integer[] NOT NULL,
    -- markers
    marker_code text,
    value double precision,
    units text,
    units_ucum text,
    range_min double precision,
    range_max double precision,
    sample_type_ids integer[] NOT NULL DEFAULT '{}',
    collection_device_ids integer[] NOT NULL DEFAULT '{}',
    -- markers and collection devices
    tube_type_ids integer[] NOT NULL DEFAULT '{}',
    -- panels
    sample_type_id integer,
    marker_ids integer[] NOT NULL DEFAULT '{}',
    -- collection devices
    max_capacity integer,
    -- labs
    address text,
    phone text,
    email text,
    -- version of the stream's last projected event: the guard that makes re-projection idempotent
    version integer NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS catalogue_items_kind_idx ON catalogue_items (kind, sort_order, name);
  -- "Is anything still referring to this item?" (a delete) reads these.
  CREATE INDEX IF NOT EXISTS catalogue_items_sample_type_ids_idx ON catalogue_items USING gin (sample_type_ids);
  CREATE INDEX IF NOT EXISTS catalogue_items_tube_type_ids_idx ON catalogue_items USING gin (tube_type_ids);
  CREATE INDEX IF NOT EXISTS catalogue_items_collection_device_ids_idx
    ON catalogue_items USING gin (collection_device_ids);
  CREATE INDEX IF NOT EXISTS catalogue_items_marker_ids_idx ON catalogue_items USING gin (marker_ids);
  CREATE INDEX IF NOT EXISTS catalogue_items_sample_type_id_idx ON catalogue_items (sample_type_id);

  CREATE TABLE IF NOT EXISTS lab_assignments (
    id integer PRIMARY KEY,
    institution_id integer NOT NULL,
    lab_id integer NOT NULL,
    sample_type_id integer NOT NULL,
    version integer NOT NULL,
    created_at timestamptz NOT NULL
  );
  -- A lab serves an institution once per sample type; a second assignment rolls its append back (409).
  CREATE UNIQUE INDEX IF NOT EXISTS ${LAB_ASSIGNMENT_UNIQUE_INDEX}
    ON lab_assignments (institution_id, lab_id, sample_type_id);
  CREATE INDEX IF NOT EXISTS lab_assignments_lab_id_idx ON lab_assignments (lab_id);
  CREATE INDEX IF NOT EXISTS lab_assignments_sample_type_id_idx ON lab_assignments (sample_type_id);
`;

/** clinical's CMS catalogue and lab assignments, projected inline from their own events. */
export const catalogueProjection: Projection = {
  name: 'catalogue',
  version: 1,
  handles: [
    'CatalogueItemCreated',
    'CatalogueItemUpdated',
    'CatalogueItemDeleted',
    'LabAssigned',
    'LabAssignmentRemoved',
  ],
  tables: ['catalogue_items', 'lab_assignments'],
  init: CATALOGUE_TABLES,
  apply: applyCatalogueEvent,
};
