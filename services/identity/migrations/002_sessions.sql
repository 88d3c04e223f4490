-- Server-side sessions were created here; the projection creates its table itself now (sessions, Projection.init
-- in src/projections/sessions/projection.ts).
SELECT 1;
