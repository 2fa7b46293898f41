/**
 * The accounts' tables (migration 6), in the SQL both databases speak. An account is a
 * guest (made by the server for a browser that has none) or a member (a guest that chose a
 * display name and registered a passkey). A member's `name_key` is its name folded
 * (accounts/names.ts), unique across the site; a guest has none. Sessions are kept by the
 * SHA-256 of their token (the cookie's value), never the token itself.
 */
export const ACCOUNT_TABLES: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT UNIQUE,
    guest BOOLEAN NOT NULL,
    created_at BIGINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS sessions_by_account ON sessions (account_id)',
];

/**
 * Migration 8: passkeys and what surrounds them. `credentials`: a member's passkeys (WebAuthn
 * public keys, by the credential id the authenticator chose). `challenges`: each ceremony's
 * one-time challenge, kept in the database so any process of a cluster can check the answer,
 * and taken (deleted) by the first answer. `device_codes`: one-time codes that let a member's
 * other device register a passkey, kept as their SHA-256. `renames`: when each member changed
 * name (a few a day). `bans` and `audit_log`: the operator's (hanafuda-server admin).
 */
export const PASSKEY_TABLES: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS credentials (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    public_key TEXT NOT NULL,
    counter BIGINT NOT NULL,
    transports TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    used_at BIGINT NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS credentials_by_account ON credentials (account_id)',
  `CREATE TABLE IF NOT EXISTS challenges (
    challenge TEXT PRIMARY KEY,
    purpose TEXT NOT NULL,
    account_id TEXT,
    name TEXT,
    code_hash TEXT,
    expires_at BIGINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS device_codes (
    code_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    expires_at BIGINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS renames (
    account_id TEXT NOT NULL,
    at BIGINT NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS renames_by_account ON renames (account_id, at)',
  `CREATE TABLE IF NOT EXISTS bans (
    account_id TEXT PRIMARY KEY,
    reason TEXT NOT NULL,
    at BIGINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS audit_log (
    at BIGINT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    account_id TEXT NOT NULL,
    detail TEXT NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS audit_log_by_at ON audit_log (at)',
];
