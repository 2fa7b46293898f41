/**
 * Spectators cannot keep a seated player out: they are capped per room, per address and in
 * all (a share of the places is kept for players), and when the server is full a newcomer
 * takes the place of the longest-held spectator. Forty machines are forty loopback source
 * addresses (127.0.1.1 … 127.0.1.40), each counted on its own.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RunningServer, startServer } from '../src/index.js';
import { silentLog } from '../src/ops/log.js';
import { type Message, TestClient } from './support/client.js';
import { createRoom, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

const DUEL = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  turnSeconds: 0,
  seats: [{ kind: 'open' }, { kind: 'open' }],
};
const LIMITS = {
  maxConnections: 100,
  maxPerAddress: 32,
  maxSpectatorsPerAddress: 8,
  seatReserve: 0.25,
  spareLocal: false,
};

describe('spectators and seated players', { timeout: 120_000 }, () => {
  let db: TestStore;
  let server: RunningServer;
  const clients: TestClient[] = [];
  const connect = async (from: string) => {
    const c = await TestClient.connect(server.wsUrl, { localAddress: from });
    clients.push(c);
    return c;
  };

  afterEach(async () => {
    await shutDown(server, db, clients);
  });

  it('keeps places for seated players while spectators from 40 addresses try to fill the server', async () => {
    db = await STORES[0].open();
    server = await startServer({
      store: db.store,
      port: 0,
      webDir: null,
      botDelayMs: 0,
      log: silentLog,
      connectionLimits: LIMITS,
    });

    const { host, room, key, watchKey } = await createRoom(server, DUEL);
    clients.push(host);
    const seat = async (from: string, name: string) => {
      const c = await connect(from);
      const joined = await c.request({ type: 'join', room, key, name }, 'joined');
      return { client: c, token: joined.token as string };
    };
    const ann = await seat('127.0.2.1', 'Ann');
    const ben = await seat('127.0.2.2', 'Ben');
    await ann.client.next((m) => m.type === 'welcome');

    const watch = async (from: string): Promise<{ client: TestClient; answer: Message }> => {
      const client = await connect(from);
      const answer = await client.request({ type: 'spectate', room, key: watchKey }, [
        'room',
        'error',
        'update',
      ]);
      return { client, answer };
    };
    // One address watches at most 8 times.
    const first = [];
    for (let i = 0; i < 9; i++) first.push(await watch('127.0.1.1'));
    expect(first.slice(0, 8).every((w) => w.answer.type !== 'error')).toBe(true);
    expect(first[8].answer).toMatchObject({
      code: 'too-many-spectators',
      message: expect.stringMatching(/from one address/),
    });

    // 39 more addresses, 8 sockets each: the spectators stop at 75 of the 100 places.
    const flood: { client: TestClient; answer: Message }[] = [];
    for (let a = 2; a <= 40; a++)
      flood.push(...(await Promise.all(Array.from({ length: 8 }, () => watch(`127.0.1.${a}`)))));
    const refused = flood.filter((w) => w.answer.type === 'error').map((w) => w.answer.code);
    expect(refused).toContain('too-many-spectators');
    // (A shed socket leaves the room once its close is through.)
    await vi.waitFor(() => expect(server.rooms.get(room)!.state().spectators).toBeLessThanOrEqual(75));
    // Past the cap, newcomers took the places of the longest-held spectators, who were told why.
    const shed = [...first, ...flood].filter((w) =>
      w.client.messages.some((m) => m.type === 'error' && m.code === 'shed'),
    );
    expect(shed.length).toBeGreaterThan(0);

    // Ben's line drops; he comes back into his seat at once, the server still full of watchers.
    await ben.client.close();
    const back = await connect('127.0.2.2');
    back.send({ type: 'resume', room, token: ben.token });
    expect(await back.next((m) => m.type === 'welcome' || m.type === 'error')).toMatchObject({
      type: 'welcome',
      seat: 1,
    });
    // A new player creates a room of their own and sits in it.
    const newcomer = await connect('127.0.2.3');
    const created = await newcomer.request({ type: 'create-room', setup: DUEL }, ['room-created', 'error']);
    expect(created.type).toBe('room-created');
    expect(
      await newcomer.request(
        { type: 'join', room: created.room, key: (created.keys as { invite: string }).invite, name: 'Cy' },
        ['joined', 'error'],
      ),
    ).toMatchObject({ type: 'joined' });
    // Seated players are never shed: Ann is still in, and both play on.
    expect(ann.client.socket.readyState).toBe(ann.client.socket.OPEN);
    expect(ann.client.messages.some((m) => m.type === 'error' && m.code === 'shed')).toBe(false);
  });
});
