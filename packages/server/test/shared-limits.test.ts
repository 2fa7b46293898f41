/**
 * Per-address limits held across processes: two real server processes on one real PostgreSQL
 * and one real Redis (.ci/postgres, .ci/redis), behind a "proxy" on loopback naming each
 * client's address, give an address its sockets, spectators, seats, rooms and API requests once,
 * not once per process; closed sockets and a passed window give them back; a Redis that is
 * gone makes each process count its own (fail open), answering at once. An IPv6 address counts
 * by its /64, in every process.
 */
import { createDatabase } from './support/database.js';
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RedisLedger } from '../src/limits/address-ledger.js';
import { silentLog } from '../src/ops/log.js';
import { startChild } from './support/child.js';
import { TestClient } from './support/client.js';
import { invite } from './support/server.js';
import { PG_CTL, type PgCluster, startCluster } from './support/pg-cluster.js';
import { REDIS_SERVER, type RedisServer, startRedis } from './support/redis.js';

const missing = [!PG_CTL && 'postgres', !REDIS_SERVER && 'redis-server'].filter(Boolean);
if (missing.length > 0)
  console.warn(
    `server tests: ${missing.join(' and ')} not installed, so the shared-limits suite is skipped; .ci/run installs them`,
  );

const DUEL = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
};

interface Proc {
  child: ChildProcess;
  wsUrl: string;
  url: string;
}

