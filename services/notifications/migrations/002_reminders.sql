-- Automated reminders (issue 13 part 3): reminder configurations and the scheduled reminders are read models of
-- notifications' own events (ReminderConfig and Reminder streams), written inline in the append transaction.
-- The reminder jobs themselves are pg-boss's, in the schema <schema>_jobs (src/reminders/job-queue.ts).

CREATE SEQUENCE reminder_config_id_seq;

-- The two read models (reminder_configs, scheduled_reminders) are created by their projections themselves
-- (src/projections/reminders/projection.ts).

-- The upcoming reminders view looks for test requests by their expected date.
CREATE INDEX test_requests_expected_idx ON test_requests (expected_test_datetime)
  WHERE expected_test_datetime IS NOT NULL AND NOT archived;
