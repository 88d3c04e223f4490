-- Notifications' own tables. Read models are projections of event streams (notifications' own messages,
-- identity's institutions and users, clinical's patients and test requests): their projections create them
-- (Projection.init in src/projections/ and service-kit's identity-directory.ts and test-request-summary.ts), not
-- these files.

-- Notification ids are numbers from a sequence, taken before the first event of a stream is appended.
CREATE SEQUENCE notification_id_seq;

-- Which worker is sending which message until when: several replicas never send one message at once. Not a
-- read model (nothing in the events says it), so a rebuild leaves it alone.
CREATE TABLE notification_leases (
  notification_id integer PRIMARY KEY,
  locked_until timestamptz NOT NULL
);
