-- Failed sign-ins are counted per (account, address) with a tight limit and per account with a much higher
-- one, so that nobody can lock a user out from somewhere else.
ALTER TABLE login_attempts ADD COLUMN address text NOT NULL DEFAULT '';
CREATE INDEX login_attempts_account_address_idx ON login_attempts (account, address, attempted_at);
