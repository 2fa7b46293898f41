#!/usr/bin/env node
// A consistent copy of the server's SQLite database while it runs (SQLite's online backup API,
// through the better-sqlite3 the server uses): node deploy/backup-sqlite.js FROM TO
// Run it from the repository (for node_modules); docs/deploy.md shows a daily timer.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('usage: node deploy/backup-sqlite.js /var/lib/hanafuda/hanafuda.sqlite /var/backups/hanafuda.sqlite');
  process.exit(2);
}
if (!existsSync(from)) {
  console.error(`backup-sqlite: there is no database at ${from}`);
  process.exit(1);
}
const Database = createRequire(fileURLToPath(import.meta.resolve('../packages/server/package.json')))('better-sqlite3');
const db = new Database(from, { readonly: true, fileMustExist: true });
try {
  const { totalPages } = await db.backup(to);
  const check = new Database(to, { readonly: true });
  const ok = check.pragma('integrity_check', { simple: true });
  const version = check.pragma('user_version', { simple: true });
  check.close();
  if (ok !== 'ok') throw new Error(`the copy fails its integrity check: ${ok}`);
  console.log(`backup-sqlite: ${from} -> ${to} (${totalPages} pages, schema version ${version})`);
} catch (e) {
  console.error(`backup-sqlite: ${e.message}`);
  process.exitCode = 1;
} finally {
  db.close();
}
