/**
 * Schema versions, on a real SQLite file and a real PostgreSQL: a database as the release
 * before schema versions left it (the tables of migration 1, no version recorded), holding
 * real games, is upgraded at start-up with its games intact and resumable; opening it again
 * changes nothing; a database newer than the code is refused with a clear message and left
 * as it was.
 */
import { openDatabase, pragma } from '../src/store/sqlite-db.js';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Store, openPostgres, openSqlite, startServer } from '../src/index.js';
import { recordingLog, silentLog } from '../src/ops/log.js';
import { MIGRATIONS, SCHEMA_VERSION, SchemaTooNew } from '../src/store/migrations.js';
import { TABLES } from '../src/store/schema.js';
import { TestClient } from './support/client.js';
import { autoplay } from './support/play.js';
import { createRoom, joinRoom } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

const AGAINST_A_BOT = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
};
const DUEL = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
};
/** The live-room index as the release before schema versions made it (migration 1). */
const OLD_LIVE_INDEX = TABLES.find((sql) => sql.includes('rooms_live'))!;

/** Raw access to a test store's database: run SQL, read the schema version and the live-room index. */
interface Raw {
  exec(sql: string): Promise<void>;
  version(): Promise<number>;
  liveIndex(): Promise<string>;
  close(): Promise<void>;
}

function rawOf(kind: 'sqlite' | 'postgres', db: TestStore): Raw {
  if (kind === 'sqlite') {
    const conn = openDatabase(`${db.args[1]}/hanafuda.sqlite`);
    return {
      exec: async (sql) => void conn.exec(sql),
      version: async () => pragma(conn, 'user_version') as number,
      liveIndex: async () =>
        (conn.prepare("SELECT sql FROM sqlite_master WHERE name = 'rooms_live'").get() as { sql: string })
          .sql,
      close: async () => void conn.close(),
    };
  }
  const client = new pg.Client({ connectionString: db.env.DATABASE_URL });
  const connected = client.connect();
  return {
    exec: async (sql) => void (await connected, await client.query(sql)),
    version: async () => {
      await connected;
      const exists = (await client.query("SELECT to_regclass('schema_version') AS t")).rows[0].t;
      return exists
        ? Number((await client.query('SELECT max(version) AS v FROM schema_version')).rows[0].v ?? 0)
        : 0;
    },
    liveIndex: async () => (
      await connected,
      (await client.query("SELECT indexdef FROM pg_indexes WHERE indexname = 'rooms_live'")).rows[0].indexdef
    ),
    close: async () => (await connected, await client.end()),
  };
}

