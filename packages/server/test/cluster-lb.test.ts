/**
 * Three real server processes on one real PostgreSQL with a real Redis, behind the
 * repository's HAProxy configuration (deploy/haproxy.cfg), as an operator runs them: 60 rooms
 * in play through the load balancer, then the process that owns the most rooms killed with
 * SIGKILL (and, in a second run, stopped with SIGTERM). Every player reconnects through the
 * load balancer as the web app does. Every room finishes exactly once with both its players,
 * no acknowledged action is lost, no player is shown a turn whose move is then played, no
 * player of a live room is told `no-such-room` (or any error), and no process logs a
 * duplicate-key write. Then the process keeping the most finished rooms goes the same way, and
 * every room's players reach its rematch.
 */
import { createDatabase } from './support/database.js';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { roomIdFrom } from '@hanafuda/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startChild } from './support/child.js';
import { TestClient } from './support/client.js';
import { HAPROXY, type LoadBalancer, startLoadBalancer } from '../../load/src/haproxy.js';
import { actPaths } from '../../load/src/metric-samples.js';
import { PG_CTL, type PgCluster, startCluster } from './support/pg-cluster.js';
import { REDIS_SERVER, type RedisServer, startRedis } from './support/redis.js';
import { SeatPlayer } from './support/seat-player.js';
import { invite } from './support/server.js';

