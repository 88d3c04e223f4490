import { CLINICAL_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** The catalogue kinds results reads: markers (names, units, ranges), panels (their markers), labs (the report). */
const KINDS = ['markers', 'panels', 'labs'];

/**
 * clinical's markers, panels and labs as results needs them: a marker's name, description, units (as typed and in
 * UCUM), reference range and LOINC code, a panel's markers, a lab's name. Created and Updated carry the item whole; a deleted
 * item keeps its row, marked deleted (results entered before still name it). Guarded by the item stream's version.
 */
async function applyCatalogueEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  if (event.type === 'CatalogueItemDeleted') {
    const d = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
    if (!KINDS.includes(d.kind)) return;
    await db.query(sql.unsafe`
      UPDATE results_catalogue SET deleted = true, version = ${event.version}
      WHERE id = ${d.itemId} AND version < ${event.version}`);
    return;
  }
  if (event.type !== 'CatalogueItemCreated' && event.type !== 'CatalogueItemUpdated') return;
  const item = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
  if (item.kind !== 'markers' && item.kind !== 'panels' && item.kind !== 'labs') return;
  const marker = item.kind === 'markers' ? item : null;
  const markerIds = item.kind === 'panels' ? item.marker_ids : [];
  await db.query(sql.unsafe`
    INSERT INTO results_catalogue (id, kind, name, description, units, units_ucum, range_min, range_max, marker_ids,
      institution_ids, marker_code, deleted, version)
    VALUES (${item.itemId}, ${item.kind}, ${item.name}, ${item.description}, ${marker?.units ?? null},
      ${marker?.units_ucum ?? null}, ${marker?.range_min ?? null}, ${marker?.range_max ?? null},
      ${sql.array(markerIds, 'int4')}, ${sql.array(item.institution_ids, 'int4')}, ${marker?.marker_code ?? null}, false, ${event.version})
    ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, name = excluded.name, description = excluded.description,
      units = excluded.units, units_ucum = excluded.units_ucum, range_min = excluded.range_min,
      range_max = excluded.range_max, marker_ids = excluded.marker_ids, institution_ids = excluded.institution_ids,
      marker_code = excluded.marker_code,
      deleted = false, version = excluded.version
    WHERE results_catalogue.version < excluded.version`);
}

export const catalogueProjection: CrossServiceProjection = {
  name: 'catalogue',
  // 2: a marker's LOINC code (marker_code), which an external laboratory's order names it by
  version: 2,
  subjects: ['lab.clinical.catalogue.>'],
  handles: ['CatalogueItemCreated', 'CatalogueItemUpdated', 'CatalogueItemDeleted'],
  tables: ['results_catalogue'],
  init: `
    CREATE TABLE IF NOT EXISTS results_catalogue (
      id integer PRIMARY KEY,
      kind text NOT NULL,
      name text NOT NULL,
      description text,
      units text,
      units_ucum text,
      range_min double precision,
      range_max double precision,
      marker_ids integer[] NOT NULL DEFAULT '{}',
      institution_ids integer[] NOT NULL DEFAULT '{}',
      deleted boolean NOT NULL DEFAULT false,
      version integer NOT NULL
    );
    ALTER TABLE results_catalogue ADD COLUMN IF NOT EXISTS marker_code text;`,
  apply: applyCatalogueEvent,
};
