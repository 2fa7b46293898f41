#!/usr/bin/env node
// A consistent copy of the server's SQLite database while it runs (SQLite's online backup API,
// through Node's node:sqlite, as the server uses): node_modules/.bin/node deploy/backup-sqlite.js FROM TO
// Run it with the Node the repository brings, which the server runs on (docs/deploy.md shows a daily timer).
import { existsSync } from 'node:fs';
import { DatabaseSync, backup } from 'node:sqlite';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error(
    'usage: node deploy/backup-sqlite.js /var/lib/hanafuda/hanafuda.sqlite /var/backups/hanafuda.sqlite',
  );
  process.exit(2);
}
if (!existsSync(from)) {
  console.error(`backup-sqlite: there is no database at ${from}`);
  process.exit(1);
}
// The server's busy timeout (packages/server/src/store/sqlite-db.ts): the copy waits out a commit rather than failing.
const db = new DatabaseSync(from, { readOnly: true, timeout: 5000 });
try {
  const totalPages = await backup(db, to);
  const check = new DatabaseSync(to, { readOnly: true });
  const ok = check.prepare('PRAGMA integrity_check').get().integrity_check;
  const version = check.prepare('PRAGMA user_version').get().user_version;
  check.close();
  if (ok !== 'ok') throw new Error(`the copy fails its integrity check: ${ok}`);
  console.log(`backup-sqlite: ${from} -> ${to} (${totalPages} pages, schema version ${version})`);
} catch (e) {
  console.error(`backup-sqlite: ${e.message}`);
  process.exitCode = 1;
} finally {
  db.close();
}
