import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** Of these institution ids, the ones identity has registered. */
export async function knownInstitutionIds(db: CommonQueryMethods, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.anyFirst(
    sql.type(z.object({ id: z.number().int() }))`
      SELECT id FROM institutions WHERE id = ANY(${sql.array([...ids], 'int4')})`,
  );
  return [...rows];
}

/** Active clinicians of an institution: their primary one or a linked one (as identity lists them). */
export async function activeClinicianIds(db: CommonQueryMethods, institutionId: number): Promise<number[]> {
  const rows = await db.anyFirst(
    sql.type(z.object({ id: z.number().int() }))`
      SELECT id FROM users
      WHERE role = 'clinician' AND is_active
        AND (institution_id = ${institutionId} OR ${institutionId} = ANY(clinician_institution_ids))
      ORDER BY id`,
  );
  return [...rows];
}

/** Institution ids by name, for the demo seed (which waits until identity's events have arrived). */
export async function institutionIdsByName(db: CommonQueryMethods, names: readonly string[]) {
  const rows = await db.any(
    sql.type(z.object({ id: z.number().int(), name: z.string() }))`
      SELECT id, name FROM institutions WHERE name = ANY(${sql.array([...names], 'text')})`,
  );
  return new Map(rows.map((row) => [row.name, row.id]));
}

export async function activeUserIdsByEmail(db: CommonQueryMethods, emails: readonly string[]) {
  const rows = await db.any(
    sql.type(z.object({ id: z.number().int(), email: z.string() }))`
      SELECT id, email FROM users WHERE is_active AND lower(email) = ANY(${sql.array([...emails], 'text')})`,
  );
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
}

const idNameSchema = z.object({ id: z.number().int(), name: z.string() });

/** Users' display names ("First Last") by id: who acted, in a record's history. */
export async function userNames(db: CommonQueryMethods, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.any(sql.type(idNameSchema)`
    SELECT id, first_name || ' ' || last_name AS name FROM users WHERE id = ANY(${sql.array([...ids], 'int4')})`);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Institution names by id. */
export async function institutionNames(db: CommonQueryMethods, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.any(sql.type(idNameSchema)`
    SELECT id, name FROM institutions WHERE id = ANY(${sql.array([...ids], 'int4')})`);
  return new Map(rows.map((row) => [row.id, row.name]));
}
