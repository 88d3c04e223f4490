/**
 * The inventory list, its summary and alerts, and one item, each within the caller's scope: super_admin every item,
 * everyone else the global items and their institutions' (canReadInventoryItem's rule, as SQL).
 */
import {
  inventoryItemSchema,
  INVENTORY_LIMITS,
  stockLevel,
  type Caller,
  type InventoryItem,
  type InventoryListQuery,
} from '@labline/contracts';
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

/** The items a caller sees. */
export function itemScope(caller: Caller): FragmentSqlToken {
  if (caller.role === 'super_admin') return sql.fragment`true`;
  return sql.fragment`(i.institution_id IS NULL OR i.institution_id = ANY(${sql.array([...caller.institutionIds], 'int4')}))`;
}

const LOW = sql.fragment`i.quantity_available <= i.minimum_threshold`;

const rowSchema = inventoryItemSchema.omit({ stock_level: true });
const ITEM_COLUMNS = sql.fragment`
  i.id, i.item_name, i.item_sku, i.item_description, i.category, i.quantity_available, i.quantity_reserved,
  i.minimum_threshold, i.location, i.po_number,
  to_char(i.purchase_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS purchase_date,
  to_char(i.received_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS received_date,
  i.institution_id, n.name AS institution_name,
  to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(i.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;
const ITEM_SOURCE = sql.fragment`inventory_items i LEFT JOIN institutions n ON n.id = i.institution_id`;

const withLevel = (row: z.infer<typeof rowSchema>): InventoryItem => ({ ...row, stock_level: stockLevel(row) });

function listConditions(caller: Caller, query: InventoryListQuery): FragmentSqlToken {
  const conditions = [itemScope(caller)];
  if (query.category) conditions.push(sql.fragment`i.category = ${query.category}`);
  if (query.location) conditions.push(sql.fragment`i.location = ${query.location}`);
  if (query.low_stock) conditions.push(LOW);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql.fragment`(i.item_name ILIKE ${like} OR i.item_sku ILIKE ${like})`);
  }
  return sql.fragment`${sql.join(conditions, sql.fragment` AND `)}`;
}

const summarySchema = z.object({
  total_items: z.number().int(),
  low_stock: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
});

/** A page of the list (by name), the filters' summary over every match, and the scope's low-stock alerts. */
export async function listItems(db: CommonQueryMethods, caller: Caller, query: InventoryListQuery) {
  const where = listConditions(caller, query);
  const [rows, summary, alerts] = await Promise.all([
    db.any(sql.type(rowSchema)`
      SELECT ${ITEM_COLUMNS} FROM ${ITEM_SOURCE} WHERE ${where}
      ORDER BY i.item_name, i.id LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`),
    db.one(sql.type(summarySchema)`
      SELECT count(*)::int AS total_items,
             count(*) FILTER (WHERE ${LOW})::int AS low_stock,
             coalesce(sum(i.quantity_reserved), 0)::int AS reserved,
             coalesce(sum(i.quantity_available - i.quantity_reserved), 0)::int AS available
      FROM inventory_items i WHERE ${where}`),
    db.any(sql.type(rowSchema)`
      SELECT ${ITEM_COLUMNS} FROM ${ITEM_SOURCE} WHERE ${itemScope(caller)} AND ${LOW}
      ORDER BY i.quantity_available - i.minimum_threshold, i.item_name, i.id LIMIT ${INVENTORY_LIMITS.pageSize}`),
  ]);
  return { items: rows.map(withLevel), summary, alerts: alerts.map(withLevel) };
}

/** An item the caller sees, or null. */
export async function findItem(db: CommonQueryMethods, caller: Caller, id: number): Promise<InventoryItem | null> {
  const row = await db.maybeOne(sql.type(rowSchema)`
    SELECT ${ITEM_COLUMNS} FROM ${ITEM_SOURCE} WHERE i.id = ${id} AND ${itemScope(caller)}`);
  return row ? withLevel(row) : null;
}

/** The institution's name, for an item as of a date (whose row may have moved since). */
export function institutionName(db: CommonQueryMethods, id: number | null): Promise<string | null> {
  if (id === null) return Promise.resolve(null);
  return db.maybeOneFirst(sql.type(z.object({ name: z.string() }))`SELECT name FROM institutions WHERE id = ${id}`);
}

/** Whether identity has registered the institution (the form's institution must exist). */
export async function institutionExists(db: CommonQueryMethods, id: number): Promise<boolean> {
  return (await institutionName(db, id)) !== null;
}

/** The active institution admins a low-stock notice reaches: the item's institution's, or every one (global). */
export function institutionAdminCount(db: CommonQueryMethods, institutionId: number | null): Promise<number> {
  const where = institutionId === null ? sql.fragment`true` : sql.fragment`institution_id = ${institutionId}`;
  return db.oneFirst(sql.type(z.object({ count: z.number().int() }))`
    SELECT count(*)::int AS count FROM users WHERE role = 'institution_admin' AND is_active AND ${where}`);
}
