/**
 * The schema's versions: a numbered list of migrations, each applied once, in order, at
 * start-up. SQLite keeps the version in `PRAGMA user_version`, PostgreSQL in the
 * `schema_version` table (a row per migration applied). All pending migrations run in one
 * transaction, so a failed upgrade leaves the database as it was. A database newer than this
 * code (a newer server upgraded it) is refused, never written to.
 *
 * A migration, once released, is never edited: a change is a new one at the end.
 */
import { type Database, pragma, transaction } from './sqlite-db.js';
import type pg from 'pg';
import { TABLES } from './schema.js';
import { ACCOUNT_TABLES, PASSKEY_TABLES } from '../accounts/schema.js';
import { RATING_TABLES } from '../ratings/schema.js';

export interface Migration {
  readonly version: number;
  /** What it changes and why, for the log. */
  readonly what: string;
  readonly sqlite: readonly string[];
  readonly postgres: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    what: 'the tables, the append-only action log and (PostgreSQL) room leases',
    sqlite: [
      ...TABLES,
      ...['UPDATE', 'DELETE'].map(
        (op) =>
          `CREATE TRIGGER IF NOT EXISTS actions_no_${op.toLowerCase()} BEFORE ${op} ON actions BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END`,
      ),
    ],
    postgres: [
      ...TABLES,
      `CREATE OR REPLACE FUNCTION hanafuda_append_only() RETURNS trigger AS $$
       BEGIN RAISE EXCEPTION 'the action log is append-only'; END $$ LANGUAGE plpgsql`,
      'DROP TRIGGER IF EXISTS actions_append_only ON actions',
      'CREATE TRIGGER actions_append_only BEFORE UPDATE OR DELETE ON actions FOR EACH ROW EXECUTE FUNCTION hanafuda_append_only()',
      // Room ownership among several processes (cluster/leases.ts): each live room's owner and
      // its lease's epoch on the room's own row, so a write checks it in the statement that makes
      // it; and the processes that have owned rooms (each alive while it holds its advisory lock).
      'ALTER TABLE rooms ADD COLUMN IF NOT EXISTS owner TEXT',
      'ALTER TABLE rooms ADD COLUMN IF NOT EXISTS epoch BIGINT NOT NULL DEFAULT 0',
      "CREATE INDEX IF NOT EXISTS rooms_owner ON rooms (owner) WHERE status IN ('open', 'playing')",
      'CREATE TABLE IF NOT EXISTS cluster_nodes (id TEXT PRIMARY KEY, started_at BIGINT NOT NULL)',
    ],
  },
  {
    version: 2,
    what: 'the index of live rooms leaves abandoned ones out (they pile up: every lobby nobody joined)',
    sqlite: [
      'DROP INDEX IF EXISTS rooms_live',
      "CREATE INDEX rooms_live ON rooms (status) WHERE status IN ('open', 'playing')",
    ],
    postgres: [
      'DROP INDEX IF EXISTS rooms_live',
      "CREATE INDEX rooms_live ON rooms (status) WHERE status IN ('open', 'playing')",
    ],
  },
  {
    version: 3,
    what: "a live rematch's row found by its room's id (the leases of several processes look rooms up by it)",
    // One process alone (SQLite) holds its rooms in memory and never looks them up so.
    sqlite: [],
    postgres: [
      `CREATE INDEX IF NOT EXISTS rooms_live_room ON rooms ((setup::jsonb ->> 'roomId')) WHERE status IN ('open', 'playing')`,
    ],
  },
  {
    version: 4,
    what: "a finished game's rematch confirmations kept with its row, which stays live (rebuilt, owned) while they wait",
    sqlite: [
      'ALTER TABLE rooms ADD COLUMN rematch TEXT',
      'DROP INDEX IF EXISTS rooms_live',
      "CREATE INDEX rooms_live ON rooms (status) WHERE (status IN ('open', 'playing') OR rematch IS NOT NULL)",
    ],
    postgres: [
      'ALTER TABLE rooms ADD COLUMN IF NOT EXISTS rematch TEXT',
      'DROP INDEX IF EXISTS rooms_live',
      "CREATE INDEX rooms_live ON rooms (status) WHERE (status IN ('open', 'playing') OR rematch IS NOT NULL)",
      'DROP INDEX IF EXISTS rooms_owner',
      "CREATE INDEX rooms_owner ON rooms (owner) WHERE (status IN ('open', 'playing') OR rematch IS NOT NULL)",
      'DROP INDEX IF EXISTS rooms_live_room',
      `CREATE INDEX rooms_live_room ON rooms ((setup::jsonb ->> 'roomId')) WHERE (status IN ('open', 'playing') OR rematch IS NOT NULL)`,
    ],
  },
  {
    version: 5,
    what: "a finished game's row found by its room's id while the process where it ended keeps it (a rematch's too, whose row has an id of its own)",
    sqlite: [],
    postgres: [
      `CREATE INDEX IF NOT EXISTS rooms_kept_room ON rooms ((setup::jsonb ->> 'roomId')) WHERE status = 'over' AND owner IS NOT NULL`,
    ],
  },
  {
    version: 6,
    what: 'accounts (a guest for every browser, made a member by a passkey) and their sessions',
    sqlite: ACCOUNT_TABLES,
    postgres: ACCOUNT_TABLES,
  },
  {
    version: 7,
    what: "the lobby: who blocked whom, reports of games, and (PostgreSQL) the seeks and the pairing authority's epoch",
    sqlite: [
      'CREATE TABLE IF NOT EXISTS blocks (account TEXT NOT NULL, blocked TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (account, blocked))',
      'CREATE INDEX IF NOT EXISTS blocks_blocked ON blocks (blocked)',
      'CREATE TABLE IF NOT EXISTS reports (id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL, account TEXT NOT NULL, reason TEXT NOT NULL, at INTEGER NOT NULL)',
      // One process alone (SQLite) is its own pairing authority and keeps its seeks in memory: they end with its sockets anyway.
    ],
    postgres: [
      'CREATE TABLE IF NOT EXISTS blocks (account TEXT NOT NULL, blocked TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (account, blocked))',
      'CREATE INDEX IF NOT EXISTS blocks_blocked ON blocks (blocked)',
      'CREATE TABLE IF NOT EXISTS reports (id BIGSERIAL PRIMARY KEY, room TEXT NOT NULL, account TEXT NOT NULL, reason TEXT NOT NULL, at BIGINT NOT NULL)',
      // Several processes (lobby/pg-book.ts): each seek names the process its socket is on (it ends with it), and a pairing
      // sets status, room, key and seat in one conditional write under the authority's epoch.
      `CREATE TABLE IF NOT EXISTS seeks (
         id TEXT PRIMARY KEY, account TEXT NOT NULL, name TEXT NOT NULL, node TEXT NOT NULL, key TEXT NOT NULL, pool TEXT,
         setup TEXT NOT NULL, players INTEGER NOT NULL, since BIGINT NOT NULL, bots_after INTEGER, owner BOOLEAN,
         status TEXT NOT NULL, room TEXT, invite TEXT, seat INTEGER, epoch BIGINT)`,
      // One waiting seek a person: a second is refused by the database itself.
      "CREATE UNIQUE INDEX IF NOT EXISTS seeks_one_waiting ON seeks (account) WHERE status = 'waiting'",
      "CREATE INDEX IF NOT EXISTS seeks_waiting ON seeks (key) WHERE status = 'waiting'",
      'CREATE TABLE IF NOT EXISTS lobby_authority (id INTEGER PRIMARY KEY, epoch BIGINT NOT NULL, node TEXT)',
      'INSERT INTO lobby_authority (id, epoch) VALUES (1, 0) ON CONFLICT (id) DO NOTHING',
    ],
  },
  {
    version: 8,
    what: "members' passkeys, ceremonies' challenges, device codes, renames, bans and the operator's audit log",
    sqlite: PASSKEY_TABLES,
    postgres: PASSKEY_TABLES,
  },
  {
    version: 9,
    what: "ratings: each account's skill per format, and its change in every rated game",
    sqlite: RATING_TABLES,
    postgres: RATING_TABLES,
  },
];

