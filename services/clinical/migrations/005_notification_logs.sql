-- The notification history of test requests (spec 1 §3 Notification log) was created here; the projection kept by
-- the durable consumer `clinical-notification-logs` creates its table itself now (notification_logs,
-- Projection.init in src/projections/notification-logs/projection.ts).
SELECT 1;
