/**
 * Bulk loading for the patient search benchmark: identity's directory (institutions, users) and 100,000
 * patients written straight into clinical's read models with set-based SQL. The inline projection would
 * take hours for that many appends; the rows it would write are the same, and the search reads only these
 * tables.
 */
import { sql, type DatabasePool } from '@labline/db';
import { DEMO_LAST_NAMES } from '@labline/clinical';

export const INSTITUTIONS = 20;
export const CLINICIANS_PER_INSTITUTION = 10;
export const SUPER_ADMIN_ID = 1;
export const INSTITUTION_ADMIN_ID = 2;
/** Clinician k (0-based) of institution i has id CLINICIAN_BASE + i * CLINICIANS_PER_INSTITUTION + k. */
export const CLINICIAN_BASE = 100;

export const FIRST_NAMES = [
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Noah',
  'Mia',
  'Arthur',
  'Grace',
  'Leo',
  'Freya',
  'Harry',
  'Evie',
  'Jack',
  'Sienna',
  'Alfie',
  'Ivy',
  'Theo',
  'Rosie',
  'Samir',
  'Priya',
  'Kwame',
  'Aisha',
  'Tomasz',
  'Chloe',
  'Reuben',
  'Niamh',
  'Ewan',
  'Hannah',
  'Callum',
  'Lucy',
  'Owen',
  'Zara',
  'Finley',
  'Maryam',
  'Luca',
  'Poppy',
  'Ethan',
  'Imogen',
  'Yusuf',
  'Ruby',
  'Oscar',
  'Matilda',
  'Dylan',
  'Elsie',
  'Jacob',
  'Florence',
  'Ibrahim',
];
/** The demo seed's surnames and more, so that surname searches match a realistic share of 100,000 rows. */
export const LAST_NAMES = [
  ...DEMO_LAST_NAMES,
  'Singh',
  'Ahmed',
  'Taylor',
  'Brown',
  'Wilson',
  'Johnson',
  'Roberts',
  'Wood',
  'Lewis',
  'Harris',
  'Martin',
  'Jackson',
  'Green',
  'Hall',
  'Allen',
  'Young',
  'King',
  'Scott',
  'Baker',
  'Adams',
  'Mitchell',
  'Turner',
  'Phillips',
  'Parker',
  'Cooper',
  'Morris',
  'Ward',
  'Price',
  'Bell',
  'Kelly',
  'Cook',
  'Richardson',
  'Cox',
  'Marshall',
  'Webb',
  'Kowalski',
  'Mensah',
  'Nguyen',
  'Silva',
  'Rossi',
  "O'Brien",
];

export async function loadDirectory(pool: DatabasePool, institutions: number = INSTITUTIONS): Promise<void> {
  await pool.query(sql.unsafe`
    INSERT INTO institutions (id, name, address, version)
    SELECT i, 'Institution ' || i, i || ' Bench Road', 0 FROM generate_series(1, ${institutions}) i`);
  await pool.query(sql.unsafe`
    INSERT INTO users (id, email, first_name, last_name, role, institution_id, clinician_institution_ids, is_active,
                       version)
    VALUES (${SUPER_ADMIN_ID}, 'super@bench.test', 'Sarah', 'Mitchell', 'super_admin', NULL, '{}', true, 0),
           (${INSTITUTION_ADMIN_ID}, 'admin@bench.test', 'James', 'Carter', 'institution_admin', 1, '{}', true, 0)`);
  await pool.query(sql.unsafe`
    INSERT INTO users (id, email, first_name, last_name, role, institution_id, clinician_institution_ids, is_active,
                       version)
    SELECT ${CLINICIAN_BASE} + i * ${CLINICIANS_PER_INSTITUTION} + k, 'clinician' || i || '.' || k || '@bench.test',
           'Clinician', i || '-' || k, 'clinician', i, ARRAY[i], true, 0
    FROM generate_series(1, ${institutions}) i, generate_series(0, ${CLINICIANS_PER_INSTITUTION - 1}) k`);
}

/** `count` patients spread over the institutions and their clinicians; names mixed by a multiplicative hash. */
export async function loadPatients(pool: DatabasePool, count: number): Promise<void> {
  await pool.query(sql.unsafe`
    INSERT INTO patients (id, first_name, last_name, date_of_birth, gender, phone, email, insurance_number, nhs_number,
                          street_address_1, street_address_2, city, state, postal_code, country,
                          medical_record_number, institution_id, institution_ids, clinician_id, version, created_at,
                          updated_at)
    SELECT g, f.name, l.name, DATE '1940-01-01' + ((g * 7919) % 29000)::int,
           (ARRAY['Male', 'Female', 'Other', 'Prefer not to say'])[1 + (g * 31) % 4],
           '+44 7700 ' || lpad(((g * 104729) % 1000000)::text, 6, '0'),
           CASE WHEN g % 10 = 0 THEN NULL
                ELSE lower(replace(f.name || '.' || l.name, '''', '')) || (g % 997) || '@example.com' END,
           NULL, lpad(((g * 2654435761) % 10000000000)::text, 10, '0'),
           (g % 300) || ' High Street', NULL, 'Town ' || (g % 50), NULL, 'NW' || (g % 20) || ' 1AB', 'United Kingdom',
           'MRN-' || inst || '-' || lpad(g::text, 6, '0'), inst, ARRAY[inst],
           ${CLINICIAN_BASE} + inst * ${CLINICIANS_PER_INSTITUTION} + (g / 7) % ${CLINICIANS_PER_INSTITUTION}, 0,
           now() - (${count} - g) * interval '1 minute', now() - (${count} - g) * interval '1 minute'
    FROM generate_series(1::bigint, ${count}) g
    CROSS JOIN LATERAL (SELECT 1 + (g * 17) % ${INSTITUTIONS} AS inst) placement
    CROSS JOIN LATERAL (SELECT (${sql.array(FIRST_NAMES, 'text')})[1 + (g * 2654435761) % ${FIRST_NAMES.length}] AS name) f
    CROSS JOIN LATERAL (SELECT (${sql.array(LAST_NAMES, 'text')})[1 + ((g * 7919) / 13) % ${LAST_NAMES.length}] AS name) l`);
  await pool.query(sql.unsafe`
    INSERT INTO patient_record_numbers (institution_id, medical_record_number, patient_id)
    SELECT institution_id, medical_record_number, id FROM patients`);
  await pool.query(sql.unsafe`SELECT setval('patient_id_seq', ${count})`);
  // What autovacuum does after a bulk load: statistics, and the visibility map that index-only counts use.
  await pool.query(sql.unsafe`VACUUM ANALYZE`);
}
