-- The CMS catalogue and lab assignments (spec 3 §2, §3). Read models of the catalogue-{id} and
-- labAssignment-{id} streams, written by the inline `catalogue` projection in the append transaction and
-- rebuildable from the events. No foreign keys (a rebuild copies tables without them): the command layer
-- locks referenced rows in the append transaction instead (FOR KEY SHARE, as a foreign key would), and a
-- delete checks in the same transaction that nothing refers to the item.

-- One id sequence for every kind: an id names one item, whatever its kind.
CREATE SEQUENCE catalogue_item_id_seq;
CREATE SEQUENCE lab_assignment_id_seq;

CREATE TABLE catalogue_items (
  id integer PRIMARY KEY,
  kind text NOT NULL,
  name text NOT NULL,
  description text,
  active boolean NOT NULL,
  sort_order integer NOT NULL,
  -- empty: global (offered to every institution)
  institution_ids integer[] NOT NULL,
  -- markers
  marker_code text,
  value double precision,
  units text,
  units_ucum text,
  range_min double precision,
  range_max double precision,
  sample_type_ids integer[] NOT NULL DEFAULT '{}',
  collection_device_ids integer[] NOT NULL DEFAULT '{}',
  -- markers and collection devices
  tube_type_ids integer[] NOT NULL DEFAULT '{}',
  -- panels
  sample_type_id integer,
  marker_ids integer[] NOT NULL DEFAULT '{}',
  -- collection devices
  max_capacity integer,
  -- labs
  address text,
  phone text,
  email text,
  -- version of the stream's last projected event: the guard that makes re-projection idempotent
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX catalogue_items_kind_idx ON catalogue_items (kind, sort_order, name);
-- "Is anything still referring to this item?" (a delete) reads these.
CREATE INDEX catalogue_items_sample_type_ids_idx ON catalogue_items USING gin (sample_type_ids);
CREATE INDEX catalogue_items_tube_type_ids_idx ON catalogue_items USING gin (tube_type_ids);
CREATE INDEX catalogue_items_collection_device_ids_idx ON catalogue_items USING gin (collection_device_ids);
CREATE INDEX catalogue_items_marker_ids_idx ON catalogue_items USING gin (marker_ids);
CREATE INDEX catalogue_items_sample_type_id_idx ON catalogue_items (sample_type_id);

CREATE TABLE lab_assignments (
  id integer PRIMARY KEY,
  institution_id integer NOT NULL,
  lab_id integer NOT NULL,
  sample_type_id integer NOT NULL,
  version integer NOT NULL,
  created_at timestamptz NOT NULL
);
-- A lab serves an institution once per sample type; a second assignment rolls its append back (409).
CREATE UNIQUE INDEX lab_assignments_institution_lab_sample_type_key
  ON lab_assignments (institution_id, lab_id, sample_type_id);
CREATE INDEX lab_assignments_lab_id_idx ON lab_assignments (lab_id);
CREATE INDEX lab_assignments_sample_type_id_idx ON lab_assignments (sample_type_id);
