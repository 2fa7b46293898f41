/** Chooses the store: PostgreSQL for a postgres:// URL, otherwise the SQLite file. */
import { openPostgres } from './postgres.js';
import { openSqlite } from './sqlite.js';
import type { SqliteSync } from './sqlite-writes.js';
import type { Store } from './store.js';
import type { Log } from '../ops/log.js';

export async function openStore(where: {
  databaseUrl?: string;
  sqliteFile: string;
  sqliteSync?: SqliteSync;
  log?: Log;
}): Promise<Store> {
  const url = where.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url, where.log);
  if (url)
    throw new Error(
      `DATABASE_URL must be a postgres:// URL (got "${url.split(':')[0]}:…"); leave it unset for SQLite`,
    );
  return openSqlite(where.sqliteFile, where.log, where.sqliteSync);
}
