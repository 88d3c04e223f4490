-- A patient's contact preference (issue 13 §2b): the channels the notifications service may message them on.
-- Patients recorded before it existed have the default, as their events read: the channels their details allow.
ALTER TABLE patients ADD COLUMN contact_preference text NOT NULL DEFAULT 'both';
