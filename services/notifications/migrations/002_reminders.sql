-- Automated reminders (issue 13 part 3): reminder configurations and the scheduled reminders, both read models of
-- notifications' own events (ReminderConfig and Reminder streams), written inline in the append transaction.
-- The reminder jobs themselves are pg-boss's, in the schema <schema>_jobs (src/reminders/job-queue.ts).

CREATE SEQUENCE reminder_config_id_seq;

-- spec 3 §3 Reminder configuration, one row per type (its stream); a deleted one is kept as deleted, so that the
-- defaults seeded on the first start are never brought back after an administrator deleted them.
CREATE TABLE reminder_configs (
  reminder_type text PRIMARY KEY,
  id integer NOT NULL,
  time_value integer NOT NULL,
  time_unit text NOT NULL,
  notification_channels text NOT NULL,
  subject_template text,
  message_template_email text,
  message_template_sms text,
  is_active boolean NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  version integer NOT NULL
);

-- One configured reminder of one test request: its status (scheduled, sent, missed, too_late, cancelled), when
-- it is due and the job that sends it.
CREATE TABLE scheduled_reminders (
  test_request_id integer NOT NULL,
  reminder_type text NOT NULL,
  status text NOT NULL,
  scheduled_for timestamptz NOT NULL,
  job_id uuid,
  notification_ids integer[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL,
  version integer NOT NULL,
  PRIMARY KEY (test_request_id, reminder_type)
);
CREATE INDEX scheduled_reminders_due_idx ON scheduled_reminders (scheduled_for) WHERE status = 'scheduled';
CREATE INDEX scheduled_reminders_type_idx ON scheduled_reminders (reminder_type) WHERE status = 'scheduled';

-- The upcoming reminders view looks for test requests by their expected date.
CREATE INDEX test_requests_expected_idx ON test_requests (expected_test_datetime)
  WHERE expected_test_datetime IS NOT NULL AND NOT archived;
