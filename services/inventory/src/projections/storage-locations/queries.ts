import { storageLocationSchema, type StorageLocation } from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';

const COLUMNS = sql.fragment`id, name, description, active, sort_order,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

/** spec 3 §2: sorted by sort_order, lowest first (then by name); `active`: only those (the form's list). */
export async function listStorageLocations(db: CommonQueryMethods, active?: boolean): Promise<StorageLocation[]> {
  const filter = active === undefined ? sql.fragment`true` : sql.fragment`active = ${active}`;
  return [
    ...(await db.any(sql.type(storageLocationSchema)`
      SELECT ${COLUMNS} FROM storage_locations WHERE ${filter} ORDER BY sort_order, name, id`)),
  ];
}

export function findStorageLocation(db: CommonQueryMethods, id: number): Promise<StorageLocation | null> {
  return db.maybeOne(sql.type(storageLocationSchema)`SELECT ${COLUMNS} FROM storage_locations WHERE id = ${id}`);
}
