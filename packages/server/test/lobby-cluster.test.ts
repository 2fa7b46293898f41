/**
 * The lobby across three real server processes on one PostgreSQL (HANAFUDA_TEST_DATABASE_URL)
 * with Redis: strangers whose sockets are on different processes are paired into one room and
 * seated there; a block holds across processes; a process whose LISTEN connection broke still
 * tells its sockets of their pairing; and when the pairing authority's process is
 * SIGKILLed while seeks wait, another process takes over within 5 s and pairs them.
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild } from './support/child.js';
import { type Message, TestClient } from './support/client.js';
import { createDatabase } from './support/database.js';
import { REDIS_SERVER, type RedisServer, startRedis } from './support/redis.js';
import { POSTGRES_URL } from './support/stores.js';

interface Proc {
  readonly child: ChildProcess;
  readonly url: string;
  readonly wsUrl: string;
  /** Its id among the processes (its room leases', and its seeks' `node`). */
  readonly node: string;
}

if (!REDIS_SERVER)
  console.warn(
    'server tests: redis-server is not installed, so the lobby across processes is skipped; .ci/run installs it',
  );

describe.skipIf(!POSTGRES_URL || !REDIS_SERVER)(
  'the lobby across processes on one PostgreSQL',
  { timeout: 60_000 },
  () => {
    let redis: RedisServer;
    let db: pg.Client;
    const procs: Proc[] = [];
    const clients: TestClient[] = [];

    beforeAll(async () => {
      redis = startRedis();
      const { url } = await createDatabase(POSTGRES_URL!, 'hanafuda_lobby');
      db = new pg.Client({ connectionString: url });
      await db.connect();
      // One after another: the first migrates the database.
      for (let i = 0; i < 3; i++) {
        const started = await startChild([], {
          DATABASE_URL: url,
          REDIS_URL: redis.url,
          HANAFUDA_LOG_LEVEL: 'info',
        });
        // Its lobby says it started (before the server listens), under the process's id.
        const node = /"process":"([0-9a-f]+)"[^\n]*lobby: seeks kept in PostgreSQL/.exec(
          started.output(),
        )?.[1];
        if (!node) throw new Error(`no process id in the server's output: ${started.output()}`);
        procs.push({ ...started, node });
      }
    });

    afterAll(async () => {
      // Killed first: a socket to a stopped process (a failed test's) would wait for its close handshake.
      for (const p of procs)
        if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      await Promise.all(clients.map((c) => c.close()));
      await db?.end();
      redis?.destroy();
    });

    /** The process that is the pairing authority now, and the others. */
    const authority = async () => {
      const { rows } = await db.query<{ node: string; epoch: string }>(
        'SELECT node, epoch FROM lobby_authority',
      );
      const node = rows[0].node;
      return {
        proc: procs.find((p) => p.node === node)!,
        epoch: Number(rows[0].epoch),
        others: procs.filter((p) => p.node !== node),
      };
    };

    /** A new guest of `proc`, its socket on that process. */
    const person = async (proc: Proc) => {
      const res = await fetch(`${proc.url}/api/guest`, { method: 'POST' });
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
      const account = ((await res.json()) as { account: { id: string } }).account.id;
      const client = await TestClient.connect(proc.wsUrl, { headers: { cookie } });
      clients.push(client);
      return { client, account };
    };
    const seek = async (c: TestClient, pool: string) =>
      expect(await c.request({ type: 'seek', pool }, ['seeking', 'error'])).toMatchObject({
        type: 'seeking',
      });
    const paired = (c: TestClient, timeoutMs?: number) => c.next((m) => m.type === 'paired', timeoutMs);
    const join = (c: TestClient, p: Message) =>
      c.request({ type: 'join', room: p.room, key: p.key, seat: p.seat, name: 'typed' }, ['joined', 'error']);
    const waitingIn = (lobby: Message, id: string) =>
      (lobby.pools as { id: string; waiting: number }[]).find((p) => p.id === id)!.waiting;

    it('pairs two strangers on two processes, neither the authority, into one room where both are seated', async () => {
      const { others } = await authority();
      const [a, b] = [await person(others[0]), await person(others[1])];
      await seek(a.client, 'koikoi-6');
      await seek(b.client, 'koikoi-6');
      const [pa, pb] = await Promise.all([paired(a.client), paired(b.client)]);
      expect(pb.room).toBe(pa.room);
      expect([pa.seat, pb.seat]).toEqual([0, 1]);
      // Each joins through its own process (the room is the authority's: the relay carries them and who they are).
      expect(await join(a.client, pa)).toMatchObject({ type: 'joined', seat: 0 });
      expect(await join(b.client, pb)).toMatchObject({ type: 'joined', seat: 1 });
      const playing = await a.client.next(
        (m) => m.type === 'room' && (m.room as { status: string }).status === 'playing',
      );
      expect(playing.room).toMatchObject({ game: 'koikoi', players: 2, options: { rounds: 6 } });
      const { rows } = await db.query('SELECT account, room, seat FROM seeks WHERE room = $1 ORDER BY seat', [
        pa.room,
      ]);
      expect(rows).toEqual([
        { account: a.account, room: pa.room, seat: 0 },
        { account: b.account, room: pa.room, seat: 1 },
      ]);
    });

    it('never pairs a blocked person with the one who blocked them, on other processes', async () => {
      const [a, b, c] = [await person(procs[0]), await person(procs[1]), await person(procs[2])];
      expect(await a.client.request({ type: 'block', account: b.account }, 'blocked')).toMatchObject({
        accounts: [b.account],
      });
      await seek(a.client, 'koikoi-12');
      await seek(b.client, 'koikoi-12');
      await seek(c.client, 'koikoi-12');
      // a (oldest) cannot have b, so takes c; b waits on.
      const [pa, pc] = await Promise.all([paired(a.client), paired(c.client)]);
      expect(pc.room).toBe(pa.room);
      expect(waitingIn(await c.client.request({ type: 'lobby' }, 'lobby'), 'koikoi-12')).toBe(1);
      expect(b.client.messages.some((m) => m.type === 'paired')).toBe(false);
      const { rows } = await db.query(
        "SELECT count(*)::int AS n FROM seeks WHERE account = $1 AND status = 'paired'",
        [b.account],
      );
      expect(rows[0].n).toBe(0);
      expect(await b.client.request({ type: 'cancel-seek' }, 'seek-ended')).toMatchObject({
        reason: 'cancelled',
      });
    });

    it('tells its sockets of pairings still when its listening connection broke and came back', async () => {
      const { others } = await authority();
      const [cut, other] = others;
      const [a, b] = [await person(cut), await person(other)];
      await seek(a.client, 'sakura-3');
      await seek(b.client, 'sakura-3');
      // Its LISTEN connection is cut (a network fault): the pairing may be committed before it is back (caught up) or after (heard).
      const { rowCount } = await db.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [`hanafuda-lobby-listen ${cut.node}`],
      );
      expect(rowCount).toBe(1);
      const c = await person(other);
      await seek(c.client, 'sakura-3');
      const [pa, pc] = await Promise.all([paired(a.client), paired(c.client)]);
      expect(pa.room).toBe(pc.room);
      // Heard again from then on: a lobby change made on another process reaches a watcher here.
      const watcher = await person(cut);
      expect(waitingIn(await watcher.client.request({ type: 'lobby' }, 'lobby'), 'oibana')).toBe(0);
      await seek((await person(other)).client, 'oibana');
      await watcher.client.next((m) => m.type === 'lobby' && waitingIn(m, 'oibana') === 1);
    });

    it("lets another process take over within 5 s when the authority's is SIGKILLed, and pair the seeks waiting", async () => {
      const before = await authority();
      const [a, b] = [await person(before.others[0]), await person(before.others[1])];
      // The authority frozen, the seeks wait (nobody else may pair while it holds the lock).
      before.proc.child.kill('SIGSTOP');
      await seek(a.client, 'sakura-2');
      await seek(b.client, 'sakura-2');
      const watcher = await person(before.others[0]);
      expect(waitingIn(await watcher.client.request({ type: 'lobby' }, 'lobby'), 'sakura-2')).toBe(2);
      expect(a.client.messages.some((m) => m.type === 'paired')).toBe(false);

      const exited = new Promise((resolve) => before.proc.child.once('exit', resolve));
      const killedAt = Date.now();
      before.proc.child.kill('SIGKILL');
      await exited;
      const [pa, pb] = await Promise.all([paired(a.client, 5000), paired(b.client, 5000)]);
      expect(Date.now() - killedAt).toBeLessThan(5000);
      expect(pb.room).toBe(pa.room);
      const after = await authority();
      expect(after.proc.node).not.toBe(before.proc.node);
      expect(after.epoch).toBeGreaterThan(before.epoch);
      const { rows } = await db.query('SELECT DISTINCT epoch FROM seeks WHERE room = $1', [pa.room]);
      expect(rows.map((r) => Number(r.epoch))).toEqual([after.epoch]);
      // The room is the new authority's: both are seated, each through its own process.
      expect(await join(a.client, pa)).toMatchObject({ type: 'joined', seat: pa.seat });
      expect(await join(b.client, pb)).toMatchObject({ type: 'joined', seat: pb.seat });
    });
  },
);
