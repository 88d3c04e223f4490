-- Consent and channel choice (issue 13 §2b): the patient's contact preference, as clinical's events describe it,
-- and the numbers that replied STOP to an SMS.

-- Patients recorded before the preference existed have the default: the channels their details allow.
ALTER TABLE patients ADD COLUMN contact_preference text NOT NULL DEFAULT 'both';

-- One row per number that ever replied an opt-out or opt-in keyword (the SmsConsent streams), written by the
-- inline projection in the append transaction.
CREATE TABLE sms_consents (
  -- E.164, e.g. +447700900123
  phone text PRIMARY KEY,
  opted_out boolean NOT NULL,
  -- the keyword of the last change (STOP, START…) and when it was received
  keyword text NOT NULL,
  changed_at timestamptz NOT NULL,
  version integer NOT NULL
);
