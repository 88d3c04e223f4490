-- Automated reminders (issue 13 part 3): reminder configurations and the scheduled reminders are read models of
-- notifications' own events (ReminderConfig and Reminder streams), written inline in the append transaction.
-- The reminder jobs themselves are pg-boss's, in the schema <schema>_jobs (src/workers/reminders/job-queue.ts).

CREATE SEQUENCE reminder_config_id_seq;

-- The two read models (reminder_configs, scheduled_reminders) are created by their projections themselves
-- (src/projections/reminders/projection.ts).

-- The upcoming reminders view looks for test requests by their expected date: the test-request summary has the
-- index (libs/service-kit/src/test-request-summary.ts).
