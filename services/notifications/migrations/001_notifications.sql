-- Notifications' own tables. Read models are projections of event streams (notifications' own messages,
-- identity's institutions and users, clinical's patients and test requests), kept without foreign keys so they
-- can be truncated and rebuilt from the events.

-- The log's search box matches a substring of the recipient's e-mail or phone or the subject.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- Notification ids are numbers from a sequence, taken before the first event of a stream is appended.
CREATE SEQUENCE notification_id_seq;

-- Institutions, users and ended sessions as identity's events describe them (names for the log, callers' roles
-- and scopes, the contact form's sender) are the identity directory's tables: it creates them itself
-- (service-kit's identity-directory.ts).

-- Patients' contact details as clinical's events describe them: who a reaction writes to.
CREATE TABLE patients (
  id integer PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text,
  phone text,
  institution_ids integer[] NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  version integer NOT NULL
);

-- Their test requests are the kit's test-request summary (test_request_summaries), created by the clinical
-- directory's own DDL (src/projections/clinical/projection.ts).

-- The notification log (spec 3 §3), written by the inline projection in the append transaction. A pending row
-- is also the delivery worker's queue: it is due at next_attempt_at.
CREATE TABLE notification_logs (
  id integer PRIMARY KEY,
  -- one message per cause, recipient and channel: a redelivered event never requests a second one
  idempotency_key text NOT NULL,
  message_type text NOT NULL,
  notification_type text NOT NULL,
  recipient_type text NOT NULL,
  recipient_email text,
  recipient_phone text,
  patient_id integer,
  patient_name text,
  subject text,
  body text NOT NULL,
  reply_to text,
  test_request_id integer,
  institution_id integer,
  triggered_by_type text NOT NULL,
  triggered_by_user_id integer,
  delivery_status text NOT NULL,
  error_message text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  provider_message_id text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  updated_at timestamptz NOT NULL,
  version integer NOT NULL,
  search_text text GENERATED ALWAYS AS (
    ' ' || lower(coalesce(recipient_email, '') || ' ' || coalesce(recipient_phone, '') || ' ' || coalesce(subject, ''))
  ) STORED
);
CREATE UNIQUE INDEX notification_logs_idempotency_key_idx ON notification_logs (idempotency_key);
CREATE INDEX notification_logs_due_idx ON notification_logs (next_attempt_at) WHERE delivery_status = 'pending';
CREATE INDEX notification_logs_newest_idx ON notification_logs (created_at DESC, id DESC);
CREATE INDEX notification_logs_institution_idx ON notification_logs (institution_id, created_at DESC);
CREATE INDEX notification_logs_provider_message_idx ON notification_logs (provider_message_id);
CREATE INDEX notification_logs_search_trgm_idx ON notification_logs USING gin (search_text gin_trgm_ops)
  WITH (fastupdate = off);

-- Which worker is sending which message until when: several replicas never send one message at once. Not a
-- read model (nothing in the events says it), so a rebuild leaves it alone.
CREATE TABLE notification_leases (
  notification_id integer PRIMARY KEY,
  locked_until timestamptz NOT NULL
);