for (const kind of STORES) {
  describe.skipIf(!kind.available)(`schema migrations on ${kind.name}`, { timeout: 60_000 }, () => {
    let db: TestStore;
    let raw: Raw;
    /** Closes the store the test began with (once). */
    let closeFirst: () => Promise<void>;
    const stores: Store[] = [];
    const clients: TestClient[] = [];

    beforeEach(async () => {
      db = await kind.open();
      raw = rawOf(kind.name, db);
      let closing: Promise<void> | undefined;
      closeFirst = () => (closing ??= db.store.close());
    });
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      for (const s of stores.splice(0)) await s.close();
      await closeFirst();
      await raw.close();
      await db.cleanup();
    });

    /** Real games in the store: one finished, one in play, one lobby abandoned. */
    async function playSomeGames(): Promise<{
      finished: string;
      live: string;
      liveWatchKey: string;
      abandoned: string;
    }> {
      const server = await startServer({
        store: db.store,
        port: 0,
        webDir: null,
        botDelayMs: 0,
        log: silentLog,
      });
      try {
        const a = await createRoom(server, AGAINST_A_BOT);
        const ann = await joinRoom(server, a.room, a.key, 'Ann');
        clients.push(a.host, ann.client);
        await autoplay(ann.client, ann.seat);
        await server.rooms.get(a.room)!.ended;
        const b = await createRoom(server, DUEL);
        for (const name of ['Ben', 'Cy']) clients.push((await joinRoom(server, b.room, b.key, name)).client);
        const c = await createRoom(server, DUEL);
        clients.push(b.host, c.host);
        await db.store.abandonRoom(c.room);
        await Promise.all(clients.splice(0).map((x) => x.close()));
        return { finished: a.room, live: b.room, liveWatchKey: b.watchKey, abandoned: c.room };
      } finally {
        await server.close();
      }
    }

    /** Puts the schema back as the release before versions left it: no version recorded, migration 1's index. */
    async function backToBeforeVersions(): Promise<void> {
      await closeFirst();
      if (kind.name === 'sqlite') await raw.exec('PRAGMA user_version = 0');
      else await raw.exec('DROP TABLE schema_version');
      await raw.exec('DROP INDEX rooms_live');
      // Columns added by later migrations (SQLite cannot add one only if it is missing).
      await raw.exec('ALTER TABLE rooms DROP COLUMN rematch');
      await raw.exec(OLD_LIVE_INDEX);
      expect(await raw.version()).toBe(0);
      expect(await raw.liveIndex()).toMatch(/<>\s*'over'/);
    }

    it('upgrades a database of the release before schema versions, keeping its games', async () => {
      expect(MIGRATIONS.map((m) => m.version)).toEqual(
        Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1),
      );
      const games = await playSomeGames();
      await backToBeforeVersions();

      const logs = recordingLog();
      const upgraded = await db.reopen();
      stores.push(upgraded);
      expect(await raw.version()).toBe(SCHEMA_VERSION);
      expect(await raw.liveIndex()).toMatch(
        /IN \('open', 'playing'\)|= ANY \(ARRAY\['open'::text, 'playing'::text\]\)/,
      );

      // The games are all there: the finished one in the history, the live one resumable, the abandoned one left out.
      expect((await upgraded.history('Ann')).map((h) => h.gameId)).toEqual([games.finished]);
      expect(await upgraded.finishedGame(games.finished)).not.toBeNull();
      expect((await upgraded.liveRooms()).map((r) => r.id)).toEqual([games.live]);
      expect((await upgraded.room(games.abandoned))!.status).toBe('abandoned');
      expect((await upgraded.actions(games.finished)).length).toBeGreaterThan(0);
      // The action log is still append-only.
      await expect(raw.exec(`DELETE FROM actions WHERE game_id = '${games.finished}'`)).rejects.toThrow(
        /append-only/,
      );

      const server = await startServer({
        store: upgraded,
        port: 0,
        webDir: null,
        botDelayMs: 0,
        log: logs.log,
      });
      try {
        expect(server.restored).toBe(1);
        const ben = await TestClient.connect(server.wsUrl);
        clients.push(ben);
        expect(
          await ben.request({ type: 'spectate', room: games.live, key: games.liveWatchKey }, [
            'room',
            'error',
          ]),
        ).toMatchObject({
          type: 'room',
          room: { status: 'playing' },
        });
      } finally {
        await Promise.all(clients.splice(0).map((c) => c.close()));
        await server.close();
      }
    });

    it('logs the upgrade once, and opening again changes nothing', async () => {
      await playSomeGames();
      await backToBeforeVersions();
      const open = async () => {
        const logs = recordingLog();
        const store =
          kind.name === 'sqlite'
            ? openSqlite(`${db.args[1]}/hanafuda.sqlite`, logs.log)
            : await openPostgres(db.env.DATABASE_URL, logs.log);
        stores.push(store);
        return logs.records.filter((r) => /schema was upgraded/.test(r.msg));
      };
      expect(await open()).toEqual([expect.objectContaining({ from: 0, to: SCHEMA_VERSION })]);
      expect(await open()).toEqual([]);
      expect(await raw.version()).toBe(SCHEMA_VERSION);
    });

    it('refuses a database newer than the code, saying so, and leaves it as it was', async () => {
      await closeFirst();
      const newer = SCHEMA_VERSION + 1;
      if (kind.name === 'sqlite') await raw.exec(`PRAGMA user_version = ${newer}`);
      else await raw.exec(`INSERT INTO schema_version (version, applied_at) VALUES (${newer}, 0)`);
      const opened = db.reopen();
      await expect(opened).rejects.toBeInstanceOf(SchemaTooNew);
      await expect(opened).rejects.toThrow(
        new RegExp(
          `is at schema version ${newer}, newer than this server's ${SCHEMA_VERSION}: a newer hanafuda-server upgraded it`,
        ),
      );
      expect(await raw.version()).toBe(newer);
    });
  });
}
