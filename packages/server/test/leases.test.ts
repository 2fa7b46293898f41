/**
 * Room ownership on a real PostgreSQL (cluster/leases.ts): a room's lease is taken over only
 * from a dead or departed owner, by one process alone, with a higher epoch; a write under the
 * old epoch is refused (the stale copy is dropped at once, never retried); and one process
 * asked for a room by several paths at once (a player's request, the sweep for orphans)
 * builds it once; a room handed to the process its players reach goes straight there; and a
 * process whose ownership connection broke finds, once back, the rooms taken from it meanwhile;
 * and the rooms no live process owns are counted for the metrics.
 */
import type { RoomSetup } from '@hanafuda/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RoomLeases } from '../src/cluster/leases.js';
import { writeRooms } from '../../load/src/bulk-rooms.js';
import { Placement } from '../src/rooms/placement.js';
import { Rooms } from '../src/rooms/rooms.js';
import { DEFAULT_RETRY_DELAYS_MS, withRetries } from '../src/store/retry.js';
import { FencedOut, type Store } from '../src/store/store.js';
import { POSTGRES_URL, STORES, type TestStore } from './support/stores.js';
import { recordingLog } from '../src/ops/log.js';
import { ServerMetrics } from '../src/ops/metrics.js';

const DUEL = { game: 'koikoi', players: 2, seats: [{ kind: 'open' }, { kind: 'open' }] } as RoomSetup;
const postgres = STORES.find((s) => s.name === 'postgres')!;

