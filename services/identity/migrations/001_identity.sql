-- Identity's own tables. The read models (institutions, users, clinician_institutions) are projections of
-- the event streams: their projections create them (Projection.init in src/projections/), not this file.

-- Ids are numbers from sequences, taken before the first event of a stream is appended.
CREATE SEQUENCE institution_id_seq;
CREATE SEQUENCE user_id_seq;

-- Password hashes (argon2id) never travel in events; written in the transaction of the event that records
-- the change.
CREATE TABLE credentials (
  user_id integer PRIMARY KEY,
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Sign-in attempts per account (lower-case e-mail), in Postgres so the limit holds across replicas.
CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  account text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_account_idx ON login_attempts (account, attempted_at);

-- Token signing keys generated when none is configured, shared by replicas and kept across restarts.
CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  private_key_pem text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
