/**
 * Three real server processes on one real PostgreSQL with a real Redis, all on loopback
 * (.ci/postgres, .ci/redis): a room joined through each process and watched from a third plays
 * exactly as on one process; SIGKILL of a room's owner with its players on the others loses
 * no acknowledged action; a rolling restart of every process interrupts no game; a rematch
 * (the room's next game, a store row of its own) is found from another process and taken over,
 * and its end (as the first game's) is shown to a player who comes back through another process.
 */
import { createDatabase } from './support/database.js';
import type { ChildProcess } from 'node:child_process';
import { type AddressInfo, createConnection, createServer } from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RULES_VERSION } from '@hanafuda/engine';
import { CLOSE_RESTARTING } from '@hanafuda/protocol';
import type { StoredRoom } from '../src/index.js';
import { hashToken } from '../src/rooms/ids.js';
import { roomKeys } from '../src/rooms/room-access.js';
import { openPostgres } from '../src/store/postgres.js';
import { nodeChannel } from '../src/cluster/bus.js';
import { startChild } from './support/child.js';
import { TestClient } from './support/client.js';
import { invite } from './support/server.js';
import { PG_CTL, type PgCluster, startCluster } from './support/pg-cluster.js';
import { REDIS_SERVER, type RedisServer, startRedis } from './support/redis.js';
import { SeatPlayer } from './support/seat-player.js';
import { autoplay } from './support/play.js';

