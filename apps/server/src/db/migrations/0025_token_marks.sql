-- The marks that end or change tokens before they expire (a session logged out or forced out, a user
-- locked, removed or given a new password, the roles of a user or a tenant changed) are kept here as
-- well as in the shared store (Redis), which answers them on every request. A store that comes back
-- empty is filled again from this table (auth/token-marks.ts), so no logout is forgotten. Platform-wide:
-- no tenant column; expire_at is epoch milliseconds.
CREATE TABLE IF NOT EXISTS blade_token_mark (
  mark_key varchar(200) PRIMARY KEY,
  mark_value varchar(200) NOT NULL,
  expire_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS blade_token_mark_expire_idx ON blade_token_mark (expire_at);
