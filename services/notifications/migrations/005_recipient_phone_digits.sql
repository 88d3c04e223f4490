-- The log's search finds a phone number in any spelling the user types (+44 7700 900123, 07700900123,
-- 7700 900123): the service reads the search text as a phone number's digits (contracts' phoneSearchDigits) and
-- looks for them in the stored number's digits, here, whatever spelling an entry from before E.164 was kept in.
ALTER TABLE notification_logs
  ADD COLUMN recipient_phone_digits text GENERATED ALWAYS AS (regexp_replace(coalesce(recipient_phone, ''), '[^0-9]', '', 'g')) STORED;
CREATE INDEX notification_logs_phone_digits_trgm_idx ON notification_logs USING gin (recipient_phone_digits gin_trgm_ops)
  WITH (fastupdate = off);
