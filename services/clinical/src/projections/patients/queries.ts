import { institutionPatientSchema, patientSchema, type Patient, type PatientListQuery } from '@labline/contracts';
import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { PatientScope } from '@labline/contracts';

/** The caller's scope as a condition on `patients`: every read goes through it (docs/architecture.md §5). */
function scopeCondition(scope: PatientScope) {
  switch (scope.kind) {
    case 'all':
      return sql.fragment`TRUE`;
    case 'institutions':
      return sql.fragment`p.institution_ids && ${sql.array([...scope.institutionIds], 'int4')}`;
    case 'clinician':
      return sql.fragment`p.clinician_id = ${scope.clinicianId}
        AND p.institution_ids && ${sql.array([...scope.institutionIds], 'int4')}`;
    case 'none':
      return sql.fragment`FALSE`;
  }
}

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The LIKE pattern of a search (the caller's % and _ taken literally). Three letters or more match anywhere;
 * one or two match the start of a word, which the trigram index can answer ('  t', ' th') where an
 * anywhere-match of fewer than three letters would read every row.
 */
export const searchPattern = (text: string) => (text.length >= 3 ? `%${escapeLike(text)}%` : `% ${escapeLike(text)}%`);

/** The patient of the contract from a `patients p` row: names joined from the projected directory. */
const PATIENT_COLUMNS = sql.fragment`
  p.id, p.first_name, p.last_name, p.date_of_birth, p.gender, p.phone, p.email, p.insurance_number,
  p.nhs_number, p.street_address_1, p.street_address_2, p.city, p.state, p.postal_code, p.country,
  p.medical_record_number, p.institution_id, i.name AS institution_name, p.institution_ids,
  ARRAY(SELECT n.name FROM unnest(p.institution_ids) WITH ORDINALITY AS member(id, position)
        JOIN institutions n ON n.id = member.id ORDER BY member.position) AS institution_names,
  p.clinician_id, c.first_name AS clinician_first_name, c.last_name AS clinician_last_name,
  p.contact_preference, p.created_at, p.updated_at`;

const DIRECTORY_JOINS = sql.fragment`
  LEFT JOIN institutions i ON i.id = p.institution_id
  LEFT JOIN users c ON c.id = p.clinician_id`;

export interface PatientPage {
  patients: Patient[];
  total: number;
}

/**
 * Runs read-model queries planned for a cached table: random reads cost about what sequential ones do, and
 * with that said the planner takes the trigram and institution indexes instead of reading every row.
 */
function withCachedReadCosts<T>(pool: DatabasePool, read: (db: CommonQueryMethods) => Promise<T>): Promise<T> {
  return pool.transaction(async (transaction) => {
    await transaction.query(sql.unsafe`SET LOCAL random_page_cost = 1.1`);
    return read(transaction);
  });
}

const totalSchema = z.object({ total: z.number().int() });

/**
 * GET /patients: newest first, with the total. Without a search, the page (primary key order, or the
 * clinician index) and the count run side by side. With one, the matching ids are collected once through the
 * trigram index and both the total and the page come from them (issue 3: p99 <= 50 ms at 100,000 patients).
 */
export async function listPatients(pool: DatabasePool, scope: PatientScope, query: PatientListQuery) {
  const conditions = [scopeCondition(scope)];
  if (query.institution_id !== undefined) {
    conditions.push(sql.fragment`p.institution_ids && ${sql.array([query.institution_id], 'int4')}`);
  }
  if (query.search) conditions.push(sql.fragment`p.search_text LIKE ${searchPattern(query.search)}`);
  const where = sql.join(conditions, sql.fragment` AND `);
  const offset = (query.page - 1) * query.limit;
  if (!query.search) {
    const [patients, total] = await Promise.all([
      withCachedReadCosts(pool, (db) =>
        db.any(sql.type(patientSchema)`
          WITH page AS (SELECT p.* FROM patients p WHERE ${where} ORDER BY p.id DESC LIMIT ${query.limit} OFFSET ${offset})
          SELECT ${PATIENT_COLUMNS} FROM page p ${DIRECTORY_JOINS} ORDER BY p.id DESC`),
      ),
      withCachedReadCosts(pool, (db) =>
        db.oneFirst(sql.type(totalSchema)`SELECT count(*)::int AS total FROM patients p WHERE ${where}`),
      ),
    ]);
    return { patients: [...patients], total } satisfies PatientPage;
  }
  const matches = await withCachedReadCosts(pool, (db) =>
    db.one(sql.type(totalSchema.extend({ ids: z.array(z.number().int()) }))`
      WITH matches AS MATERIALIZED (SELECT p.id FROM patients p WHERE ${where})
      SELECT (SELECT count(*)::int FROM matches) AS total,
             ARRAY(SELECT id FROM matches ORDER BY id DESC LIMIT ${query.limit} OFFSET ${offset}) AS ids`),
  );
  const patients =
    matches.ids.length === 0
      ? []
      : await pool.any(sql.type(patientSchema)`
          SELECT ${PATIENT_COLUMNS} FROM patients p ${DIRECTORY_JOINS}
          WHERE p.id = ANY(${sql.array(matches.ids, 'int4')}) ORDER BY p.id DESC`);
  return { patients: [...patients], total: matches.total } satisfies PatientPage;
}

/** One patient the caller may see, or null (unknown and out of scope look the same). */
export async function findPatient(db: CommonQueryMethods, scope: PatientScope, id: number): Promise<Patient | null> {
  return db.maybeOne(sql.type(patientSchema)`
    SELECT ${PATIENT_COLUMNS} FROM patients p ${DIRECTORY_JOINS}
    WHERE p.id = ${id} AND ${scopeCondition(scope)}`);
}

/** The most an institution's patient list answers: the institution view shows the newest. */
export const INSTITUTION_PATIENTS_LIMIT = 500;

/** GET /patients/institution/{id}: the institution's patients the caller may see, newest first. */
export async function listInstitutionPatients(db: CommonQueryMethods, scope: PatientScope, institutionId: number) {
  const rows = await db.any(sql.type(
    institutionPatientSchema.omit({ clinician: true }).extend({
      clinician_first_name: z.string().nullable(),
      clinician_last_name: z.string().nullable(),
    }),
  )`
    SELECT p.id, p.first_name, p.last_name, p.medical_record_number, c.first_name AS clinician_first_name,
           c.last_name AS clinician_last_name, p.created_at
    FROM patients p LEFT JOIN users c ON c.id = p.clinician_id
    WHERE p.institution_ids && ${sql.array([institutionId], 'int4')} AND ${scopeCondition(scope)}
    ORDER BY p.id DESC LIMIT ${INSTITUTION_PATIENTS_LIMIT}`);
  return rows.map(({ clinician_first_name, clinician_last_name, ...patient }) => ({
    ...patient,
    clinician:
      clinician_first_name === null || clinician_last_name === null
        ? null
        : { first_name: clinician_first_name, last_name: clinician_last_name },
  }));
}

/** Patients' names ("First Last") by id: whom a test request is for, in its history. */
export async function patientNames(db: CommonQueryMethods, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.any(sql.type(z.object({ id: z.number().int(), name: z.string() }))`
    SELECT id, first_name || ' ' || last_name AS name FROM patients WHERE id = ANY(${sql.array([...ids], 'int4')})`);
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function countPatients(db: CommonQueryMethods): Promise<number> {
  return db.oneFirst(sql.type(z.object({ count: z.number().int() }))`SELECT count(*)::int AS count FROM patients`);
}