describe.skipIf(missing.length > 0)(
  'per-address limits shared by two processes through Redis',
  { timeout: 60_000 },
  () => {
    let pgCluster: PgCluster;
    let redis: RedisServer;
    let a: Proc;
    let b: Proc;
    const clients: TestClient[] = [];

    /** A socket from `address`, as the proxy on loopback forwards it. */
    const connect = async (p: Proc, address: string) => {
      const c = await TestClient.connect(p.wsUrl, { headers: { 'x-forwarded-for': address } });
      clients.push(c);
      return c;
    };
    /** Whether a socket was let in: it answers a ping; a refused one is told why and closed. */
    const admitted = async (c: TestClient): Promise<true | string> => {
      const answer = await c
        .request({ type: 'ping' }, ['pong', 'error'])
        .catch(() => c.messages.find((m) => m.type === 'error') ?? { type: 'closed' });
      return answer.type === 'pong' ? true : String(answer.code ?? answer.type);
    };

    beforeAll(async () => {
      pgCluster = startCluster();
      redis = startRedis();
      const { url: databaseUrl } = await createDatabase(pgCluster.url, 'hanafuda_limits');
      const env = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, HANAFUDA_TRUSTED_PROXIES: '127.0.0.1' };
      [a, b] = await Promise.all([startChild([], env), startChild([], env)]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await Promise.all(
        [a, b]
          .filter((p) => p && p.child.exitCode === null && p.child.signalCode === null)
          .map((p) => {
            const exited = new Promise((resolve) => p.child.once('exit', resolve));
            p.child.kill('SIGTERM');
            return exited;
          }),
      );
      redis?.destroy();
      pgCluster?.destroy();
    });

    it('gives an address its 32 sockets once over both processes, and gives them back as they close', async () => {
      const address = '203.0.113.7';
      const open: TestClient[] = [];
      for (let i = 0; i < 32; i++) open.push(await connect(i % 2 === 0 ? a : b, address));
      expect(await Promise.all(open.map(admitted))).toEqual(open.map(() => true));
      // Past 32 in all, neither process lets it in: each alone would have taken 32.
      expect(await admitted(await connect(a, address))).toBe('too-many-connections');
      expect(await admitted(await connect(b, address))).toBe('too-many-connections');
      // Another address has its own.
      expect(await admitted(await connect(b, '203.0.113.8'))).toBe(true);
      // Two sockets on a closed: the address may open two again, on b. a gives each back to Redis
      // on its own, so the second may come back a moment after the first.
      await Promise.all([open[0].close(), open[2].close()]);
      for (let i = 0; i < 2; i++)
        await vi.waitFor(async () => expect(await admitted(await connect(b, address))).toBe(true), {
          timeout: 10_000,
          interval: 100,
        });
      expect(await admitted(await connect(a, address))).toBe('too-many-connections');
    });

    it('gives an address its 10 rooms, 8 spectators and 30 API requests once over both processes', async () => {
      const address = '198.51.100.9';
      const [onA, onB] = [await connect(a, address), await connect(b, address)];
      const created: string[] = [];
      for (let i = 0; i < 10; i++)
        created.push(
          (
            await (i % 2 === 0 ? onA : onB).request({ type: 'create-room', setup: DUEL }, [
              'room-created',
              'error',
            ])
          ).type,
        );
      expect(created).toEqual(Array(10).fill('room-created'));
      const eleventh = await onB.request({ type: 'create-room', setup: DUEL }, ['room-created', 'error']);
      expect(eleventh).toMatchObject({ type: 'error', code: 'too-many-rooms' });

      // A room made from this machine (spared the limits), watched from one address through both processes.
      const host = await TestClient.connect(a.wsUrl);
      clients.push(host);
      const { room, key } = invite(await host.request({ type: 'create-room', setup: DUEL }, 'room-created'));
      const watchers: string[] = [];
      for (let i = 0; i < 9; i++) {
        const w = await connect(i % 2 === 0 ? a : b, '198.51.100.10');
        watchers.push(String((await w.request({ type: 'spectate', room, key }, ['room', 'error'])).type));
        if (i === 8) watchers.push(String(w.messages.find((m) => m.type === 'error')?.code));
      }
      expect(watchers).toEqual([...Array(8).fill('room'), 'error', 'too-many-spectators']);

      // 60 requests, 30 to each process: each alone would answer all 60 (30 at once, then 60 a minute). Shared, 30 pass,
      // and one more for each second the requests took (the bucket refills meanwhile).
      const started = Date.now();
      const statuses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          fetch(`${(i % 2 === 0 ? a : b).url}/api/health`, {
            headers: { 'x-forwarded-for': '198.51.100.11' },
          }).then((r) => r.status),
        ),
      );
      const seconds = (Date.now() - started) / 1000;
      const passed = statuses.filter((s) => s === 200).length;
      expect(passed).toBeGreaterThanOrEqual(30);
      expect(passed).toBeLessThanOrEqual(30 + Math.ceil(seconds));
      expect(statuses.filter((s) => s === 429)).toHaveLength(60 - passed);
    });

    it('counts the addresses of one IPv6 /64 as one address over both processes: 32 sockets, 10 rooms', async () => {
      const open: TestClient[] = [];
      for (let i = 0; i < 32; i++)
        open.push(await connect(i % 2 === 0 ? a : b, `2001:db8:64::${(i + 1).toString(16)}`));
      expect(await Promise.all(open.map(admitted))).toEqual(open.map(() => true));
      expect(await admitted(await connect(a, '2001:db8:64::ff'))).toBe('too-many-connections');
      expect(await admitted(await connect(b, '2001:db8:64:0:ffff::1'))).toBe('too-many-connections');
      expect(await admitted(await connect(b, '2001:db8:65::1'))).toBe(true);
      const created: string[] = [];
      for (const c of open.slice(0, 11))
        created.push(
          String(
            (await c.request({ type: 'create-room', setup: DUEL }, ['room-created', 'error'])).code ?? 'ok',
          ),
        );
      expect(created).toEqual([...Array(10).fill('ok'), 'too-many-rooms']);
      await Promise.all(open.map((c) => c.close()));
    });

    it('gives an address its 16 seats once over both processes, through the relay too', async () => {
      // Rooms made from this machine (spared the limits), all on a: joins through b reach them by the relay.
      const host = await TestClient.connect(a.wsUrl);
      clients.push(host);
      const rooms = [];
      for (let i = 0; i < 9; i++)
        rooms.push(invite(await host.request({ type: 'create-room', setup: DUEL }, 'room-created')));
      const joined: string[] = [];
      for (let i = 0; i < 17; i++) {
        const { room, key } = rooms[i >> 1];
        const c = await connect(i % 2 === 0 ? a : b, '198.51.100.20');
        joined.push(
          String(
            (await c.request({ type: 'join', room, key, name: `P${i}` }, ['joined', 'error'])).code ??
              'joined',
          ),
        );
      }
      expect(joined).toEqual([...Array(16).fill('joined'), 'too-many-seats']);
    });

    it('when Redis is gone, each process counts its own, answering at once (fail open)', async () => {
      redis.destroy();
      const address = '192.0.2.44';
      const started = Date.now();
      const [onA, onB] = [await connect(a, address), await connect(b, address)];
      expect([await admitted(onA), await admitted(onB)]).toEqual([true, true]);
      // Each process now rations the address by itself: 10 rooms on a, and a's count is a's alone.
      const rooms: string[] = [];
      for (let i = 0; i < 11; i++)
        rooms.push(
          String(
            (await onA.request({ type: 'create-room', setup: DUEL }, ['room-created', 'error'])).code ?? 'ok',
          ),
        );
      expect(rooms).toEqual([...Array(10).fill('ok'), 'too-many-rooms']);
      expect(Date.now() - started).toBeLessThan(15_000);
    });
  },
);

