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