/** The version this code writes and reads. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

/** A database a newer server has upgraded: this one must not touch it. */
export class SchemaTooNew extends Error {
  constructor(
    readonly found: number,
    where: string,
  ) {
    super(
      `${where} is at schema version ${found}, newer than this server's ${SCHEMA_VERSION}: a newer hanafuda-server upgraded it. ` +
        'Run that version (or newer), or restore the backup taken before the upgrade (docs/deploy.md)',
    );
  }
}

/** What was done: the version found and the version now. */
export interface Migrated {
  readonly from: number;
  readonly to: number;
}

export function migrateSqlite(db: Database, file: string): Migrated {
  // IMMEDIATE: the write lock is taken before the version is read, so two openings cannot both upgrade.
  return transaction(
    db,
    (): Migrated => {
      const from = pragma(db, 'user_version') as number;
      if (from > SCHEMA_VERSION) throw new SchemaTooNew(from, `the database ${file}`);
      for (const m of MIGRATIONS) if (m.version > from) for (const sql of m.sqlite) db.exec(sql);
      pragma(db, `user_version = ${SCHEMA_VERSION}`);
      return { from, to: SCHEMA_VERSION };
    },
    'IMMEDIATE',
  );
}

/** Runs on a client inside a transaction that holds the schema's advisory lock (several servers may start at once). */
export async function migratePostgres(client: pg.ClientBase): Promise<Migrated> {
  await client.query(
    'CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)',
  );
  const from = Number(
    (await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_version')).rows[0].v ?? 0,
  );
  if (from > SCHEMA_VERSION) throw new SchemaTooNew(from, 'the PostgreSQL database');
  for (const m of MIGRATIONS) {
    if (m.version <= from) continue;
    for (const sql of m.postgres) await client.query(sql);
    await client.query('INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)', [
      m.version,
      Date.now(),
    ]);
  }
  return { from, to: SCHEMA_VERSION };
}