const TRIO = {
  game: 'sakura',
  players: 3,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
};
const DUEL = {
  game: 'sakura',
  players: 2,
  options: { rounds: 2 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
};
/** Long enough to outlast three restarts one after another, short enough for a player acting at once to stay under the rate limit. */
const LONG_DUEL = { ...DUEL, options: { rounds: 3 } };

const missing = [!PG_CTL && 'postgres', !REDIS_SERVER && 'redis-server'].filter(Boolean);
if (missing.length > 0)
  console.warn(
    `server tests: ${missing.join(' and ')} not installed, so the three-process cluster suite is skipped; .ci/run installs them`,
  );

interface Proc {
  child: ChildProcess;
  wsUrl: string;
  url: string;
  output: () => string;
}

describe.skipIf(missing.length > 0)(
  'three server processes on one PostgreSQL with Redis',
  { timeout: 60_000 },
  () => {
    let pgCluster: PgCluster;
    let redis: RedisServer;
    const procs: Proc[] = [];
    const clients: TestClient[] = [];
    let env: Record<string, string>;

    const start = async (withEnv = env): Promise<Proc> => {
      const p = await startChild([], withEnv);
      procs.push(p);
      return p;
    };
    const stopped = (p: Proc, signal: NodeJS.Signals) => {
      const exited = new Promise((resolve) => p.child.once('exit', resolve));
      p.child.kill(signal);
      return exited;
    };

    /** Resolves once the process has logged a line that matches. */
    const said = (p: Proc, pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const look = () => {
          if (!pattern.test(p.output())) return;
          p.child.stdout!.off('data', look);
          resolve();
        };
        p.child.stdout!.on('data', look);
        look();
      });

    /** A database of its own for a group of processes (others' processes would take its rooms over). */
    const newDatabase = async () => (await createDatabase(pgCluster.url, 'hanafuda_cluster')).url;

    beforeAll(async () => {
      pgCluster = startCluster();
      redis = startRedis();
      env = { DATABASE_URL: await newDatabase(), REDIS_URL: redis.url, HANAFUDA_FIXED_SEED: 'cluster-test' };
    });

    const running = () => procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    // Each case's processes stop with it: 13 cases' processes at once, each with its PostgreSQL connections, would pass max_connections (100).
    afterEach(async () => {
      await Promise.all(running().map((p) => stopped(p, 'SIGTERM')));
    });

    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await Promise.all(running().map((p) => stopped(p, 'SIGTERM')));
      redis?.destroy();
      pgCluster?.destroy();
    });

    const createRoom = async (p: Proc, setup: unknown) => {
      const host = await TestClient.connect(p.wsUrl);
      clients.push(host);
      const created = await host.request({ type: 'create-room', setup }, ['room-created', 'error']);
      expect(created.type).toBe('room-created');
      return invite(created);
    };
    const updatesOf = (c: TestClient) =>
      c.messages
        .filter((m) => m.type === 'update')
        .map((m) => ({ seq: m.seq, events: m.events, view: m.view }));

    /** The same game (same seed, same moves) through one process, then through three: each seat and the spectator see the same updates. */
    it('plays a room joined through each process, watched from a third, exactly as on one process', async () => {
      const [a, b, c] = [await start(), await start(), await start()];
      const play = async (via: Proc[]) => {
        const { room, key } = await createRoom(via[0], TRIO);
        const watcher = await TestClient.connect(via[2].wsUrl);
        clients.push(watcher);
        await watcher.request({ type: 'spectate', room, key }, 'room');
        const players: SeatPlayer[] = [];
        for (const [i, name] of ['Ann', 'Ben', 'Cho'].entries())
          players.push(await SeatPlayer.join(via[i].wsUrl, room, key, name));
        clients.push(...players.map((p) => p.client));
        const records = await Promise.all(players.map((p) => p.record));
        await watcher.next((m) => m.type === 'record');
        for (const p of players) expect(p.errors).toEqual([]);
        return { records, seats: players.map((p) => updatesOf(p.client)), watcher: updatesOf(watcher) };
      };
      const one = await play([a, a, a]);
      const three = await play([a, b, c]);
      expect(three.seats[0].length).toBeGreaterThan(10);
      expect(three.seats).toEqual(one.seats);
      expect(three.watcher).toEqual(one.watcher);
      expect(three.records.map((r) => r.record)).toEqual(one.records.map((r) => r.record));
      // No seat saw another's hand: the views differ per seat.
      expect(three.seats[1][0].view).not.toEqual(three.seats[0][0].view);
    });

    it('goes on after SIGKILL of the room owner, with its players on the other processes, and loses no acknowledged action', async () => {
      const [owner, b, c] = [await start(), await start(), await start()];
      const { room, key } = await createRoom(owner, DUEL);
      const ann = await SeatPlayer.join(b.wsUrl, room, key, 'Ann');
      const ben = await SeatPlayer.join(c.wsUrl, room, key, 'Ben');
      const watcher = await TestClient.connect(c.wsUrl);
      clients.push(ann.client, ben.client, watcher);
      await watcher.request({ type: 'spectate', room, key }, 'room');
      await ann.client.next((m) => m.type === 'update' && (m.seq as number) >= 8);

      const killedAt = Date.now();
      await stopped(owner, 'SIGKILL');
      await ann.client.next(
        (m) => m.type === 'welcome',
        15_000,
        ann.client.messages.findLastIndex((m) => m.type === 'welcome') + 1,
      );
      const pauseMs = Date.now() - killedAt;
      const [record] = await Promise.all([
        ann.record,
        ben.record,
        watcher.next((m) => m.type === 'record', 30_000),
      ]);

      const actions = (record.record as { actions: unknown[] }).actions;
      const acknowledged = [...ann.acknowledged(), ...ben.acknowledged()];
      const lost = acknowledged.filter(
        ([seq, action]) => JSON.stringify(actions[seq]) !== JSON.stringify(action),
      );
      console.log(
        `cluster SIGKILL: ${acknowledged.length} acknowledged actions of the people, ${lost.length} lost; the room came back after ${pauseMs} ms`,
      );
      expect(lost).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(8);
      expect([ann.errors, ben.errors]).toEqual([[], []]);
      expect(ann.welcomes).toBeGreaterThanOrEqual(2);
    });

    /**
     * A move on its way as its room changes hands: Ann's socket is on one process, the room's owner
     * is another, which stops (SIGTERM) or dies (SIGKILL) as her move comes, so her move reaches no
     * owner that plays it. Held at the awkward instant by a lock on the database until her move is
     * back with her process, waiting for the room's next owner. Then she is shown her turn again and
     * chooses another card: the first must have been refused, never played after that view (with
     * her second choice refused as stale).
     */
    it.each(['SIGTERM', 'SIGKILL'] as const)(
      'refuses a move sent just before a hand-over by %s of its owner, never playing it after the turn is shown again',
      async (signal) => {
        const own = { DATABASE_URL: await newDatabase(), REDIS_URL: redis.url };
        const [owner, other] = [await start(own), await start(own)];
        const { room, key } = await createRoom(owner, { ...DUEL, options: { rounds: 1 } });
        const ann = await SeatPlayer.join(other.wsUrl, room, key, 'Ann');
        ann.hold();
        const ben = await SeatPlayer.join(other.wsUrl, room, key, 'Ben');
        clients.push(ann.client, ben.client);
        // Ann's turn: the game waits for her.
        const turn = await ann.client.next(
          (m) => m.type === 'update' && (m.view as { toMove: number | null }).toMove === ann.seat,
        );
        const db = new pg.Client({ connectionString: own.DATABASE_URL });
        await db.connect();
        const bus = new Redis(redis.url, { lazyConnect: true });
        try {
          await db.query('BEGIN');
          if (signal === 'SIGTERM') {
            // The owner stops with its room's row locked: it has stopped the room to hand it over, and cannot until the lock
            // goes; her move reaches the stopped room and is refused there, or (once the room left) is sent back to her process.
            await db.query('SELECT id FROM rooms WHERE id = $1 FOR UPDATE', [room]);
            const node = /process (\w+) of a cluster/.exec(other.output())![1];
            await bus.connect();
            await bus.subscribe(nodeChannel(node));
            const sentBack = new Promise<void>((resolve) =>
              bus.on('message', (_channel: string, text: string) => text.includes('"k":"gone"') && resolve()),
            );
            owner.child.kill('SIGTERM');
            const { pid } = (await db.query('SELECT pg_backend_pid() AS pid')).rows[0];
            await expect
              .poll(
                async () =>
                  (
                    await db.query(
                      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
                      [pid],
                    )
                  ).rows[0].n,
                {
                  timeout: 10_000,
                  interval: 50,
                },
              )
              .toBe(1);
            ann.release();
            await Promise.race([sentBack, ann.client.next((m) => m.type === 'error' && m.code === 'stale')]);
            await db.query('ROLLBACK');
            await new Promise((resolve) => owner.child.once('exit', resolve));
          } else {
            // The process that takes the room over waits, once it has claimed it, to read its log.
            await db.query('LOCK TABLE actions IN ACCESS EXCLUSIVE MODE');
            await stopped(owner, 'SIGKILL');
            // Her move finds no owner to take it, and waits for the room's next one.
            const ownerGone = said(other, /a process is gone/);
            ann.release();
            await ownerGone;
            await db.query('ROLLBACK');
          }
        } finally {
          bus.disconnect();
          await db.end();
        }
        const [record] = await Promise.all([ann.record, ben.record]);
        const actions = (record.record as { actions: unknown[] }).actions;
        // Ann was shown her turn again and chose again: the move she gave up was refused, and her second one played.
        expect([...ann.givenUp.keys()]).toEqual([turn.seq]);
        expect(ann.client.messages.filter((m) => m.type === 'error').map((m) => m.code)).toEqual(['stale']);
        expect([ann.givenUpThenPlayed(actions), ben.givenUpThenPlayed(actions)]).toEqual([[], []]);
        const lost = [...ann.acknowledged(), ...ben.acknowledged()].filter(
          ([seq, action]) => JSON.stringify(actions[seq]) !== JSON.stringify(action),
        );
        expect(lost).toEqual([]);
        expect([ann.errors, ben.errors]).toEqual([[], []]);
      },
    );

    /**
     * A rolling restart pauses a room for one hand-over, not until its players come back through
     * another process: stopped with SIGTERM, a process hands its rooms to the others while it still
     * drains (here for 20 s), and its players play on through it, relayed to the room's new owner.
     */
    it('hands its rooms to the other processes as it drains on SIGTERM, its players playing on through it', async () => {
      const own = { DATABASE_URL: await newDatabase(), REDIS_URL: redis.url };
      const owner = await start({ ...own, HANAFUDA_DRAIN_MS: '20000' });
      const other = await start(own);
      const { room, key } = await createRoom(owner, LONG_DUEL);
      const ann = await SeatPlayer.join(owner.wsUrl, room, key, 'Ann');
      const ben = await SeatPlayer.join(owner.wsUrl, room, key, 'Ben');
      clients.push(ann.client, ben.client);
      await ann.client.next((m) => m.type === 'update' && (m.seq as number) >= 4);
      const db = new pg.Client({ connectionString: own.DATABASE_URL });
      await db.connect();
      try {
        const otherNode = /process (\w+) of a cluster/.exec(other.output())![1];
        owner.child.kill('SIGTERM');
        await expect
          .poll(async () => (await db.query('SELECT owner FROM rooms WHERE id = $1', [room])).rows[0].owner, {
            timeout: 10_000,
            interval: 50,
          })
          .toBe(otherNode);
        const handedAt = ann.newest;
        // Still draining, the stopping process relays its players' moves to the room's new owner.
        await ann.client.next((m) => m.type === 'update' && (m.seq as number) >= handedAt + 4, 10_000);
        expect(owner.child.exitCode).toBeNull();
        expect([ann.errors, ben.errors]).toEqual([[], []]);
      } finally {
        await db.end();
        await stopped(owner, 'SIGKILL');
      }
    });

    it('interrupts no game through a rolling restart of every process', async () => {
      const [p0, p1, p2] = [await start(), await start(), await start()];
      const { room, key } = await createRoom(p0, LONG_DUEL);
      const ann = await SeatPlayer.join(p1.wsUrl, room, key, 'Ann');
      const ben = await SeatPlayer.join(p2.wsUrl, room, key, 'Ben');
      clients.push(ann.client, ben.client);
      const at = (seq: number) =>
        ann.client.next((m) => m.type === 'update' && (m.seq as number) >= seq, 15_000);
      // Each process in turn stops gracefully and starts again while Ann holds her move (so the game cannot end first).
      const restart = async (p: Proc, moved?: SeatPlayer) => {
        await at(ann.newest + 2);
        ann.hold();
        await stopped(p, 'SIGTERM');
        const again = await start();
        // A player whose process stopped comes back through another with her token (as the web app does).
        if (moved) {
          await moved.resumeAt(again.wsUrl, room);
          clients.push(moved.client);
        }
        ann.release();
      };
      await restart(p0);
      await restart(p1, ann);
      await restart(p2, ben);
      const record = await ann.record;
      await ben.record;
      const actions = (record.record as { actions: unknown[] }).actions;
      const acknowledged = [...ann.acknowledged(), ...ben.acknowledged()];
      const lost = acknowledged.filter(
        ([seq, action]) => JSON.stringify(actions[seq]) !== JSON.stringify(action),
      );
      console.log(
        `cluster rolling restart: ${acknowledged.length} acknowledged actions of the people, ${lost.length} lost`,
      );
      expect(lost).toEqual([]);
      expect([ann.errors, ben.errors]).toEqual([[], []]);
    });

    it('stops gracefully, giving its rooms up, while a request to it is still under way', async () => {
      const [owner, other] = [await start(), await start()];
      const { room, key } = await createRoom(owner, DUEL);
      const ann = await SeatPlayer.join(owner.wsUrl, room, key, 'Ann');
      const ben = await SeatPlayer.join(other.wsUrl, room, key, 'Ben');
      clients.push(ann.client, ben.client);
      await ann.client.next((m) => m.type === 'update' && (m.seq as number) >= 2);
      // A request whose headers have not all arrived (a load balancer's, a slow client's) as the process stops:
      // an HTTP server's close waits for it, and the rooms must not wait with it.
      const slow = createConnection(Number(new URL(owner.url).port), '127.0.0.1');
      await new Promise((resolve) => slow.once('connect', resolve));
      slow.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      slow.on('error', () => undefined);
      const closedWith = new Promise<number>((resolve) => ann.client.socket.once('close', resolve));
      await stopped(owner, 'SIGTERM');
      slow.destroy();
      // Its players are told it restarts (1012): the web app dials again at once.
      expect(await closedWith).toBe(CLOSE_RESTARTING);
      // Ann comes back through the other process, which takes the room over; the game ends for both.
      await ann.resumeAt(other.wsUrl, room);
      clients.push(ann.client);
      const [record] = await Promise.all([ann.record, ben.record]);
      const actions = (record.record as { actions: unknown[] }).actions;
      const lost = [...ann.acknowledged(), ...ben.acknowledged()].filter(
        ([seq, action]) => JSON.stringify(actions[seq]) !== JSON.stringify(action),
      );
      expect(lost).toEqual([]);
      expect([ann.errors, ben.errors]).toEqual([[], []]);
    });

    it("shows a finished game's end to a player who comes back through another process", async () => {
      const [owner, other] = [await start(), await start()];
      const { room, key } = await createRoom(owner, { ...DUEL, options: { rounds: 1 } });
      const ann = await SeatPlayer.join(owner.wsUrl, room, key, 'Ann');
      const ben = await SeatPlayer.join(owner.wsUrl, room, key, 'Ben');
      clients.push(ann.client, ben.client);
      const [record] = await Promise.all([ann.record, ben.record]);
      // Ann's phone lost its connection as the game ended, and comes back through the other process
      // (the room is no longer live, but its owner keeps it for its players to see the end).
      const back = await TestClient.connect(other.wsUrl);
      clients.push(back);
      back.send({ type: 'resume', room, token: ann.token });
      const answer = await back.next((m) => m.type === 'record' || m.type === 'error');
      expect(answer).toMatchObject({ type: 'record', record: record.record });
    });

    /**
     * Two processes on a database of their own (the other tests' processes would take the room
     * over too), and Ann against a bot on the first: her first game played, and its rematch (the
     * same room, its second game, under a store row of its own) dealt.
     */
    const rematchDealt = async () => {
      const own = { DATABASE_URL: await newDatabase(), REDIS_URL: redis.url };
      const [owner, other] = [await start(own), await start(own)];
      const { room, key } = await createRoom(owner, {
        ...DUEL,
        options: { rounds: 1 },
        seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
      });
      const ann = await TestClient.connect(owner.wsUrl);
      clients.push(ann);
      const joined = await ann.request({ type: 'join', room, key, name: 'Ann' }, ['joined', 'error']);
      expect(joined.type).toBe('joined');
      const seat = joined.seat as number;
      const first = await autoplay(ann, seat);
      const asked = ann.messages.length;
      ann.send({ type: 'rematch', room });
      await ann.next((m) => m.type === 'update', 10_000, asked);
      return { own, owner, other, room, key, ann, token: joined.token, seat, first };
    };

    it("shows a rematch's end too to a player who comes back through another process", async () => {
      const { owner, other, room, ann, token, seat, first } = await rematchDealt();
      // The second game played to its end on a connection of its own (the first one's player acts on the first game's turns).
      await ann.close();
      const again = await TestClient.connect(owner.wsUrl);
      clients.push(again);
      expect((await again.request({ type: 'resume', room, token }, ['welcome', 'error'])).type).toBe(
        'welcome',
      );
      const second = await autoplay(again, seat);
      expect(second.record).not.toEqual(first.record);
      // Ann's phone lost its connection as the second game ended, and comes back through the other process.
      const back = await TestClient.connect(other.wsUrl);
      clients.push(back);
      back.send({ type: 'resume', room, token });
      expect(await back.next((m) => m.type === 'record' || m.type === 'error')).toMatchObject({
        type: 'record',
        record: second.record,
      });
    });

    it("finds a rematch (the room's next game) from another process, and takes it over after SIGKILL of its owner", async () => {
      const { own, owner, other, room, key, token, seat, first } = await rematchDealt();

      // From the other process, the room is its second game, in play.
      const watcher = await TestClient.connect(other.wsUrl);
      clients.push(watcher);
      const watched = await watcher.request({ type: 'spectate', room, key }, ['room', 'error']);
      expect(watched).toMatchObject({ type: 'room', room: { id: room, status: 'playing' } });

      // Its owner killed, Ann comes back through the other process with her token, and the second game ends there.
      await stopped(owner, 'SIGKILL');
      const back = await TestClient.connect(other.wsUrl);
      clients.push(back);
      expect((await back.request({ type: 'resume', room, token }, ['welcome', 'error'])).type).toBe(
        'welcome',
      );
      const second = await autoplay(back, seat);
      expect(second.record).not.toEqual(first.record);
      expect(back.messages.filter((m) => m.type === 'error' && m.code !== 'stale')).toEqual([]);
      // The players see the game end before its owner's transaction stores it: the rows are read until they say so.
      const db = new pg.Client({ connectionString: own.DATABASE_URL });
      await db.connect();
      const statuses = async () =>
        (
          await db.query('SELECT id, status FROM rooms WHERE id = $1 OR id = $2 ORDER BY id', [
            room,
            `${room}_2`,
          ])
        ).rows;
      try {
        await expect.poll(statuses, { timeout: 10_000, interval: 50 }).toEqual([
          { id: room, status: 'over' },
          { id: `${room}_2`, status: 'over' },
        ]);
      } finally {
        await db.end();
      }
    });

    it.each([
      ['SIGKILL', 'after Ann confirmed'],
      ['SIGTERM', 'after Ann confirmed'],
      ['SIGKILL', 'before anyone confirmed'],
      ['SIGTERM', 'before anyone confirmed'],
    ] as const)(
      "keeps a finished game's room and its rematch through %s of its owner %s: the next game starts on the new owner when the last seat confirms",
      async (signal, when) => {
        const own = { DATABASE_URL: await newDatabase(), REDIS_URL: redis.url };
        const [owner, other] = [await start(own), await start(own)];
        const { room, key } = await createRoom(owner, { ...DUEL, options: { rounds: 1 } });
        const ann = await SeatPlayer.join(owner.wsUrl, room, key, 'Ann');
        const ben = await SeatPlayer.join(owner.wsUrl, room, key, 'Ben');
        clients.push(ann.client, ben.client);
        const [record] = await Promise.all([ann.record, ben.record]);
        // Ann presses "Play again" (or nobody has yet) when the owner stops or dies.
        const confirmed = when === 'after Ann confirmed' ? [ann.seat] : [];
        if (confirmed.length > 0) {
          const asked = ben.client.messages.length;
          ann.client.send({ type: 'rematch', room });
          await ben.client.next(
            (m) => m.type === 'room' && ((m.room as { rematch?: number[] }).rematch ?? []).includes(ann.seat),
            10_000,
            asked,
          );
        }
        // The end is stored (the players see it a moment before): a game still in play would simply be taken over.
        const db = new pg.Client({ connectionString: own.DATABASE_URL });
        await db.connect();
        try {
          const rows = async () =>
            (
              await db.query('SELECT id, status, rematch FROM rooms WHERE id = $1 OR id = $2 ORDER BY id', [
                room,
                `${room}_2`,
              ])
            ).rows;
          await expect
            .poll(rows, { timeout: 10_000, interval: 50 })
            .toEqual([
              { id: room, status: 'over', rematch: confirmed.length > 0 ? JSON.stringify(confirmed) : null },
            ]);
          await stopped(owner, signal);

          // Both come back through the other process with their tokens: the game is over (its end shown again), any confirmation kept.
          const back = async (player: SeatPlayer) => {
            const client = await TestClient.connect(other.wsUrl);
            clients.push(client);
            expect(
              await client.request({ type: 'resume', room, token: player.token }, ['welcome', 'error']),
            ).toMatchObject({
              type: 'welcome',
              seat: player.seat,
            });
            expect(await client.next((m) => m.type === 'record')).toMatchObject({ record: record.record });
            return client;
          };
          const [annBack, benBack] = [await back(ann), await back(ben)];
          const over = await benBack.next((m) => m.type === 'room', 10_000, 0);
          expect(over.room).toMatchObject({ status: 'over', gameNumber: 1, rematch: confirmed });
          // Ann confirms if she had not; Ben confirms: the second game is dealt to both.
          const before = annBack.messages.length;
          if (confirmed.length === 0) {
            const seen = benBack.messages.length;
            annBack.send({ type: 'rematch', room });
            await benBack.next(
              (m) =>
                m.type === 'room' && ((m.room as { rematch?: number[] }).rematch ?? []).includes(ann.seat),
              10_000,
              seen,
            );
          }
          benBack.send({ type: 'rematch', room });
          const second = await annBack.next(
            (m) => m.type === 'room' && (m.room as { gameNumber: number }).gameNumber === 2,
            10_000,
            before,
          );
          expect(second.room).toMatchObject({ status: 'playing', gameId: `${room}_2` });
          await annBack.next((m) => m.type === 'update', 10_000, before);
          expect([...annBack.messages, ...benBack.messages].filter((m) => m.type === 'error')).toEqual([]);
          expect(await rows()).toEqual([
            { id: room, status: 'over', rematch: null },
            { id: `${room}_2`, status: 'playing', rematch: null },
          ]);
        } finally {
          await db.end();
        }
      },
    );

    it('answers a join, resume or watch of a stored room no process can rebuild (another rules version) at once with why, on its owner or another process', async () => {
      const own = { DATABASE_URL: await newDatabase(), REDIS_URL: redis.url };
      const [a, b] = [await start(own), await start(own)];
      const store = await openPostgres(own.DATABASE_URL);
      const db = new pg.Client({ connectionString: own.DATABASE_URL });
      await db.connect();
      // Stored by a server of other rules, nobody's now: a look for orphans claims it and refuses it.
      const refusedRoom = (id: string): StoredRoom => ({
        id,
        setup: DUEL as unknown as StoredRoom['setup'],
        hostTokenHash: 'h',
        seats: [
          { kind: 'human', name: 'Ann', tokenHash: hashToken('Ann-token') },
          { kind: 'open', name: null },
        ],
        status: 'open',
        seed: 'a stored seed',
        createdAt: Date.now(),
        rules: RULES_VERSION + 1,
      });
      const refusals = (id: string) =>
        [a, b].map(
          (p) =>
            p
              .output()
              .split('\n')
              .filter((l) => l.includes(`"room":"${id}"`) && l.includes('could not be restored')).length,
        );
      try {
        await store.createRoom(refusedRoom('OLDRULES'));
        await vi.waitFor(() => expect(refusals('OLDRULES').reduce((x, y) => x + y)).toBe(1), {
          timeout: 15_000,
          interval: 100,
        });
        const owner = refusals('OLDRULES')[0] === 1 ? a : b;
        const key = roomKeys('h').invite;
        for (const via of [owner, owner === a ? b : a]) {
          for (const message of [
            { type: 'join', room: 'OLDRULES', key, name: 'Cy' },
            { type: 'resume', room: 'OLDRULES', token: 'Ann-token' },
            { type: 'spectate', room: 'OLDRULES', key },
          ]) {
            const client = await TestClient.connect(via.wsUrl);
            clients.push(client);
            const asked = Date.now();
            const answer = await client.request(message, ['error', 'room', 'joined', 'welcome']);
            // Told why, not `internal` after the relay gave up looking for a process to take it (5 s).
            expect({ via: via === owner ? 'owner' : 'other', type: message.type, code: answer.code }).toEqual(
              {
                via: via === owner ? 'owner' : 'other',
                type: message.type,
                code: 'rules-changed',
              },
            );
            expect(answer.message).toContain(`started under rules version ${RULES_VERSION + 1}`);
            expect(Date.now() - asked).toBeLessThan(4000);
          }
        }
        // A later look for orphans (it claims a second such room) leaves the first alone: claimed once, refused and logged once.
        await store.createRoom(refusedRoom('OLDRULE2'));
        await vi.waitFor(() => expect(refusals('OLDRULE2').reduce((x, y) => x + y)).toBe(1), {
          timeout: 15_000,
          interval: 100,
        });
        expect(refusals('OLDRULES').reduce((x, y) => x + y)).toBe(1);
        const { rows } = await db.query('SELECT epoch FROM rooms WHERE id = $1', ['OLDRULES']);
        expect(Number(rows[0].epoch)).toBe(1);
      } finally {
        await db.end();
        await store.close();
      }
    });

    it('without REDIS_URL, keeps each room to one process: a second refuses it (never adopts it), and takes it over once the first is killed', async () => {
      const alone = { DATABASE_URL: await newDatabase(), REDIS_URL: '', HANAFUDA_FIXED_SEED: 'cluster-test' };
      const first = await start(alone);
      const { room, key } = await createRoom(first, LONG_DUEL);
      const ann = await SeatPlayer.join(first.wsUrl, room, key, 'Ann');
      const ben = await SeatPlayer.join(first.wsUrl, room, key, 'Ben');
      clients.push(ann.client, ben.client);
      const at = (seq: number) => ann.client.next((m) => m.type === 'update' && (m.seq as number) >= seq);
      await at(4);
      // Ann holds her move, so the game cannot end while the second process starts.
      ann.hold();
      const second = await start(alone);
      expect(second.output()).toMatch(/PostgreSQL without REDIS_URL/);
      const visitor = await TestClient.connect(second.wsUrl);
      clients.push(visitor);
      expect(await visitor.request({ type: 'spectate', room, key }, ['room', 'error'])).toMatchObject({
        type: 'error',
        code: 'elsewhere',
      });
      // The first process plays on: the second did not take the room (and its log) over.
      ann.release();
      await at(ann.newest + 2);
      ann.hold();
      await stopped(first, 'SIGKILL');
      // Taken over within seconds: the room's public state is served by the survivor.
      const deadline = Date.now() + 10_000;
      while ((await fetch(`${second.url}/api/rooms/${room}?key=${key}`)).status !== 200) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await ann.resumeAt(second.wsUrl, room);
      await ben.resumeAt(second.wsUrl, room);
      clients.push(ann.client, ben.client);
      ann.release();
      const [record] = await Promise.all([ann.record, ben.record]);
      const actions = (record.record as { actions: unknown[] }).actions;
      const lost = [...ann.acknowledged(), ...ben.acknowledged()].filter(
        ([s, action]) => JSON.stringify(actions[s]) !== JSON.stringify(action),
      );
      expect(lost).toEqual([]);
      expect([ann.errors, ben.errors]).toEqual([[], []]);
    });

    it('plays on through a Redis outage (frozen, then refused) with its players on the other processes, and loses no acknowledged action', async () => {
      const own = {
        DATABASE_URL: await newDatabase(),
        REDIS_URL: redis.url,
        HANAFUDA_FIXED_SEED: 'cluster-test',
      };
      const [owner, b, c] = [await start(own), await start(own), await start(own)];
      const { room, key } = await createRoom(owner, LONG_DUEL);
      const later = await createRoom(owner, DUEL);
      const ann = await SeatPlayer.join(b.wsUrl, room, key, 'Ann');
      const ben = await SeatPlayer.join(c.wsUrl, room, key, 'Ben');
      clients.push(ann.client, ben.client);
      /** Ann's game moves on by `n` updates within a bound that a frozen relay (no answer at all) cannot meet. */
      const movesOn = (n: number) => {
        const seq = ann.newest + n;
        return ann.client.next((m) => m.type === 'update' && (m.seq as number) >= seq, 8_000);
      };
      await movesOn(4);
      try {
        // Silent: Redis's connections stay open and nothing answers.
        redis.pause();
        await movesOn(6);
        // Ann holds her move meanwhile, so that the game cannot end before Redis is killed.
        ann.hold();
        // A join and a watch through processes that do not own the room are answered within a few seconds (not held until Redis is back).
        const cy = await TestClient.connect(b.wsUrl);
        const watcher = await TestClient.connect(c.wsUrl);
        clients.push(cy, watcher);
        const asked = Date.now();
        expect(
          await cy.request({ type: 'join', room: later.room, key: later.key, name: 'Cy' }, [
            'joined',
            'error',
          ]),
        ).toMatchObject({ type: 'joined' });
        expect(await watcher.request({ type: 'spectate', room, key }, ['room', 'error'])).toMatchObject({
          type: 'room',
        });
        expect(Date.now() - asked).toBeLessThan(5_000);
        // Refused: Redis is gone (connections reset, reconnecting fails).
        redis.resume();
        redis.stop();
        ann.release();
        await movesOn(6);
        const late = await TestClient.connect(b.wsUrl);
        clients.push(late);
        const watched = Date.now();
        expect(await late.request({ type: 'spectate', room, key }, ['room', 'error'])).toMatchObject({
          type: 'room',
        });
        expect(Date.now() - watched).toBeLessThan(5_000);
      } finally {
        // However this part ended, Redis runs again (from stopped) for what follows.
        redis.resume();
        redis.stop();
        redis.restart();
      }
      // Back on Redis: the game plays to its end with nothing lost (or the failure says where each player and process is).
      const where = () =>
        [
          ...[ann, ben].map(
            (p) =>
              `${p.name}: update ${p.newest}, ${p.records.size} record(s), ${p.welcomes} welcome(s), ${p.reconnects} reconnect(s), ` +
              `socket ${['connecting', 'open', 'closing', 'closed'][p.client.socket.readyState]}, errors ${JSON.stringify(p.errors)}, ` +
              `last ${p.client.texts.slice(-2).join(' ').slice(0, 300)}`,
          ),
          ...[owner, b, c].map(
            (p, i) =>
              `process ${i} said: ${p
                .output()
                .split('\n')
                .filter((line) => line.includes(room) || line.includes('cluster'))
                .slice(-8)
                .join(' | ')}`,
          ),
        ].join('\n');
      let timer: NodeJS.Timeout | undefined;
      const [record] = await Promise.race([
        Promise.all([ann.record, ben.record]),
        new Promise<never>(
          (_, reject) =>
            (timer = setTimeout(
              () => reject(new Error(`the game did not end once Redis was back\n${where()}`)),
              25_000,
            )),
        ),
      ]).finally(() => clearTimeout(timer));
      const actions = (record.record as { actions: unknown[] }).actions;
      const acknowledged = [...ann.acknowledged(), ...ben.acknowledged()];
      const lost = acknowledged.filter(
        ([seq, action]) => JSON.stringify(actions[seq]) !== JSON.stringify(action),
      );
      expect(lost).toEqual([]);
      expect([ann.errors, ben.errors]).toEqual([[], []]);
    });

    it('names a Redis it cannot reach at start-up, and stops (exit 1)', async () => {
      const closed = createServer();
      const port = await new Promise<number>((resolve) =>
        closed.listen(0, '127.0.0.1', () => resolve((closed.address() as AddressInfo).port)),
      );
      await new Promise((resolve) => closed.close(resolve));
      await expect(
        startChild([], { ...env, REDIS_URL: `redis://:secret@127.0.0.1:${port}` }),
      ).rejects.toThrow(
        new RegExp(
          `exited \\(1\\) before listening: .*cannot reach Redis at 127\\.0\\.0\\.1:${port} \\(REDIS_URL\\): connect ECONNREFUSED`,
          's',
        ),
      );
    });
  },
);
