-- Set-password links (spec 3 §2 Email communication card): a password reset or an account setup. Only the SHA-256
-- of a link's token is kept, so a copy of this table opens no account. Like credentials, not a read model:
-- nothing in the events says a token, so a projection rebuild leaves it alone.
CREATE TABLE password_tokens (
  -- hex SHA-256 of the token's bytes as the link carries them
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'account_setup')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- set once, when the link sets the password (single use)
  used_at timestamptz,
  -- set when a newer link of the purpose is issued, or the password is set another way
  superseded_at timestamptz
);
CREATE INDEX password_tokens_open_idx ON password_tokens (user_id, purpose)
  WHERE used_at IS NULL AND superseded_at IS NULL;

-- E-mail ids (the `accountEmail-<id>` streams), taken before the event is appended.
CREATE SEQUENCE account_email_id_seq;