describe.skipIf(!POSTGRES_URL)('room leases on PostgreSQL', { timeout: 30_000 }, () => {
  let db: TestStore;
  let url: string;
  const open: RoomLeases[] = [];
  const logs = recordingLog();
  const leases = async (node: string, onLost: (ids: string[]) => void = () => undefined) => {
    const l = await RoomLeases.open(url, node, onLost, () => [], logs.log);
    open.push(l);
    return l;
  };
  /** A process's rooms, and where they live (`.rooms`: those it holds). */
  const rooms = (store: Store, l: RoomLeases) => {
    const options = {
      store: withRetries(store, { delaysMs: DEFAULT_RETRY_DELAYS_MS, log: logs.log }),
      botDelayMs: 0,
      log: logs.log,
    };
    return new Placement(new Rooms(options, l), options, l);
  };

  beforeAll(async () => {
    db = await postgres.open();
    url = db.env.DATABASE_URL;
  });
  afterAll(async () => {
    await Promise.all(open.map((l) => l.close()));
    await db.store.close();
    await db.cleanup();
  });

  it("lets one process take over a dead owner's room, and refuses the old owner's writes from then on", async () => {
    const a = await leases('node-a');
    const b = await leases('node-b');
    const mine = rooms(db.store, a);
    const created = await mine.rooms.create(DUEL);
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.room.id;
    // Alive owner: nobody else takes the room, by name or as an orphan.
    expect(await b.claim(id)).toBeNull();
    expect(await b.claimOrphans(10)).toEqual([]);
    expect(await b.whereabouts(id)).toEqual({ live: true, owner: 'node-a' });

    // node-a's connection goes (as when its process is killed): its room is free, and two claims at once give it to one.
    await a.close();
    expect(await b.whereabouts(id)).toEqual({ live: true, owner: null });
    const c = await leases('node-c');
    const [byB, byC] = await Promise.all([b.claim(id), c.claim(id)]);
    expect([byB, byC].filter((f) => f !== null)).toHaveLength(1);
    const winner = (byB ?? byC)!;
    expect(winner.epoch).toBe(2);

    // The stale owner's writes are refused at once (not retried), and the room is dropped from its process.
    const seats = [
      { kind: 'human' as const, name: 'Ann', tokenHash: 'h' },
      { kind: 'open' as const, name: null },
    ];
    await expect(db.store.updateRoom(id, seats, 'open', { node: 'node-a', epoch: 1 })).rejects.toBeInstanceOf(
      FencedOut,
    );
    await expect(
      db.store.appendAction(id, 0, { type: 'pass' } as never, { node: 'node-a', epoch: 1 }),
    ).rejects.toBeInstanceOf(FencedOut);
    const joined = await created.value.room
      .join({ send: () => undefined, seat: null }, 'Ann')
      .catch((e: Error) => e);
    expect(joined).toBeInstanceOf(FencedOut);
    expect(mine.rooms.get(id)).toBeUndefined();
    expect(logs.records).toContainEqual(
      expect.objectContaining({
        room: id,
        epoch: 1,
        msg: expect.stringMatching(/another process took the room over .*dropped here/),
      }),
    );
    expect(logs.records.some((r) => /^update room/.test(String(r.write)))).toBe(false);
    expect((await db.store.room(id))!.seats[0].kind).toBe('open');
    // The new owner's writes go through.
    await db.store.updateRoom(id, seats, 'open', winner);
    expect((await db.store.room(id))!.seats[0].kind).toBe('human');
  });

  it('builds a room once when a request for it and the sweep for orphans come at once', async () => {
    const a = await leases('node-d');
    const created = await rooms(db.store, a).rooms.create(DUEL);
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.room.id;
    await a.close();
    const e = await leases('node-e');
    const theirs = rooms(db.store, e);
    let adopted = 0;
    theirs.onAdopted = () => adopted++;
    const [asked] = await Promise.all([
      theirs.adopt(id),
      theirs.adoptOrphans(),
      theirs.adopt(id),
      theirs.adoptOrphans(),
    ]);
    expect(asked?.id).toBe(id);
    expect(adopted).toBe(1);
    expect(theirs.rooms.get(id)).toBe(asked);
    expect(await theirs.adoptOrphans()).toBe(0);
    theirs.rooms.close();
  });

  it("takes a dead process's thousands of rooms over in one look, two processes looking at once building each room once", async () => {
    const dead = await leases('node-many');
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const count = 2500;
    await writeRooms(pool, 'many-', count, 'node-many');
    await dead.close();
    const [x, y] = [rooms(db.store, await leases('node-x')), rooms(db.store, await leases('node-y'))];
    const built: string[] = [];
    x.onAdopted = y.onAdopted = (room) => void (room.id.startsWith('many-') && built.push(room.id));
    await Promise.all([x.adoptOrphans(), y.adoptOrphans()]);
    // Every one of them, in one look of each (one room at a time, a look took 500 at most).
    expect(built).toHaveLength(count);
    expect(new Set(built).size).toBe(count);
    const { rows } = await pool.query(
      "SELECT owner, count(*)::int AS n FROM rooms WHERE id LIKE 'many-%' GROUP BY owner",
    );
    expect(rows.reduce((n, r) => n + (['node-x', 'node-y'].includes(r.owner) ? r.n : 0), 0)).toBe(count);
    // Each held where its lease is.
    for (const r of await pool
      .query("SELECT id, owner FROM rooms WHERE id LIKE 'many-%'")
      .then((q) => q.rows))
      expect((r.owner === 'node-x' ? x : y).rooms.get(r.id)?.id).toBe(r.id);
    await pool.end();
    x.rooms.close();
    y.rooms.close();
  });

  it('counts a room in its second game as lost when another process took it while the ownership connection was down', async () => {
    let held: string[] = [];
    const lost: string[][] = [];
    const a = await RoomLeases.open(
      url,
      'node-i',
      (ids) => lost.push(ids),
      () => held,
      logs.log,
    );
    open.push(a);
    // Room R's first game is over (its row keeps its owner) and its second, R_2, is in play, both node-i's.
    const fence = a.fenceForNew();
    const room = `lost${Date.now()}`;
    const game = { setup: DUEL, hostTokenHash: 'h', seats: [], seed: 's', createdAt: Date.now() };
    await db.store.createRoom({ id: room, ...game, status: 'open' }, fence);
    await db.store.updateRoom(room, [], 'over', fence);
    await db.store.createRoom({ id: `${room}_2`, room, game: 2, ...game, status: 'playing' }, fence);
    held = [room];
    // Another process took the room's live game over (as it may while node-i's lock connection is down), then that connection is cut.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("UPDATE rooms SET owner = 'node-j', epoch = epoch + 1 WHERE id = $1", [`${room}_2`]);
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'hanafuda-server node-i'",
    );
    await admin.end();
    // Back, node-i finds the room is not its own any more.
    await vi.waitFor(() => expect(lost).toEqual([[room]]), { timeout: 10_000, interval: 50 });
  });

  it("finds a finished game's room where it ended while that process keeps it, nowhere once it lets it go, and free to take once it dies", async () => {
    const a = await leases('node-k');
    const b = await leases('node-l');
    const fence = a.fenceForNew();
    const room = `kept${Date.now()}`;
    await db.store.createRoom(
      {
        id: room,
        setup: DUEL,
        hostTokenHash: 'h',
        seats: [],
        seed: 's',
        createdAt: Date.now(),
        status: 'playing',
      },
      fence,
    );
    await db.store.updateRoom(room, [], 'over', fence);
    // Not live (nobody takes it over), but its players are sent to the process that keeps it.
    expect(await b.whereabouts(room)).toEqual({ live: false, keptBy: 'node-k' });
    expect(await b.claim(room)).toBeNull();
    await a.release(room, fence);
    expect(await b.whereabouts(room)).toEqual({ live: false });

    // Kept by a process that then dies: its players' process takes it (claimKept).
    const c = await leases('node-m');
    const other = `kept${Date.now()}b`;
    await db.store.createRoom(
      {
        id: other,
        setup: DUEL,
        hostTokenHash: 'h',
        seats: [],
        seed: 's',
        createdAt: Date.now(),
        status: 'playing',
      },
      c.fenceForNew(),
    );
    await db.store.updateRoom(other, [], 'over', c.fenceForNew());
    expect(await b.whereabouts(other)).toEqual({ live: false, keptBy: 'node-m' });
    await c.close();
    expect(await b.whereabouts(other)).toEqual({ live: false, keeperGone: true });
  });

  it('hands a room straight to the process its players reach: owned all the way, so no third process takes it meanwhile', async () => {
    const a = await leases('node-f');
    const b = await leases('node-g');
    const c = await leases('node-h');
    const from = rooms(db.store, a);
    const to = rooms(db.store, b);
    const created = await from.rooms.create(DUEL);
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.room.id;

    const epoch = await from.handOff(id, 'node-g');
    expect(epoch).toBe(2);
    expect(from.rooms.get(id)).toBeUndefined();
    // Before node-g has heard of it, the room is already its: not free for node-h, by name or as an orphan.
    expect(await c.whereabouts(id)).toEqual({ live: true, owner: 'node-g' });
    expect((await c.claimOrphans(500)).map((o) => o.room)).not.toContain(id);
    expect(await c.claim(id)).toBeNull();

    const room = await to.receive(id, epoch!);
    expect(room?.id).toBe(id);
    expect(await to.adopt(id)).toBe(room);
    // It writes under the handed epoch; the old owner's epoch is refused.
    expect((await room!.join({ send: () => undefined, seat: null }, 'Ann')).ok).toBe(true);
    expect((await db.store.room(id))!.seats[0]).toMatchObject({ kind: 'human', name: 'Ann' });
    await expect(db.store.updateRoom(id, [], 'open', { node: 'node-f', epoch: 1 })).rejects.toBeInstanceOf(
      FencedOut,
    );
    from.rooms.close();
    to.rooms.close();
  });

  it('takes a room back at once from the process it handed it to, once that one dies', async () => {
    const a = await leases('node-p');
    const b = await leases('node-q');
    const from = rooms(db.store, a);
    const created = await from.rooms.create(DUEL);
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.room.id;
    expect(await from.handOff(id, 'node-q')).toBe(2);
    // node-q dies before it takes the room (or just after): its players come back to node-p, which rebuilds it there and then.
    await b.close();
    expect(await a.whereabouts(id)).toEqual({ live: true, owner: null });
    const back = await from.adopt(id);
    expect(back?.id).toBe(id);
    expect(await a.whereabouts(id)).toEqual({ live: true, owner: 'node-p' });
    from.rooms.close();
  });

  it("keeps a room whose game ended while it was being handed on, and rebuilds it at its players' next request", async () => {
    const a = await leases('node-s');
    await leases('node-t');
    const from = rooms(db.store, a);
    const created = await from.rooms.create(DUEL);
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.room.id;
    // The game's end lands while the hand-off waits for the room's writes in flight: the store's row is over, its record stored.
    await db.store.updateRoom(id, [], 'over', a.fenceForNew());
    const sql = new pg.Client({ connectionString: url });
    await sql.connect();
    await sql.query(
      "INSERT INTO games (game_id, record, fairness, players, summary, finished_at) VALUES ($1, '{}', '{}', '[]', '{}', $2)",
      [id, Date.now()],
    );
    await sql.end();
    const client = { send: () => undefined, seat: null, moved: vi.fn() };
    created.value.room.spectate(client);
    expect(await from.handOff(id, 'node-t')).toBeNull();
    // Kept where it ended, as every finished room is; its clients, sent to find it, have it rebuilt here there and then.
    expect(client.moved).toHaveBeenCalledOnce();
    expect(await a.whereabouts(id)).toEqual({ live: false, keptBy: 'node-s' });
    const back = await from.adoptFinished(id);
    expect(back?.status).toBe('over');
    from.rooms.close();
  });

  it('counts the live rooms no live process owns, for the metrics (an alert when they stay so)', async () => {
    const a = await leases('node-n');
    const b = await leases('node-o');
    const metrics = new ServerMetrics();
    metrics.watch({
      roomStates: () => [],
      sockets: () => 0,
      searchQueue: () => 0,
      acts: () => ({ local: 0, relayed: 0 }),
      roomsWithoutOwner: () => b.ownerless(),
    });
    const shown = async () =>
      Number(/^hanafuda_rooms_without_owner (\d+)$/m.exec(await metrics.registry.metrics())?.[1]);
    // Rooms the earlier cases left behind count too: what this one does is the difference.
    const before = await b.ownerless();
    const created = await rooms(db.store, a).rooms.create(DUEL);
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.room.id;
    expect(await shown()).toBe(before);
    // Its owner dies: the room counts until another process takes it.
    await a.close();
    expect(await shown()).toBe(before + 1);
    expect(await b.claim(id)).not.toBeNull();
    expect(await shown()).toBe(before);
  });
});
