-- Test requests (spec 1 §3, §7): the read model of the testRequest-{id} streams, written by the inline
-- `test-requests` projection in the append transaction and rebuildable from the events. Patient, clinician,
-- institution, lab and catalogue names are joined from their own tables when read, so a renamed patient or
-- marker shows its current name.

CREATE SEQUENCE test_request_id_seq;

CREATE TABLE test_requests (
  id integer PRIMARY KEY,
  patient_id integer NOT NULL,
  institution_id integer NOT NULL,
  clinician_id integer,
  requested_by integer,
  test_type_id integer NOT NULL,
  priority text NOT NULL,
  status text NOT NULL,
  sample_type_id integer NOT NULL,
  sample_type text NOT NULL,
  panel_id integer,
  marker_ids integer[] NOT NULL,
  collection_device_ids integer[] NOT NULL,
  device_selections jsonb NOT NULL,
  test_name text NOT NULL,
  department text,
  cms_priority text,
  cms_status text,
  notes text,
  custom_data jsonb,
  barcode_number text NOT NULL,
  expected_test_datetime timestamptz,
  lab_id integer NOT NULL,
  fulfillment_by_partner boolean NOT NULL,
  fulfillment_partner_id integer,
  -- archived (DELETE): out of every list and answer; the barcode stays taken
  archived boolean NOT NULL DEFAULT false,
  -- version of the stream's last projected event: the guard that makes re-projection idempotent
  version integer NOT NULL,
  requested_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- What the search box matches besides the patient's name and MRN: the test's name and the barcode.
  search_text text GENERATED ALWAYS AS (' ' || lower(test_name || ' ' || barcode_number)) STORED
);
-- A barcode labels one sample: unique over every request, archived ones included (409 naming the field).
CREATE UNIQUE INDEX test_requests_barcode_number_key ON test_requests (barcode_number);
CREATE INDEX test_requests_institution_id_idx ON test_requests (institution_id, id) WHERE NOT archived;
CREATE INDEX test_requests_patient_id_idx ON test_requests (patient_id, id);
CREATE INDEX test_requests_clinician_id_idx ON test_requests (clinician_id, id);
CREATE INDEX test_requests_search_trgm_idx ON test_requests USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
-- "Is a catalogue item still used?" (a catalogue delete) reads these.
CREATE INDEX test_requests_lab_id_idx ON test_requests (lab_id);
CREATE INDEX test_requests_sample_type_id_idx ON test_requests (sample_type_id);
CREATE INDEX test_requests_panel_id_idx ON test_requests (panel_id);
CREATE INDEX test_requests_marker_ids_idx ON test_requests USING gin (marker_ids);
CREATE INDEX test_requests_collection_device_ids_idx ON test_requests USING gin (collection_device_ids);
