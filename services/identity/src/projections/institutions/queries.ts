import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** The ids among `ids` that name a registered institution. */
export async function existingInstitutionIds(db: CommonQueryMethods, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.any(
    sql.type(z.object({ id: z.number().int() }))`
      SELECT id FROM institutions WHERE id = ANY(${sql.array(ids, 'int4')})`,
  );
  return new Set(rows.map((row) => row.id));
}
