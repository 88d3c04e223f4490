-- A patient's contact preference (issue 13 §2b) was added to patients here; the patients projection's own DDL has
-- the column now (Projection.init in src/projections/patients/projection.ts).
SELECT 1;
