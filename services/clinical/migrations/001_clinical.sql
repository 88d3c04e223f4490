-- Clinical's own tables. Read models are projections of event streams (clinical's own patients, identity's
-- institutions and users), kept without foreign keys so they can be truncated and rebuilt from the events.

-- Trigram indexes make the patient search (a substring of name, MRN or e-mail) an index lookup.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- Patient ids are numbers from a sequence, taken before the first event of a stream is appended.
CREATE SEQUENCE patient_id_seq;

-- Institutions and users as identity's events describe them (clinical never asks identity over HTTP) are the
-- identity directory's tables: it creates them itself (service-kit's identity-directory.ts).

-- The patient read model, written by the inline projection in the append transaction (read-your-writes).
CREATE TABLE patients (
  id integer PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  date_of_birth date,
  gender text,
  phone text,
  email text,
  insurance_number text,
  nhs_number text,
  street_address_1 text,
  street_address_2 text,
  city text,
  state text,
  postal_code text,
  country text,
  medical_record_number text NOT NULL,
  -- the primary institution (the first of institution_ids)
  institution_id integer NOT NULL,
  institution_ids integer[] NOT NULL,
  clinician_id integer,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- What the search box matches: name, MRN and e-mail, lower-cased once at write time. The leading space
  -- lets a one- or two-letter search match the start of a word (' th') through the trigram index.
  search_text text GENERATED ALWAYS AS (
    ' ' || lower(first_name || ' ' || last_name || ' ' || medical_record_number || ' ' || coalesce(email, ''))
  ) STORED
);
-- fastupdate off: each write goes straight into the index instead of a pending list that every search
-- would scan until the next vacuum; patients are written rarely and searched often.
CREATE INDEX patients_search_trgm_idx ON patients USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX patients_institution_ids_idx ON patients USING gin (institution_ids) WITH (fastupdate = off);
CREATE INDEX patients_clinician_id_idx ON patients (clinician_id, id);

-- A medical record number is unique within each institution of its patient; this table holds the claim
-- per institution, so the rule holds under concurrent writers too (a violation rolls the append back).
CREATE TABLE patient_record_numbers (
  institution_id integer NOT NULL,
  medical_record_number text NOT NULL,
  patient_id integer NOT NULL,
  PRIMARY KEY (institution_id, medical_record_number)
);
CREATE INDEX patient_record_numbers_patient_id_idx ON patient_record_numbers (patient_id);
