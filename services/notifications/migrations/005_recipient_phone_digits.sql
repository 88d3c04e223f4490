-- The notification log's recipient_phone_digits column and its trigram index came here; the projection's own DDL
-- has them now (Projection.init in src/projections/notification-logs/projection.ts).
SELECT 1;