const ROOMS = 60;
/** Two people, two rounds: long enough to be in play when the owner goes. */
const DUEL = {
  game: 'sakura',
  players: 2,
  options: { rounds: 2 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
};

const missing = [!PG_CTL && 'postgres', !REDIS_SERVER && 'redis-server', !HAPROXY && 'haproxy'].filter(
  Boolean,
);
if (missing.length > 0)
  console.warn(
    `server tests: ${missing.join(', ')} not installed, so the load-balanced cluster suite is skipped; .ci/run installs them`,
  );

interface Proc {
  child: ChildProcess;
  url: string;
  node: string;
  output: () => string;
}

describe.skipIf(missing.length > 0)(
  'three processes behind HAProxy, 60 rooms, the busiest owner stopped',
  { timeout: 180_000 },
  () => {
    let pgCluster: PgCluster;
    let redis: RedisServer;
    const procs: Proc[] = [];
    const balancers: LoadBalancer[] = [];
    const clients: TestClient[] = [];

    beforeAll(() => {
      pgCluster = startCluster();
      redis = startRedis();
    });
    afterAll(async () => {
      for (const c of clients) c.socket.terminate();
      for (const p of procs)
        if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      await Promise.all(balancers.map((b) => b.stop()));
      redis?.destroy();
      pgCluster?.destroy();
    });

    const newDatabase = async () => (await createDatabase(pgCluster.url, 'hanafuda_lb')).url;

    const run = async (signal: 'SIGKILL' | 'SIGTERM') => {
      const databaseUrl = await newDatabase();
      // Stopped gracefully, a process first answers its health check with 503 for 1.5 s, so HAProxy takes it out.
      // HAProxy forwards each player's address: the processes trust it, as deploy/haproxy.cfg says.
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        HANAFUDA_DRAIN_MS: '1500',
        HANAFUDA_TRUSTED_PROXIES: '127.0.0.1',
        HANAFUDA_METRICS_PORT: '0',
      };
      const started: Proc[] = [];
      for (let i = 0; i < 3; i++) {
        const p = await startChild([], env);
        const node = /process (\w+) of a cluster/.exec(p.output())![1];
        started.push({ ...p, node });
      }
      procs.push(...started);
      const lb = await startLoadBalancer(started.map((p) => new URL(p.url).host));
      balancers.push(lb);
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        // 60 rooms created through the load balancer, their two players joining by the room's address. Half are created as
        // the web app creates them (at the room's address, under an id the host drew), half by a socket that names no room
        // (the server draws the id; the room is then handed to the process its players reach).
        const rooms: string[] = [];
        const keys = new Map<string, string>();
        const players: SeatPlayer[][] = [];
        for (let i = 0; i < ROOMS; i++) {
          const drawn = i % 2 === 0 ? roomIdFrom(randomBytes(8)) : null;
          const host = await TestClient.connect(drawn === null ? lb.wsUrl : `${lb.wsUrl}?room=${drawn}`);
          clients.push(host);
          const created = await host.request(
            { type: 'create-room', setup: DUEL, ...(drawn === null ? {} : { room: drawn }) },
            ['room-created', 'error'],
          );
          expect(created.type).toBe('room-created');
          const { room, key } = invite(created);
          if (drawn !== null) expect(room).toBe(drawn);
          rooms.push(room);
          keys.set(room, key);
          await host.close();
        }
        await Promise.all(
          rooms.map(async (room, i) => {
            const at = `${lb.wsUrl}?room=${room}`;
            const join = (name: string) =>
              SeatPlayer.join(at, room, keys.get(room)!, name).catch(async (e: Error) => {
                const said = started.map(
                  (p, n) =>
                    `process ${n} (${p.node}): ${p
                      .output()
                      .split('\n')
                      .filter((line) => line.includes(room))
                      .join(' | ')}`,
                );
                const row = (await db.query('SELECT status, owner, epoch FROM rooms WHERE id = $1', [room]))
                  .rows[0];
                const where = row ? `${row.status}, owned by ${row.owner}, epoch ${row.epoch}` : 'no row';
                throw new Error(
                  `${name} joining room ${room} (${where}): ${e.message}\nthe processes said: ${said.join('\n')}`,
                );
              });
            const pair = [await join(`Ann ${i}`), await join(`Ben ${i}`)];
            for (const p of pair) {
              p.stayConnected(at, room);
              clients.push(p.client);
            }
            players[i] = pair;
          }),
        );
        // Every room in play (a few moves made) before the busiest owner goes.
        await Promise.all(
          players.map(([ann]) =>
            ann.client.next((m) => m.type === 'update' && (m.seq as number) >= 6, 60_000),
          ),
        );
        // Each room's first player holds still until the stopped process is gone (its partner moves on until the game waits for
        // it): on a quiet machine every game on that process could otherwise end within the graceful stop's 1.5 s of draining,
        // and nothing would be handed over.
        for (const [ann] of players) ann.hold();
        const { rows } = await db.query(
          "SELECT owner, count(*)::int AS n FROM rooms WHERE id = ANY($1) AND status = 'playing' GROUP BY owner ORDER BY n DESC",
          [rooms],
        );
        const victim = started.find((p) => p.node === rows[0].owner)!;
        const unfinished = (
          await db.query(
            "SELECT count(*)::int AS n FROM rooms WHERE id = ANY($1) AND status = 'playing' AND owner = $2",
            [rooms, victim.node],
          )
        ).rows[0].n as number;
        const exited = new Promise((resolve) => victim.child.once('exit', resolve));
        victim.child.kill(signal);
        // A step that does not end in time fails with where every unfinished room is, rather than at the suite's timeout.
        const stuck = (step: string) => stuckReport(step, { db, rooms, players, started, victim });
        await within(exited, 30_000, () => stuck(`the ${signal} process did not exit`));
        for (const [ann] of players) ann.release();

        const records = await within(
          Promise.all(players.map((pair) => Promise.all(pair.map((p) => p.record)))),
          90_000,
          () => stuck('not every room finished'),
        );
        const reconnects = players.flat().reduce((n, p) => n + p.reconnects, 0);
        // Every room over, and stored once, with both its players.
        // (A record reaches the players as it is stored: the last rows may land a moment after.)
        const games = await vi.waitFor(
          async () => {
            const found = await db.query('SELECT game_id, players FROM games WHERE game_id = ANY($1)', [
              rooms,
            ]);
            if (found.rows.length < ROOMS) throw new Error(`${found.rows.length} of ${ROOMS} games stored`);
            return found;
          },
          { timeout: 10_000, interval: 100 },
        );
        expect(games.rows).toHaveLength(ROOMS);
        for (const [i, room] of rooms.entries()) {
          const [ann, ben] = players[i];
          expect(JSON.parse(games.rows.find((g) => g.game_id === room).players)).toEqual([
            `Ann ${i}`,
            `Ben ${i}`,
          ]);
          // Both saw the same one record: the room never split in two.
          expect([ann.records.size, ben.records.size]).toEqual([1, 1]);
          expect(records[i][0].record).toEqual(records[i][1].record);
          const actions = (records[i][0].record as { actions: unknown[] }).actions;
          const lost = [...ann.acknowledged(), ...ben.acknowledged()].filter(
            ([seq, action]) => JSON.stringify(actions[seq]) !== JSON.stringify(action),
          );
          expect(lost).toEqual([]);
          // No player was shown a turn whose move (sent before, then given up for another) was then played.
          expect({
            room,
            givenUpThenPlayed: [ann.givenUpThenPlayed(actions), ben.givenUpThenPlayed(actions)],
          }).toEqual({ room, givenUpThenPlayed: [[], []] });
          expect({ room, errors: [ann.errors, ben.errors] }).toEqual({ room, errors: [[], []] });
        }
        const logs = started.map((p) => p.output()).join('\n');
        expect(logs).not.toMatch(/duplicate key/);
        const survivors = started.filter((p) => p !== victim);
        const counts = await Promise.all(
          survivors.map((p) => actPaths(/metrics at (http:\/\/[^\s"]+)/.exec(p.output())![1])),
        );
        const paths = counts.reduce(
          (sum, h) => ({ local: sum.local + h.local, relayed: sum.relayed + h.relayed }),
          { local: 0, relayed: 0 },
        );
        expect(paths.local + paths.relayed).toBeGreaterThan(0);
        console.log(
          `cluster behind HAProxy, ${signal}: ${unfinished} of ${ROOMS} rooms in play on the stopped process; ${reconnects} reconnects; ` +
            `every room finished once, 0 acknowledged actions lost; actions on the survivors: ${paths.local} local, ${paths.relayed} relayed`,
        );
        expect(unfinished).toBeGreaterThanOrEqual(10);

        // The process that keeps the most finished rooms (for their players to see the end and play again) goes the same way:
        // every room's players come back through the load balancer and reach its rematch.
        const { rows: keepers } = await db.query(
          "SELECT owner, count(*)::int AS n FROM rooms WHERE id = ANY($1) AND status = 'over' AND owner IS NOT NULL GROUP BY owner ORDER BY n DESC",
          [rooms],
        );
        const keeper = survivors.find((p) => p.node === keepers[0].owner)!;
        const kept = keepers[0].n as number;
        const keeperExited = new Promise((resolve) => keeper.child.once('exit', resolve));
        keeper.child.kill(signal);
        await within(keeperExited, 30_000, () => stuck(`the keeper did not exit on ${signal}`));
        const comeBack = async (player: SeatPlayer, room: string): Promise<TestClient> => {
          for (let attempt = 0; ; attempt++) {
            const client = await TestClient.connect(`${lb.wsUrl}?room=${room}`).catch(() => null);
            const answer =
              client &&
              (await client
                .request({ type: 'resume', room, token: player.token }, ['welcome', 'error'])
                .catch(() => null));
            if (client && answer) {
              clients.push(client);
              expect({ room, answer: answer.type === 'error' ? answer : 'welcome' }).toEqual({
                room,
                answer: 'welcome',
              });
              return client;
            }
            // Refused while the load balancer has not yet seen the process go: dial again.
            client?.socket.terminate();
            await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 1000)));
          }
        };
        for (const p of players.flat()) p.client.socket.terminate();
        const rematches = await within(
          Promise.all(
            rooms.map(async (room, i) => {
              const [ann, ben] = await Promise.all(players[i].map((p) => comeBack(p, room)));
              for (const c of [ann, ben]) c.send({ type: 'rematch', room });
              return Promise.all(
                [ann, ben].map((c) =>
                  c.next(
                    (m) => m.type === 'room' && (m.room as { gameNumber: number }).gameNumber === 2,
                    30_000,
                  ),
                ),
              );
            }),
          ),
          60_000,
          () => stuck('not every finished room reached its rematch'),
        );
        for (const pair of rematches)
          for (const m of pair) expect(m.room).toMatchObject({ status: 'playing', gameNumber: 2 });
        console.log(
          `cluster behind HAProxy, ${signal} of the process keeping ${kept} finished rooms: every room's players reached its rematch`,
        );
      } finally {
        await db.end();
        await lb.stop();
        for (const p of started)
          if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
      }
    };

    /** `promise`, or past `ms` a failure that says what `report` finds. */
    const within = async <T>(promise: Promise<T>, ms: number, report: () => Promise<string>): Promise<T> => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => void report().then((text) => reject(new Error(text)), reject), ms);
      });
      try {
        return await Promise.race([promise, late]);
      } finally {
        clearTimeout(timer);
      }
    };

    /** Which rooms are not over, at which update each player is, who owns each now, and what the processes said of it. */
    const stuckReport = async (
      step: string,
      at: { db: pg.Client; rooms: string[]; players: SeatPlayer[][]; started: Proc[]; victim: Proc },
    ): Promise<string> => {
      const { db, rooms, players, started, victim } = at;
      const name = (node: string | null) =>
        node === null
          ? 'nobody'
          : `process ${started.findIndex((p) => p.node === node)} (${node}${node === victim.node ? ', the stopped one' : ''})`;
      const lines = [
        `${step}; the stopped process ${victim.child.exitCode !== null || victim.child.signalCode !== null ? `exited (${victim.child.exitCode ?? victim.child.signalCode})` : 'is still running'}`,
      ];
      const unfinished = rooms
        .map((room, i) => ({ room, pair: players[i] }))
        .filter(({ pair }) => pair.some((p) => p.records.size === 0));
      const { rows } = await db.query('SELECT id, status, owner, epoch FROM rooms WHERE id = ANY($1)', [
        unfinished.map((u) => u.room),
      ]);
      for (const { room, pair } of unfinished) {
        const row = rows.find((r) => r.id === room);
        lines.push(
          `room ${room}: ${row ? `${row.status}, owned by ${name(row.owner)}, epoch ${row.epoch}` : 'no row'}`,
        );
        for (const p of pair)
          lines.push(
            `  ${p.name}: update ${p.newest}, ${p.records.size} record(s), ${p.reconnects} reconnect(s), ${p.welcomes} welcome(s), socket ${['connecting', 'open', 'closing', 'closed'][p.client.socket.readyState]}, ` +
              `errors ${JSON.stringify(p.errors)}, last messages ${p.client.texts.slice(-2).join(' ').slice(0, 400)}`,
          );
        for (const [i, proc] of started.entries()) {
          const said = proc
            .output()
            .split('\n')
            .filter((line) => line.includes(room));
          if (said.length > 0) lines.push(`  process ${i} said: ${said.slice(-5).join(' | ')}`);
        }
      }
      lines.push(`the stopped process's last lines: ${victim.output().split('\n').slice(-15).join('\n')}`);
      return lines.join('\n');
    };

    it('SIGKILL of the busiest owner', () => run('SIGKILL'));
    it('SIGTERM of the busiest owner (a graceful stop: its rooms are handed over)', () => run('SIGTERM'));
  },
);
