import {
  CATALOGUE_ITEM_SCHEMAS,
  collectionDeviceItemSchema,
  isCatalogueKind,
  labItemSchema,
  lookupItemSchema,
  markerItemSchema,
  panelItemSchema,
  type CatalogueItem,
  type CatalogueItemOf,
  type CatalogueKind,
  type CatalogueScope,
} from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * A catalogue_items row with what the item's answer joins in (names, a panel's markers, a device's tube
 * types, a lab's institutions): every kind's fields of the contract, the kind as stored.
 */
const itemRowSchema = lookupItemSchema
  .omit({ kind: true })
  .extend(markerItemSchema.omit({ kind: true }).shape)
  .extend(panelItemSchema.omit({ kind: true, sample_type_id: true, marker_names: true }).shape)
  .extend(collectionDeviceItemSchema.pick({ max_capacity: true, tube_types: true }).shape)
  .extend(
    labItemSchema.pick({ address: true, phone: true, email: true, institution_count: true, test_request_count: true })
      .shape,
  )
  .extend({ kind: z.string(), sample_type_id: z.number().int().nullable() });
type ItemRow = z.infer<typeof itemRowSchema>;

/** The referenced items of an id array in the array's order, as JSON. */
const referencedJson = (column: string, fields: ReturnType<typeof sql.fragment>) => sql.fragment`
  coalesce((SELECT json_agg(${fields} ORDER BY member.position)
            FROM unnest(c.${sql.identifier([column])}) WITH ORDINALITY AS member(id, position)
            JOIN catalogue_items r ON r.id = member.id), '[]')`;

const ITEM_COLUMNS = sql.fragment`
  c.id, c.kind, c.name, c.description, c.active, c.sort_order, c.institution_ids,
  ARRAY(SELECT n.name FROM unnest(c.institution_ids) WITH ORDINALITY AS member(id, position)
        JOIN institutions n ON n.id = member.id ORDER BY member.position) AS institution_names,
  c.marker_code, c.value, c.units, c.units_ucum, c.range_min, c.range_max, c.sample_type_ids,
  c.collection_device_ids, c.tube_type_ids,
  ${referencedJson(
    'tube_type_ids',
    sql.fragment`json_build_object('id', r.id, 'name', r.name, 'sample_type_ids', r.sample_type_ids)`,
  )} AS tube_types,
  c.sample_type_id, (SELECT s.name FROM catalogue_items s WHERE s.id = c.sample_type_id) AS sample_type_name,
  c.marker_ids,
  ${referencedJson(
    'marker_ids',
    sql.fragment`json_build_object('id', r.id, 'name', r.name, 'value', r.value, 'units', r.units)`,
  )} AS markers,
  c.max_capacity, c.address, c.phone, c.email,
  (SELECT count(DISTINCT a.institution_id)::int FROM lab_assignments a WHERE a.lab_id = c.id) AS institution_count,
  (SELECT count(*)::int FROM test_requests t WHERE t.lab_id = c.id AND NOT t.archived) AS test_request_count,
  c.created_at, c.updated_at`;

/** The contract's item of a row: the kind's schema keeps the fields of its kind (and checks them). */
function toItem(row: ItemRow): CatalogueItem {
  if (!isCatalogueKind(row.kind)) throw new Error(`unknown catalogue kind ${row.kind}`);
  return CATALOGUE_ITEM_SCHEMAS[row.kind].parse({
    ...row,
    marker_names: row.markers.map((marker) => marker.name),
    // Users belong to institutions, not to external labs.
    user_count: 0,
  });
}

/** The caller's scope as a condition on `catalogue_items c`. */
function scopeCondition(scope: CatalogueScope) {
  return scope.kind === 'all'
    ? sql.fragment`TRUE`
    : sql.fragment`(c.institution_ids = '{}' OR c.institution_ids && ${sql.array([...scope.institutionIds], 'int4')})`;
}

export interface CatalogueFilter {
  /** Global items and those of this institution only. */
  institutionId?: number | undefined;
  active?: boolean | undefined;
}

/** A kind's items in the caller's scope, by sort order and name. */
export async function listCatalogueItems<K extends CatalogueKind>(
  db: CommonQueryMethods,
  scope: CatalogueScope,
  kind: K,
  filter: CatalogueFilter = {},
): Promise<CatalogueItemOf<K>[]> {
  const conditions = [sql.fragment`c.kind = ${kind}`, scopeCondition(scope)];
  if (filter.institutionId !== undefined) {
    conditions.push(sql.fragment`(c.institution_ids = '{}' OR ${filter.institutionId} = ANY(c.institution_ids))`);
  }
  if (filter.active !== undefined) conditions.push(sql.fragment`c.active = ${filter.active}`);
  const rows = await db.any(sql.type(itemRowSchema)`
    SELECT ${ITEM_COLUMNS} FROM catalogue_items c
    WHERE ${sql.join(conditions, sql.fragment` AND `)}
    ORDER BY c.sort_order, lower(c.name), c.id`);
  return rows.map((row) => toItem(row) as CatalogueItemOf<K>);
}

/** One item of a kind in the caller's scope, or null (unknown, of another kind and out of scope look alike). */
export async function findCatalogueItem<K extends CatalogueKind>(
  db: CommonQueryMethods,
  scope: CatalogueScope,
  kind: K,
  id: number,
): Promise<CatalogueItemOf<K> | null> {
  const row = await db.maybeOne(sql.type(itemRowSchema)`
    SELECT ${ITEM_COLUMNS} FROM catalogue_items c
    WHERE c.id = ${id} AND c.kind = ${kind} AND ${scopeCondition(scope)}`);
  return row ? (toItem(row) as CatalogueItemOf<K>) : null;
}

/** Display names of items by id (the history shows references by name; a deleted one by its id). */
export async function catalogueNames(db: CommonQueryMethods, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.any(
    sql.type(namedSchema)`SELECT id, name FROM catalogue_items WHERE id = ANY(${sql.array([...ids], 'int4')})`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}
