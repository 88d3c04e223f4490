-- Clinical's own tables. Read models are projections of event streams (clinical's own patients, identity's
-- institutions and users): their projections create them (Projection.init in src/projections/ and service-kit's
-- identity-directory.ts), not these files.

-- Patient ids are numbers from a sequence, taken before the first event of a stream is appended.
CREATE SEQUENCE patient_id_seq;
