-- Consent and channel choice (issue 13 §2b) came here: the patients' contact_preference column and the sms_consents
-- table. Their projections' own DDL has them now (Projection.init in src/projections/clinical/projection.ts and
-- src/projections/sms-consent/projection.ts).
SELECT 1;
