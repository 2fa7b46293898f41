/**
 * SQLite through Node's own driver (node:sqlite), so installing the server builds no native
 * module. What the driver leaves to its caller: a busy timeout (its default is none: a
 * connection would fail at once while another holds the write lock), pragmas and transactions.
 */
import { DatabaseSync } from 'node:sqlite';

export type Database = DatabaseSync;

/** How long a connection waits for another's write lock before it gives up with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

export function openDatabase(file: string, options: { readonly readOnly?: boolean } = {}): Database {
  return new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS, readOnly: options.readOnly ?? false });
}

/** A pragma's value: the first column of its first row (`journal_mode = WAL` answers 'wal'). */
export function pragma(db: Database, statement: string): unknown {
  const row = db.prepare(`PRAGMA ${statement}`).get();
  return row === undefined ? undefined : Object.values(row)[0];
}

/**
 * Runs fn in one transaction: committed if it returns, rolled back if it (or the commit) throws.
 * IMMEDIATE takes the write lock at the start, so what fn reads cannot change before it writes.
 */
export function transaction<T>(db: Database, fn: () => T, mode: 'DEFERRED' | 'IMMEDIATE' = 'DEFERRED'): T {
  db.exec(`BEGIN ${mode}`);
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (e) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw e;
  }
}

/** SQLite's extended result codes of a UNIQUE or PRIMARY KEY constraint failing (node:sqlite's `errcode`). */
const UNIQUE_CODES = new Set([2067, 1555]);
export const isSqliteUniqueViolation = (e: unknown): boolean =>
  (e as { code?: unknown }).code === 'ERR_SQLITE_ERROR' &&
  UNIQUE_CODES.has((e as { errcode?: number }).errcode ?? 0);
