import { labAssignmentSchema, type LabAssignment } from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';

/** An assignment of the contract from `lab_assignments a`, with its lab's details and sample type's name. */
const ASSIGNMENT_COLUMNS = sql.fragment`
  a.id, a.institution_id, a.lab_id, s.name AS sample_type, a.sample_type_id, a.created_at,
  l.name AS lab_name, l.description AS lab_description, l.address AS lab_address, l.phone AS lab_phone,
  l.email AS lab_email, l.active AS lab_active, NULL::text AS contact_person`;
const ASSIGNMENT_JOINS = sql.fragment`
  JOIN catalogue_items l ON l.id = a.lab_id
  JOIN catalogue_items s ON s.id = a.sample_type_id`;

export interface LabAssignmentFilter {
  /** The sample type's name, case-insensitive (the order form's). */
  sampleType?: string | undefined;
  sampleTypeId?: number | undefined;
}

/** An institution's lab assignments, by lab name and sample type. */
export async function listLabAssignments(
  db: CommonQueryMethods,
  institutionId: number,
  filter: LabAssignmentFilter = {},
): Promise<LabAssignment[]> {
  const conditions = [sql.fragment`a.institution_id = ${institutionId}`];
  if (filter.sampleType !== undefined) conditions.push(sql.fragment`lower(s.name) = lower(${filter.sampleType})`);
  if (filter.sampleTypeId !== undefined) conditions.push(sql.fragment`a.sample_type_id = ${filter.sampleTypeId}`);
  const rows = await db.any(sql.type(labAssignmentSchema)`
    SELECT ${ASSIGNMENT_COLUMNS} FROM lab_assignments a ${ASSIGNMENT_JOINS}
    WHERE ${sql.join(conditions, sql.fragment` AND `)}
    ORDER BY lower(l.name), lower(s.name), a.id`);
  return [...rows];
}

/** One assignment of an institution, or null. */
export async function findLabAssignment(
  db: CommonQueryMethods,
  institutionId: number,
  assignmentId: number,
): Promise<LabAssignment | null> {
  return db.maybeOne(sql.type(labAssignmentSchema)`
    SELECT ${ASSIGNMENT_COLUMNS} FROM lab_assignments a ${ASSIGNMENT_JOINS}
    WHERE a.id = ${assignmentId} AND a.institution_id = ${institutionId}`);
}
