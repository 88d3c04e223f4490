-- The notification history of test requests (spec 1 §3 Notification log): the notifications service's
-- notification-{id} streams as its events describe them, kept by the durable consumer
-- `clinical-notification-logs` and rebuildable from the JetStream stream.
--
-- One row per notification. Only a message about a test request keeps what it was and to whom it went; of any
-- other (a password reset, a contact message) the row holds its id and status alone. A status event may arrive
-- before its NotificationRequested (a redelivery after a failure): it writes the status into a row whose
-- descriptive columns the request fills in when it arrives.
CREATE TABLE notification_logs (
  id integer PRIMARY KEY,
  -- null until the request has arrived, or when the message is about no test request
  test_request_id integer,
  institution_id integer,
  message_type text,
  notification_type text,
  recipient_type text,
  recipient_email text,
  recipient_phone text,
  triggered_by_type text,
  triggered_by_user_id integer,
  -- when it was requested
  created_at timestamptz,
  -- the first time the provider took or delivered it
  sent_at timestamptz,
  delivery_status text NOT NULL,
  error_message text,
  -- version of the stream's last projected status event: the guard that keeps a stale or repeated one out
  version integer NOT NULL,
  CONSTRAINT notification_logs_request_described CHECK (
    test_request_id IS NULL OR (message_type IS NOT NULL AND notification_type IS NOT NULL
                                AND recipient_type IS NOT NULL AND triggered_by_type IS NOT NULL
                                AND created_at IS NOT NULL)
  )
);
CREATE INDEX notification_logs_test_request_id_idx ON notification_logs (test_request_id, created_at DESC, id DESC)
  WHERE test_request_id IS NOT NULL;
