-- The CMS catalogue and lab assignments (spec 3 §2, §3): read models of the catalogue-{id} and labAssignment-{id}
-- streams, whose tables (catalogue_items, lab_assignments) the inline `catalogue` projection creates itself
-- (Projection.init in src/projections/catalogue/projection.ts).

-- One id sequence for every kind: an id names one item, whatever its kind.
CREATE SEQUENCE catalogue_item_id_seq;
CREATE SEQUENCE lab_assignment_id_seq;
