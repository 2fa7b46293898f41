/**
 * The lobby over real sockets, one process (SQLite): strangers seeking a pool are paired into
 * one room with seats kept for them, teams seated in pairing order, a closed socket's seek
 * gone, blocks kept, custom seeks accepted, bots after `botsAfter`, and bad input refused with
 * nothing changed. Each person is a guest the server issued (`POST /api/guest`), its socket
 * opened with that cookie.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { type Message, TestClient } from './support/client.js';
import { STORES, type TestStore } from './support/stores.js';
import { createRoom, serve, shutDown } from './support/server.js';
import { startServer } from '../src/index.js';
import { silentLog } from '../src/ops/log.js';

const sqlite = STORES.find((s) => s.name === 'sqlite')!;

describe('the lobby', { timeout: 30_000 }, () => {
  let db: TestStore;
  let server: RunningServer;
  const clients: TestClient[] = [];

  beforeEach(async () => {
    db = await sqlite.open();
    server = await serve(db);
  });
  afterEach(() => shutDown(server, db, clients));

  const accounts = new Map<TestClient, { id: string; name: string }>();
  /** A new guest's socket (`guest: false`: a socket without a cookie, nobody). */
  const person = async (guest = true) => {
    let cookie: string | undefined;
    let account: { id: string; name: string } | undefined;
    if (guest) {
      const res = await fetch(`${server.url}/api/guest`, { method: 'POST' });
      cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
      account = ((await res.json()) as { account: { id: string; name: string } }).account;
    }
    const client = await TestClient.connect(server.wsUrl, cookie ? { headers: { cookie } } : {});
    clients.push(client);
    if (account) accounts.set(client, account);
    return client;
  };
  const id = (c: TestClient) => accounts.get(c)!.id;
  const paired = (c: TestClient) => c.next((m) => m.type === 'paired');
  const seek = async (c: TestClient, fields: object) => {
    const answer = await c.request({ type: 'seek', ...fields }, ['seeking', 'error']);
    expect(answer.type).toBe('seeking');
    return answer;
  };
  const join = (c: TestClient, p: Message, name = 'typed') =>
    c.request({ type: 'join', room: p.room, key: p.key, seat: p.seat, name }, ['joined', 'error']);
  const pool = (lobby: Message, id: string) =>
    (lobby.pools as { id: string; waiting: number }[]).find((p) => p.id === id)!;

  it('pairs two strangers seeking koikoi-6 into one room, each seated in the seat kept for them', async () => {
    const [a, b, stranger] = [await person(), await person(), await person()];
    await seek(a, { pool: 'koikoi-6' });
    await seek(b, { pool: 'koikoi-6' });
    const [pa, pb] = await Promise.all([paired(a), paired(b)]);
    expect(pa.room).toBe(pb.room);
    expect(pa.key).toBe(pb.key);
    // In pairing order: a sought first.
    expect([pa.seat, pb.seat]).toEqual([0, 1]);
    // A stranger who learns the key takes neither seat.
    expect(await join(stranger, pa)).toMatchObject({ type: 'error', code: 'seat-reserved' });
    expect(
      await stranger.request({ type: 'join', room: pa.room, key: pa.key, name: 'Snoop' }, [
        'joined',
        'error',
      ]),
    ).toMatchObject({
      type: 'error',
      code: 'room-full',
    });
    expect(await join(a, pa)).toMatchObject({ type: 'joined', seat: 0 });
    expect(await join(b, pb)).toMatchObject({ type: 'joined', seat: 1 });
    const playing = await a.next(
      (m) => m.type === 'room' && (m.room as { status: string }).status === 'playing',
    );
    expect(playing.room).toMatchObject({
      game: 'koikoi',
      players: 2,
      options: { rounds: 6 },
      turnSeconds: 60,
    });
  });

  it('seats four of sakura-2x2 in two teams, in the order they sought', async () => {
    const people = [await person(), await person(), await person(), await person()];
    for (const p of people) await seek(p, { pool: 'sakura-2x2' });
    const pairs = await Promise.all(people.map(paired));
    expect(new Set(pairs.map((p) => p.room)).size).toBe(1);
    expect(pairs.map((p) => p.seat)).toEqual([0, 1, 2, 3]);
    for (const [i, p] of people.entries())
      expect(await join(p, pairs[i])).toMatchObject({ type: 'joined', seat: i });
    const playing = await people[0].next(
      (m) => m.type === 'room' && (m.room as { status: string }).status === 'playing',
    );
    expect(playing.room).toMatchObject({
      game: 'sakura',
      players: 4,
      teams: [
        [0, 2],
        [1, 3],
      ],
    });
  });

  it('ends a room it made when someone it paired never sits down: the one who did is told, and seeks again', async () => {
    await server.close();
    server = await serve(db, { eviction: { pairedMaxMs: 1000, sweepMs: 20 } });
    // A room of friends, not the lobby's, waits for its host's friends as long as ever.
    const friends = await createRoom(server, {
      game: 'koikoi',
      players: 2,
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    const [a, b] = [await person(), await person()];
    await seek(a, { pool: 'koikoi-6' });
    await seek(b, { pool: 'koikoi-6' });
    const [pa] = await Promise.all([paired(a), paired(b)]);
    expect(await join(a, pa)).toMatchObject({ type: 'joined', seat: 0 });
    // b's page went away as it was paired: its seat stays empty.
    const made = Date.now();
    expect(await a.next((m) => m.type === 'error')).toMatchObject({ code: 'paired-no-show' });
    expect(Date.now() - made).toBeGreaterThanOrEqual(1000 - 200);
    await new Promise<void>((done) =>
      a.socket.readyState === a.socket.CLOSED ? done() : a.socket.once('close', () => done()),
    );
    expect((await db.store.room(pa.room as string))!.status).toBe('abandoned');
    expect(server.rooms.get(friends.room)?.status).toBe('open');
    // b, back, is not sent to the room that ended: its seek is a new one, and a new person pairs with it.
    const since = b.messages.length;
    expect((await seek(b, { pool: 'koikoi-6' })).type).toBe('seeking');
    const c = await person();
    await seek(c, { pool: 'koikoi-6' });
    const [pb, pc] = await Promise.all([b.next((m) => m.type === 'paired', 5000, since), paired(c)]);
    expect(pb.room).toBe(pc.room);
    expect(pb.room).not.toBe(pa.room);
    await friends.host.close();
  });

  it('takes the seek of a socket that closes out of the lobby', async () => {
    const [watcher, seeker] = [await person(), await person()];
    const first = await watcher.request({ type: 'lobby' }, 'lobby');
    expect(pool(first, 'koikoi-12').waiting).toBe(0);
    await seek(seeker, { pool: 'koikoi-12' });
    const count = watcher.messages.length;
    await watcher.next((m) => m.type === 'lobby' && pool(m, 'koikoi-12').waiting === 1, 5000, count);
    await seeker.close();
    const after = await watcher.next(
      (m) => m.type === 'lobby' && pool(m, 'koikoi-12').waiting === 0,
      5000,
      count,
    );
    expect(after.players).toBe(0);
  });

  it('never pairs a blocked person with the one who blocked them', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    expect(await a.request({ type: 'block', account: id(b) }, 'blocked')).toMatchObject({
      accounts: [id(b)],
    });
    await seek(a, { pool: 'koikoi-6' });
    await seek(b, { pool: 'koikoi-6' });
    await seek(c, { pool: 'koikoi-6' });
    // a (oldest) cannot have b, so takes c; b waits on.
    const [pa, pc] = await Promise.all([paired(a), paired(c)]);
    expect(pa.room).toBe(pc.room);
    const lobby = await b.request({ type: 'lobby' }, 'lobby');
    expect(pool(lobby, 'koikoi-6').waiting).toBe(1);
    expect(b.messages.some((m) => m.type === 'paired')).toBe(false);
    // Undone, the block no longer keeps them apart.
    expect(await a.request({ type: 'unblock', account: id(b) }, 'blocked')).toMatchObject({ accounts: [] });
  });

  it("lets a stranger accept a custom seek from the lobby's list", async () => {
    const [a, b] = [await person(), await person()];
    const setup = {
      game: 'koikoi',
      players: 2,
      options: { rounds: 1 },
      seats: [{ kind: 'open' }, { kind: 'open' }],
      turnSeconds: 30,
    };
    const seeking = await seek(a, { setup });
    const lobby = await b.request({ type: 'lobby' }, 'lobby');
    expect(lobby.seeks).toEqual([
      {
        id: seeking.seek,
        by: accounts.get(a)!.name,
        game: 'koikoi',
        players: 2,
        options: { rounds: 1 },
        turnSeconds: 30,
        places: 1,
        since: seeking.since,
      },
    ]);
    expect(await a.request({ type: 'accept-seek', seek: seeking.seek }, ['seeking', 'error'])).toMatchObject({
      code: 'already-seeking',
    });
    expect(await b.request({ type: 'accept-seek', seek: seeking.seek }, ['seeking', 'error'])).toMatchObject({
      type: 'seeking',
      seek: seeking.seek,
    });
    const [pa, pb] = await Promise.all([paired(a), paired(b)]);
    expect(pa).toMatchObject({ seek: seeking.seek, seat: 0 });
    expect(pb).toMatchObject({ seek: seeking.seek, seat: 1, room: pa.room });
    expect(await join(b, pb)).toMatchObject({ type: 'joined', seat: 1 });
  });

  it('fills the empty seats with bots once botsAfter has passed', async () => {
    const a = await person();
    const opened = Date.now();
    await seek(a, { pool: 'nara-4', botsAfter: 1 });
    const p = await paired(a);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(1000);
    expect(await join(a, p)).toMatchObject({ type: 'joined', seat: 0 });
    const playing = await a.next(
      (m) => m.type === 'room' && (m.room as { status: string }).status === 'playing',
    );
    expect(
      (playing.room as { seats: { kind: string; level?: string }[] }).seats.map((s) => [s.kind, s.level]),
    ).toEqual([
      ['human', undefined],
      ['bot', 'normal'],
      ['bot', 'normal'],
      ['bot', 'normal'],
    ]);
  });

  it('refuses bad lobby messages with a clear error, and changes nothing', async () => {
    const [a, nobody] = [await person(), await person(false)];
    const refused = (c: TestClient, m: object) => c.request(m, ['seeking', 'seek-ended', 'error']);
    expect(await refused(nobody, { type: 'seek', pool: 'koikoi-6' })).toMatchObject({
      code: 'identity',
      message: expect.stringMatching(/guest or account identity/),
    });
    expect(await refused(a, { type: 'seek', pool: 'koikoi-7' })).toMatchObject({
      code: 'unknown-pool',
      message: expect.stringMatching(/"pool" must be one of/),
    });
    const setup = { game: 'koikoi', players: 2, seats: [{ kind: 'open' }, { kind: 'open' }] };
    expect(await refused(a, { type: 'seek', pool: 'koikoi-6', setup })).toMatchObject({
      code: 'bad-seek',
      message: expect.stringMatching(/not both/),
    });
    expect(await refused(a, { type: 'cancel-seek' })).toMatchObject({ code: 'not-seeking' });
    let lobby = await a.request({ type: 'lobby' }, 'lobby');
    expect(lobby.players).toBe(0);
    await seek(a, { pool: 'sakura-3' });
    expect(await refused(a, { type: 'seek', pool: 'oibana' })).toMatchObject({
      code: 'already-seeking',
      message: expect.stringMatching(/cancel/),
    });
    lobby = await a.request({ type: 'lobby' }, 'lobby');
    expect([lobby.players, pool(lobby, 'sakura-3').waiting, pool(lobby, 'oibana').waiting]).toEqual([
      1, 1, 0,
    ]);
    expect(await refused(a, { type: 'cancel-seek' })).toMatchObject({
      type: 'seek-ended',
      reason: 'cancelled',
    });
    expect(await refused(a, { type: 'cancel-seek' })).toMatchObject({ code: 'not-seeking' });
  });
});

