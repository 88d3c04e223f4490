-- Identity's own tables. The read models (institutions, users, clinician_institutions) are projections of
-- the event streams, kept without foreign keys so they can be truncated and rebuilt from the events; the
-- command layer checks references before appending.

-- Ids are numbers from sequences, taken before the first event of a stream is appended.
CREATE SEQUENCE institution_id_seq;
CREATE SEQUENCE user_id_seq;

CREATE TABLE institutions (
  id integer PRIMARY KEY,
  name text NOT NULL,
  institution_number text,
  address text,
  phone text,
  email text,
  institution_type text NOT NULL,
  -- version of the stream's last projected event: the guard that makes re-projection idempotent
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE users (
  id integer PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text,
  role text NOT NULL,
  institution_id integer,
  permissions text[] NOT NULL DEFAULT '{}',
  is_active boolean NOT NULL,
  last_login_at timestamptz,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_institution_id_idx ON users (institution_id);
CREATE INDEX users_role_idx ON users (role);

CREATE TABLE clinician_institutions (
  user_id integer NOT NULL,
  institution_id integer NOT NULL,
  PRIMARY KEY (user_id, institution_id)
);
CREATE INDEX clinician_institutions_institution_id_idx ON clinician_institutions (institution_id);

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
