-- Server-side sessions (docs/architecture.md §5), projected from the user streams' Session* events: the sign-in
-- audit trail, and what a token's `sid` is checked against on every request.
CREATE TABLE sessions (
  session_id uuid PRIMARY KEY,
  user_id integer NOT NULL,
  started_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason text,
  -- version of the user stream's last projected event about this session
  version integer NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id, started_at DESC);
