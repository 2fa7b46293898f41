/**
 * Everything bounded, over real sockets against a real SQLite file: rooms nobody is in are
 * abandoned (and not rebuilt by a restart), sockets are capped in all and per address, rooms,
 * joins and hints are rationed, a socket that enters no room is closed, and a game may not be
 * endless. Each refusal has its own error code.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, type ServerOptions, startServer } from '../src/index.js';
import { defaultMaxConnections, openFileLimit } from '../src/limits/limits.js';
import { type Message, TestClient } from './support/client.js';
import { invite, shutDown } from './support/server.js';
import { STORES, type StoreKind, type TestStore } from './support/stores.js';
import { silentLog } from '../src/ops/log.js';
import { LEVEL, recordingLog } from '../src/ops/log.js';
import { type LoopbackAddresses, addLoopbackAddresses, ipv6Unavailable } from './support/ipv6.js';

const noIpv6 = ipv6Unavailable();
if (noIpv6) console.warn(`limits test: the IPv6 /64 case is skipped: ${noIpv6}`);

const LOBBY = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
};
const AGAINST_A_BOT = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
};

describe('bounds', { timeout: 20_000 }, () => {
  let db: TestStore;
  let server: RunningServer;
  let logs = recordingLog();
  const clients: TestClient[] = [];
  let loopback: LoopbackAddresses | undefined;

  const start = async (extra: Partial<ServerOptions> = {}, kind: StoreKind = STORES[0]) => {
    db = await kind.open();
    logs = recordingLog();
    server = await startServer({
      store: db.store,
      port: 0,
      webDir: null,
      botDelayMs: 0,
      log: logs.log,
      ...extra,
    });
  };
  const connect = async () => {
    const client = await TestClient.connect(server.wsUrl);
    clients.push(client);
    return client;
  };
  const errorCode = async (client: TestClient, message: unknown) =>
    ((await client.request(message, ['error', 'room-created', 'joined', 'room'])) as Message).code;
  const closed = (client: TestClient) =>
    new Promise<void>((resolve) =>
      client.socket.readyState === client.socket.CLOSED
        ? resolve()
        : client.socket.once('close', () => resolve()),
    );

  afterEach(async () => {
    await shutDown(server, db, clients);
    // After the sockets from them are closed: a socket whose address went away would wait on its close.
    loopback?.remove();
    loopback = undefined;
  });

  it.each(STORES.filter((k) => k.available).map((k) => [k.name, k] as const))(
    'abandons a lobby nobody is in and a game nobody is connected to, keeps a room someone is in, and a restart does not rebuild the abandoned (%s)',
    async (_name, kind) => {
      await start({ eviction: { lobbyIdleMs: 1500, gameIdleMs: 2500, sweepMs: 20 } }, kind);
      const host = await connect();
      const empty = (await host.request({ type: 'create-room', setup: LOBBY }, 'room-created'))
        .room as string;
      const { room: kept, key: keptKey } = invite(
        await host.request({ type: 'create-room', setup: LOBBY }, 'room-created'),
      );
      const alice = await connect();
      await alice.request({ type: 'join', room: kept, key: keptKey, name: 'Alice' }, 'joined');
      const { room: game, key: gameKey } = invite(
        await host.request({ type: 'create-room', setup: AGAINST_A_BOT }, 'room-created'),
      );
      const bob = await connect();
      await bob.request({ type: 'join', room: game, key: gameKey, name: 'Bob' }, 'joined');
      await bob.close();

      const abandoned = (room: string) =>
        logs.next((r) => r.room === room && r.msg === 'room abandoned: nobody was in it');
      expect(await abandoned(empty)).toMatchObject({ status: 'open', level: LEVEL.info });
      expect(await abandoned(game)).toMatchObject({ status: 'playing', level: LEVEL.info });
      expect(server.rooms.get(empty)).toBeUndefined();
      expect(server.rooms.get(game)).toBeUndefined();
      expect(server.rooms.get(kept)).toBeDefined();
      expect((await db.store.room(empty))!.status).toBe('abandoned');
      expect((await db.store.room(game))!.status).toBe('abandoned');
      expect(await errorCode(await connect(), { type: 'spectate', room: empty })).toBe('no-such-room');

      const store = await db.reopen();
      const restarted = await startServer({ store, port: 0, webDir: null, log: silentLog });
      expect(restarted.restored).toBe(1);
      expect(restarted.rooms.all().map((r) => r.id)).toEqual([kept]);
      await restarted.close();
      await store.close();
    },
  );

  it("caps the sockets in all: one past the cap, with every place a seated player's, is told the server is full, and let in once another leaves", async () => {
    await start({ connectionLimits: { maxConnections: 2 } });
    const first = await connect();
    const { room, key } = invite(await first.request({ type: 'create-room', setup: LOBBY }, 'room-created'));
    await first.request({ type: 'join', room, key, name: 'Ann' }, 'joined');
    await (await connect()).request({ type: 'join', room, key, name: 'Ben' }, 'joined');
    const third = await connect();
    expect(await third.next((m) => m.type === 'error')).toMatchObject({ code: 'server-full' });
    await closed(third);
    await first.close();
    const again = await connect();
    expect(await errorCode(again, { type: 'spectate', room: 'nosuchroom' })).toBe('no-such-room');
  });

  it('ends a lobby nobody starts, with its players connected, and keeps a game under way', async () => {
    await start({ eviction: { lobbyMaxMs: 1500, sweepMs: 20 } });
    const host = await connect();
    const { room: lobby, key } = invite(
      await host.request({ type: 'create-room', setup: LOBBY }, 'room-created'),
    );
    const ann = await connect();
    await ann.request({ type: 'join', room: lobby, key, name: 'Ann' }, 'joined');
    const game = invite(await host.request({ type: 'create-room', setup: AGAINST_A_BOT }, 'room-created'));
    const bob = await connect();
    await bob.request({ type: 'join', room: game.room, key: game.key, name: 'Bob' }, 'joined');

    expect(await ann.next((m) => m.type === 'error')).toMatchObject({ code: 'lobby-expired' });
    await closed(ann);
    expect(
      await logs.next((r) => r.room === lobby && r.msg === 'room abandoned: not started in time'),
    ).toMatchObject({ level: LEVEL.info });
    expect(server.rooms.get(lobby)).toBeUndefined();
    expect((await db.store.room(lobby))!.status).toBe('abandoned');
    expect(server.rooms.get(game.room)?.status).toBe('playing');
    expect(bob.socket.readyState).toBe(bob.socket.OPEN);
  });

  it("limits the seats one address holds at once: a family's phones, not a server's worth", async () => {
    await start({ connectionLimits: { maxSeatsPerAddress: 2, spareLocal: false } });
    const host = await TestClient.connect(server.wsUrl, { localAddress: '127.0.0.9' });
    clients.push(host);
    const lobbies = [];
    for (let i = 0; i < 3; i++)
      lobbies.push(invite(await host.request({ type: 'create-room', setup: LOBBY }, 'room-created')));
    const from = async (localAddress: string) => {
      const client = await TestClient.connect(server.wsUrl, { localAddress });
      clients.push(client);
      return client;
    };
    const joined = [];
    for (const { room, key } of lobbies)
      joined.push(
        await (
          await from('127.0.0.2')
        ).request({ type: 'join', room, key, name: 'Ann' }, ['joined', 'error']),
      );
    expect(joined.map((m) => m.code ?? m.type)).toEqual(['joined', 'joined', 'too-many-seats']);
    expect(joined[2].message).toMatch(/at most 2 seats/);
    // Another address has its own.
    const { room, key } = lobbies[2];
    expect(
      (await (await from('127.0.0.3')).request({ type: 'join', room, key, name: 'Ben' }, ['joined', 'error']))
        .type,
    ).toBe('joined');
  });

  it('when full, sheds a spectator, then the sockets of lobbies not started from the address holding most; never a seat in a game under way', async () => {
    await start({ connectionLimits: { maxConnections: 6, spareLocal: false } });
    const from = async (localAddress: string) => {
      const client = await TestClient.connect(server.wsUrl, { localAddress });
      clients.push(client);
      return client;
    };
    // One address sits in three lobbies it never starts.
    const a = [await from('127.0.0.2'), await from('127.0.0.2'), await from('127.0.0.2')];
    for (const c of a) {
      const { room, key } = invite(await c.request({ type: 'create-room', setup: LOBBY }, 'room-created'));
      await c.request({ type: 'join', room, key, name: 'Ann' }, 'joined');
    }
    // Another plays a game, another waits in its own lobby, another watches.
    const player = await from('127.0.0.3');
    const game = invite(await player.request({ type: 'create-room', setup: AGAINST_A_BOT }, 'room-created'));
    await player.request({ type: 'join', room: game.room, key: game.key, name: 'Gus' }, 'joined');
    const waiter = await from('127.0.0.4');
    const own = invite(await waiter.request({ type: 'create-room', setup: LOBBY }, 'room-created'));
    await waiter.request({ type: 'join', room: own.room, key: own.key, name: 'Wen' }, 'joined');
    const watcher = await from('127.0.0.5');
    await watcher.request({ type: 'spectate', room: game.room, key: game.key }, 'room');

    const shed = async (c: TestClient) => {
      expect(await c.next((m) => m.type === 'error')).toMatchObject({ code: 'shed' });
      await closed(c);
    };
    const admitted = async (c: TestClient) =>
      expect((await c.request({ type: 'ping' }, ['pong', 'error'])).type).toBe('pong');
    const newcomers = [];
    for (const [address, goes] of [
      ['127.0.0.6', watcher],
      ['127.0.0.7', a[0]],
      ['127.0.0.8', a[1]],
    ] as const) {
      newcomers.push(await from(address));
      await admitted(newcomers.at(-1)!);
      await shed(goes);
    }
    // Three addresses now hold one sheddable socket each, the lobby's and two newcomers': the oldest goes.
    newcomers.push(await from('127.0.0.10'));
    await admitted(newcomers.at(-1)!);
    await shed(a[2]);
    for (const c of [player, waiter, ...newcomers]) await admitted(c);
  });

  it('caps the sockets of one address', async () => {
    await start({ connectionLimits: { maxPerAddress: 2, spareLocal: false } });
    await connect();
    await connect();
    const third = await connect();
    expect(await third.next((m) => m.type === 'error')).toMatchObject({
      code: 'too-many-connections',
      message: expect.stringMatching(/at most 2 connections from one address/),
    });
    await closed(third);
  });

  it.skipIf(noIpv6 !== null)(
    'counts the addresses of one IPv6 /64 as one address: its sockets, spectators and rooms',
    async () => {
      // Five addresses of one /64 (a phone, a home: each may draw as many as it likes) and one of another.
      const block = ['1', '2', '3', '4', '5'].map((n) => `2001:db8:43:64::${n}`);
      const other = '2001:db8:43:65::1';
      loopback = addLoopbackAddresses([...block, other]);
      await start({
        host: block[0],
        connectionLimits: {
          maxPerAddress: 3,
          maxSpectatorsPerAddress: 2,
          roomsPerAddress: { burst: 2, perMinute: 0.001 },
        },
      });
      const from = async (localAddress: string) => {
        const client = await TestClient.connect(server.wsUrl, { localAddress });
        clients.push(client);
        return client;
      };
      const created = [];
      const sockets: TestClient[] = [];
      for (const address of block.slice(0, 3)) {
        sockets.push(await from(address));
        created.push(
          await sockets.at(-1)!.request({ type: 'create-room', setup: LOBBY }, ['room-created', 'error']),
        );
      }
      expect(created.map((m) => m.code ?? m.type)).toEqual([
        'room-created',
        'room-created',
        'too-many-rooms',
      ]);
      // Three sockets of the /64 are open: a fourth address of it is refused, another /64 is not.
      const fourth = await from(block[3]);
      expect(await fourth.next((m) => m.type === 'error')).toMatchObject({ code: 'too-many-connections' });
      await closed(fourth);
      const elsewhere = await from(other);
      expect(
        (await elsewhere.request({ type: 'create-room', setup: LOBBY }, ['room-created', 'error'])).type,
      ).toBe('room-created');
      const { room, key } = invite(created[0]);
      const watched = [];
      for (const socket of sockets)
        watched.push(await socket.request({ type: 'spectate', room, key }, ['room', 'error']));
      expect(watched.map((m) => m.code ?? m.type)).toEqual(['room', 'room', 'too-many-spectators']);
    },
  );

  it('rations the rooms an address creates, across its connections', async () => {
    await start({ connectionLimits: { roomsPerAddress: { burst: 2, perMinute: 1 }, spareLocal: false } });
    const a = await connect();
    expect((await a.request({ type: 'create-room', setup: LOBBY }, ['room-created', 'error'])).type).toBe(
      'room-created',
    );
    expect((await a.request({ type: 'create-room', setup: LOBBY }, ['room-created', 'error'])).type).toBe(
      'room-created',
    );
    expect(await errorCode(a, { type: 'create-room', setup: LOBBY })).toBe('too-many-rooms');
    await a.close();
    expect(await errorCode(await connect(), { type: 'create-room', setup: LOBBY })).toBe('too-many-rooms');
    expect(server.rooms.size).toBe(2);
  });

  it('spares programs on this machine the per-address limits by default, but not what a proxy forwards', async () => {
    await start({ connectionLimits: { maxPerAddress: 1, roomsPerAddress: { burst: 1, perMinute: 1 } } });
    const a = await connect();
    const b = await connect();
    expect((await a.request({ type: 'create-room', setup: LOBBY }, ['room-created', 'error'])).type).toBe(
      'room-created',
    );
    expect((await b.request({ type: 'create-room', setup: LOBBY }, ['room-created', 'error'])).type).toBe(
      'room-created',
    );
    // A proxy on this machine that nobody said to trust: everyone it forwards is one address, limited.
    const forwarded = { headers: { 'x-forwarded-for': '203.0.113.7' } };
    const viaProxy = await TestClient.connect(server.wsUrl, forwarded);
    clients.push(viaProxy);
    expect(await viaProxy.next((m) => m.type === 'error')).toMatchObject({ code: 'too-many-connections' });
  });

  it('rations joins and hints per connection', async () => {
    await start({
      connectionLimits: {
        joinsPerConnection: { burst: 2, perMinute: 1 },
        hintsPerConnection: { burst: 1, perMinute: 1 },
      },
    });
    const c = await connect();
    expect(await errorCode(c, { type: 'join', room: 'nosuchroom', name: 'Eve' })).toBe('no-such-room');
    expect(await errorCode(c, { type: 'join', room: 'nosuchroom', name: 'Eve' })).toBe('no-such-room');
    expect(await errorCode(c, { type: 'join', room: 'nosuchroom', name: 'Eve' })).toBe('too-many-joins');
    expect(await errorCode(c, { type: 'hint' })).toBe('no-room');
    expect(await errorCode(c, { type: 'hint' })).toBe('too-many-hints');
    // Another connection has its own ration.
    expect(await errorCode(await connect(), { type: 'join', room: 'nosuchroom', name: 'Eve' })).toBe(
      'no-such-room',
    );
  });

  it('closes a socket that enters no room, and not one that watches a room', async () => {
    // Long enough for the host and the watcher to enter a room on a busy machine (100 ms once failed).
    await start({ connectionLimits: { idleMs: 1500 } });
    const host = await connect();
    const { room, key } = invite(await host.request({ type: 'create-room', setup: LOBBY }, 'room-created'));
    const watcher = await connect();
    await watcher.request({ type: 'spectate', room, key }, 'room');
    const idler = await connect();
    expect(await idler.next((m) => m.type === 'error')).toMatchObject({ code: 'idle' });
    await closed(idler);
    await closed(host);
    expect(watcher.socket.readyState).toBe(watcher.socket.OPEN);
  });

  it('refuses an endless game', async () => {
    await start();
    const host = await connect();
    const refused = await host.request(
      { type: 'create-room', setup: { ...LOBBY, options: { rounds: 1_000_000 } } },
      ['room-created', 'error'],
    );
    expect(refused).toMatchObject({
      type: 'error',
      code: 'game-too-long',
      message: expect.stringMatching(/at most 24 rounds/),
    });
  });
});

describe('the default cap on sockets', () => {
  const procLimits = (soft: string) =>
    `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                 1048576              files\n`;

  it('sits below the open-file limit, so a flood cannot take the files the server needs, and leaves room for 1,000 games of four', () => {
    expect(openFileLimit(() => procLimits('1024'))).toBe(1024);
    expect(defaultMaxConnections(1024)).toBe(924);
    expect(defaultMaxConnections(65536)).toBeGreaterThanOrEqual(4000);
    expect(defaultMaxConnections(openFileLimit(() => procLimits('unlimited')))).toBe(20_000);
  });

  it('is 1,000 where the limit cannot be read', () => {
    expect(openFileLimit(() => 'no such line')).toBeNull();
    expect(
      openFileLimit(() => {
        throw new Error('ENOENT');
      }),
    ).toBeNull();
    expect(defaultMaxConnections(null)).toBe(1000);
  });
});