describe.skipIf(!REDIS_SERVER)('the Redis ledger', () => {
  let redis: RedisServer;
  beforeAll(() => {
    redis = startRedis();
  });
  afterAll(() => redis?.destroy());

  it('refills a bucket shared by two processes as its window passes, and frees places a process gives back', async () => {
    const [one, two] = [
      await RedisLedger.open(redis.url, 'one', silentLog),
      await RedisLedger.open(redis.url, 'two', silentLog),
    ];
    try {
      // Two tokens, one back every 100 ms (600 a minute).
      const rate = { burst: 2, perMinute: 600 };
      expect([
        await one.take('rooms', 'x', rate),
        await two.take('rooms', 'x', rate),
        await one.take('rooms', 'x', rate),
      ]).toEqual([true, true, false]);
      await vi.waitFor(async () => expect(await two.take('rooms', 'x', rate)).toBe(true), {
        timeout: 2000,
        interval: 20,
      });

      const held = [await one.hold('sockets', 'y', 2), await two.hold('sockets', 'y', 2)];
      expect(held.every((r) => r !== null)).toBe(true);
      expect(await two.hold('sockets', 'y', 2)).toBeNull();
      held[0]!();
      await vi.waitFor(async () => expect(await two.hold('sockets', 'y', 2)).not.toBeNull(), {
        timeout: 2000,
        interval: 20,
      });
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('drops the places of a process no longer alive (its key gone: expired after a SIGKILL, deleted as it stops)', async () => {
    const [gone, alive] = [
      await RedisLedger.open(redis.url, 'gone', silentLog),
      await RedisLedger.open(redis.url, 'alive', silentLog),
    ];
    try {
      expect(await gone.hold('spectators', 'z', 1)).not.toBeNull();
      expect(await alive.hold('spectators', 'z', 1)).toBeNull();
      // Its heartbeat key is what a SIGKILL leaves to expire; closing removes it at once.
      await gone.close();
      expect(await alive.hold('spectators', 'z', 1)).not.toBeNull();
    } finally {
      await alive.close();
    }
  });
});

describe.skipIf(!REDIS_SERVER)('the Redis ledger over a Redis that stops and starts again', () => {
  let redis: RedisServer;
  const opened: { close(): Promise<void> }[] = [];
  const open = async (nodeId: string) => {
    const ledger = await RedisLedger.open(redis.url, nodeId, silentLog);
    opened.push(ledger);
    return ledger;
  };
  /** A plain client, to read what Redis holds. */
  const admin = () => {
    const client = new Redis(redis.url);
    opened.push({ close: async () => void client.disconnect() });
    return client;
  };
  beforeAll(() => {
    redis = startRedis();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });
  afterAll(() => redis?.destroy());

  it('gives back, once Redis is back, a place given back while it was down', async () => {
    const one = await open('one');
    const release = await one.hold('spectators', 'w', 1);
    expect(release).not.toBeNull();
    // The place is in the snapshot a restarted Redis comes back with.
    const before = admin();
    await before.save();
    redis.stop();
    release!();
    redis.restart();
    const after = admin();
    expect(await after.hget('hanafuda:limits:spectators:w', 'one')).toBe('1');
    await vi.waitFor(async () => expect(await after.hget('hanafuda:limits:spectators:w', 'one')).toBeNull(), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await (await open('two')).hold('spectators', 'w', 1)).not.toBeNull();
  });

  it('counts again the places a process still holds when a restarted Redis lost them', async () => {
    const one = await open('one');
    expect(await one.hold('sockets', 'v', 1)).not.toBeNull();
    // No snapshot: it starts again empty.
    redis.stop();
    redis.restart();
    const after = admin();
    await vi.waitFor(async () => expect(await after.hget('hanafuda:limits:sockets:v', 'one')).toBe('1'), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await (await open('two')).hold('sockets', 'v', 1)).toBeNull();
  });
});
