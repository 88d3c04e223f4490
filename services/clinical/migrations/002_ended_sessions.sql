-- Sessions identity has ended (SessionEnded events): their tokens are refused here from then on. A row is
-- needed only while a token of the session could still be valid (JWT_TTL_SECONDS, a day at most).
CREATE TABLE ended_sessions (
  session_id uuid PRIMARY KEY,
  user_id integer NOT NULL,
  ended_at timestamptz NOT NULL
);
CREATE INDEX ended_sessions_ended_at_idx ON ended_sessions (ended_at);
