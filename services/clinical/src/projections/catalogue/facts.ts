/**
 * What the catalogue's commands look up for their rules, and the checks they make in the append
 * transaction: the referential integrity a foreign key would give (the read models have none, so that they
 * can be rebuilt), by row locks on the referenced items.
 */
import { catalogueKindSchema, type CatalogueKind } from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const ids = (values: readonly number[]) => sql.array([...values], 'int4');

const referencedItemSchema = z.object({
  id: z.number().int(),
  kind: catalogueKindSchema,
  name: z.string(),
  institution_ids: z.array(z.number().int()),
  sample_type_ids: z.array(z.number().int()),
  active: z.boolean(),
});
export type CatalogueItemFacts = z.infer<typeof referencedItemSchema>;

/** Of these ids, the items that exist, with what the rules look at. */
export async function catalogueItemFacts(db: CommonQueryMethods, itemIds: readonly number[]) {
  if (itemIds.length === 0) return [];
  return db.any(sql.type(referencedItemSchema)`
    SELECT id, kind, name, institution_ids, sample_type_ids, active
    FROM catalogue_items WHERE id = ANY(${ids(itemIds)})`);
}

/** The panels that hold a marker (its sample types must stay theirs). */
export async function panelsWithMarker(db: CommonQueryMethods, markerId: number) {
  return db.any(sql.type(z.object({ name: z.string(), sample_type_id: z.number().int() }))`
    SELECT name, sample_type_id FROM catalogue_items
    WHERE kind = 'panels' AND ${markerId} = ANY(marker_ids) ORDER BY id`);
}

/**
 * Locks the referenced items until the append commits (FOR KEY SHARE, as a foreign key does) and answers the
 * ids of those that no longer exist: a delete that committed meanwhile. A delete running now waits for this
 * transaction and then finds the reference.
 */
export async function lockReferencedItems(db: CommonQueryMethods, itemIds: readonly number[]): Promise<number[]> {
  if (itemIds.length === 0) return [];
  const found = await db.anyFirst(sql.type(z.object({ id: z.number().int() }))`
    SELECT id FROM catalogue_items WHERE id = ANY(${ids(itemIds)}) ORDER BY id FOR KEY SHARE`);
  return itemIds.filter((id) => !found.includes(id));
}

/**
 * Whether anything still refers to the item: markers (sample types, tube types, devices), panels (sample
 * type, markers), devices (tube types), lab assignments (lab, sample type) and test requests (archived ones
 * too: their record names the items). Run after the item's row was deleted in the same transaction, so a
 * writer that locked it first has committed its reference by now.
 */
export async function isCatalogueItemReferenced(db: CommonQueryMethods, itemId: number): Promise<boolean> {
  return db.oneFirst(sql.type(z.object({ referenced: z.boolean() }))`
    SELECT EXISTS (
             SELECT 1 FROM catalogue_items
             WHERE ${itemId} = ANY(sample_type_ids) OR ${itemId} = ANY(tube_type_ids)
                OR ${itemId} = ANY(collection_device_ids) OR ${itemId} = ANY(marker_ids) OR sample_type_id = ${itemId})
        OR EXISTS (SELECT 1 FROM lab_assignments WHERE lab_id = ${itemId} OR sample_type_id = ${itemId})
        OR EXISTS (SELECT 1 FROM test_requests
                   WHERE lab_id = ${itemId} OR sample_type_id = ${itemId} OR panel_id = ${itemId}
                      OR ${itemId} = ANY(marker_ids) OR ${itemId} = ANY(collection_device_ids))
      AS referenced`);
}

/**
 * The sample type an assignment form names for an institution: by id, or by name (case-insensitive) among
 * the sample types the institution may use, its own before the global ones, active before inactive.
 */
export async function sampleTypeFor(
  db: CommonQueryMethods,
  institutionId: number,
  choice: { id: number | null; name: string | null },
): Promise<CatalogueItemFacts | null> {
  const match =
    choice.id !== null
      ? sql.fragment`id = ${choice.id}`
      : sql.fragment`lower(name) = lower(${choice.name ?? ''})
          AND (institution_ids = '{}' OR ${institutionId} = ANY(institution_ids))`;
  return db.maybeOne(sql.type(referencedItemSchema)`
    SELECT id, kind, name, institution_ids, sample_type_ids, active
    FROM catalogue_items WHERE kind = 'sample-types' AND ${match}
    ORDER BY institution_ids = '{}', NOT active, id LIMIT 1`);
}

/** An item of a kind, or null. */
export async function catalogueItemOfKind(db: CommonQueryMethods, kind: CatalogueKind, itemId: number) {
  const [item] = await catalogueItemFacts(db, [itemId]);
  return item?.kind === kind ? item : null;
}