describe('the lobby limits seeks by address', { timeout: 30_000 }, () => {
  let db: TestStore;
  let server: RunningServer;
  const clients: TestClient[] = [];

  beforeEach(async () => {
    db = await sqlite.open();
    // Through a trusted proxy on loopback each socket says its client's address; none is spared.
    server = await startServer({
      store: db.store,
      port: 0,
      webDir: null,
      log: silentLog,
      trustedProxies: ['loopback'],
      connectionLimits: { spareLocal: false, seeksPerAddress: { burst: 2, perMinute: 0.01 } },
    });
  });
  afterEach(() => shutDown(server, db, clients));

  /** A guest of `address`, its socket coming through the proxy from there. */
  const personAt = async (address: string) => {
    const res = await fetch(`${server.url}/api/guest`, {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    const client = await TestClient.connect(server.wsUrl, {
      headers: { cookie, 'x-forwarded-for': address },
    });
    clients.push(client);
    return client;
  };

  it('counts seeks opened from one address (an IPv6 one by its /64), and refuses the next with too-many-seeks', async () => {
    const a = await personAt('2001:db8:7:1::1');
    const b = await personAt('2001:db8:7:1:ffff::2');
    for (const c of [a, b]) {
      expect((await c.request({ type: 'seek', pool: 'sakura-3' }, ['seeking', 'error'])).type).toBe(
        'seeking',
      );
      expect((await c.request({ type: 'cancel-seek' }, ['seek-ended', 'error'])).type).toBe('seek-ended');
    }
    const refused = await a.request({ type: 'seek', pool: 'sakura-3' }, ['seeking', 'error']);
    expect(refused).toMatchObject({ type: 'error', code: 'too-many-seeks' });
    const watcher = await personAt('198.51.100.20');
    const lobby = await watcher.request({ type: 'lobby' }, ['lobby']);
    expect((lobby.pools as { id: string; waiting: number }[]).find((p) => p.id === 'sakura-3')!.waiting).toBe(
      0,
    );
    // Another /64 has its own allowance.
    const other = await personAt('2001:db8:7:2::1');
    expect((await other.request({ type: 'seek', pool: 'sakura-3' }, ['seeking', 'error'])).type).toBe(
      'seeking',
    );
  });
});
