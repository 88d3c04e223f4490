-- Patients per institution for the institution stats were created here; the projection creates its table itself
-- now (institution_patients, Projection.init in src/projections/institution-patients/projection.ts).
SELECT 1;
