/**
 * The PostgreSQL seek book's pairing commit under a race (lobby/pg-book.ts): two would-be
 * authorities, one under the old epoch and one under the epoch a takeover raised meanwhile,
 * commit overlapping groups of the same seeks at once. Counted in the database: no seek is
 * paired twice, every commit answered true holds all its seeks and every one answered false
 * none, and once the epoch is raised the old authority pairs nobody.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomLeases } from '../src/cluster/leases.js';
import { silentLog } from '../src/ops/log.js';
import type { BookEvents, PairedSeat, SeekRow } from '../src/lobby/book.js';
import { PgBook } from '../src/lobby/pg-book.js';
import { POOLS } from '../src/lobby/pools.js';
import { POSTGRES_URL, STORES, type TestStore } from './support/stores.js';

const postgres = STORES.find((s) => s.name === 'postgres')!;
const SEEKS = 240;
const quiet: BookEvents = { paired: () => undefined, ended: () => undefined, changed: () => undefined };

describe.skipIf(!POSTGRES_URL)('pairing commits fenced by the authority epoch', { timeout: 60_000 }, () => {
  let db: TestStore;
  let sql: pg.Client;
  const closing: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    db = await postgres.open();
    sql = new pg.Client({ connectionString: db.env.DATABASE_URL });
    await sql.connect();
  });
  afterAll(async () => {
    for (const c of closing.reverse()) await c.close();
    await sql?.end();
    await db.store.close();
    await db.cleanup();
  });

  /** A book of process `node`, alive to the others (it holds its lease lock). */
  const bookOf = async (node: string) => {
    closing.push(
      await RoomLeases.open(
        db.env.DATABASE_URL,
        node,
        () => undefined,
        () => [],
        silentLog,
      ),
    );
    const book = await PgBook.open(
      db.env.DATABASE_URL,
      node,
      quiet,
      () => [],
      () => undefined,
      silentLog,
    );
    closing.push(book);
    return book;
  };
  const seekRow = (i: number, node: string): SeekRow => ({
    id: `seek-${i}`,
    account: `account-${i}`,
    name: `P${i}`,
    node,
    key: 'koikoi-6',
    pool: 'koikoi-6',
    players: 2,
    since: 1000 + i,
    setup: POOLS['koikoi-6'],
  });
  const raiseEpoch = async () =>
    Number((await sql.query('UPDATE lobby_authority SET epoch = epoch + 1 RETURNING epoch')).rows[0].epoch);
  const group = (room: string, ids: number[], node: (i: number) => string): PairedSeat[] =>
    ids.map((i, seat) => ({ seek: `seek-${i}`, node: node(i), room, key: `key-${room}`, seat }));

  it('never pairs a seek twice when an old and a new authority commit overlapping groups at once', async () => {
    const [a, b] = [await bookOf('fence-a'), await bookOf('fence-b')];
    const nodeOf = (i: number) => (i % 2 === 0 ? 'fence-a' : 'fence-b');
    for (let i = 0; i < SEEKS; i++)
      expect(await (i % 2 === 0 ? a : b).open(seekRow(i, nodeOf(i)))).toBe(true);
    const old = await raiseEpoch();

    // The old authority pairs (0,1), (2,3), … over the first three quarters; the new one (1,2), (3,4), … over all: each of
    // its groups there overlaps two of the old's (the last quarter is the new one's alone, so it pairs some whatever the timing).
    const commits: { seats: PairedSeat[]; epoch: number; ok: Promise<boolean> }[] = [];
    let settled = 0;
    let halfway!: () => void;
    const half = new Promise<void>((resolve) => (halfway = resolve));
    for (let i = 0; i < (3 * SEEKS) / 4; i += 2) {
      const seats = group(`old-${i}`, [i, i + 1], nodeOf);
      const ok = a.commit(seats, old);
      void ok.finally(() => ++settled === SEEKS / 8 && halfway());
      commits.push({ seats, epoch: old, ok });
    }
    // A takeover half-way through the old authority's commits, and the new authority's commits racing the rest.
    await half;
    const now = await raiseEpoch();
    for (let i = 1; i + 1 < SEEKS; i += 2) {
      const seats = group(`new-${i}`, [i, i + 1], nodeOf);
      commits.push({ seats, epoch: now, ok: b.commit(seats, now) });
    }
    const answers = await Promise.all(commits.map((c) => c.ok));
    const won = commits.filter((_, i) => answers[i]);

    const { rows } = await sql.query<{ id: string; room: string; epoch: string }>(
      "SELECT id, room, epoch FROM seeks WHERE status = 'paired'",
    );
    const roomOf = new Map(rows.map((r) => [r.id, r.room]));
    // Each seek in at most one group that won, and the database holds exactly those groups.
    const seats = won.flatMap((c) => c.seats);
    expect(new Set(seats.map((s) => s.seek)).size).toBe(seats.length);
    expect(rows.length).toBe(seats.length);
    for (const s of seats) expect(roomOf.get(s.seek)).toBe(s.room);
    // A group that lost left none of its seeks paired to it.
    for (const c of commits.filter((_, i) => !answers[i]))
      for (const s of c.seats) expect(roomOf.get(s.seek)).not.toBe(s.room);
    // Both authorities won some: the race was run.
    expect(won.some((c) => c.epoch === old)).toBe(true);
    expect(won.some((c) => c.epoch === now)).toBe(true);
    const { rows: perRoom } = await sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM seeks WHERE status = 'paired' GROUP BY room",
    );
    expect(perRoom.every((r) => r.n === 2)).toBe(true);

    // After the takeover, the old epoch pairs nobody, even seeks that all wait.
    const left = (
      await sql.query<{ id: string }>("SELECT id FROM seeks WHERE status = 'waiting' ORDER BY since")
    ).rows.map((r) => Number(r.id.slice(5)));
    expect(left.length).toBeGreaterThanOrEqual(2);
    expect(await a.commit(group('late', left.slice(0, 2), nodeOf), old)).toBe(false);
    expect(await b.commit(group('fresh', left.slice(0, 2), nodeOf), now)).toBe(true);
  });

  it("refuses a group any of whose seeks is of a process gone, and lets that seek's person seek again elsewhere", async () => {
    const live = await bookOf('fence-live');
    const gone = await bookOf('fence-gone');
    expect(await live.open(seekRow(1000, 'fence-live'))).toBe(true);
    expect(await gone.open(seekRow(1001, 'fence-gone'))).toBe(true);
    // Its process dies: its lease lock goes with its connection.
    const lease = closing[closing.indexOf(gone) - 1];
    await lease.close();
    const epoch = await raiseEpoch();
    const seats = group('dead', [1000, 1001], (i) => (i === 1000 ? 'fence-live' : 'fence-gone'));
    expect(await live.commit(seats, epoch)).toBe(false);
    expect((await live.waiting()).map((s) => s.id)).toEqual(['seek-1000']);
    // Its person comes back through a live process and seeks again: the dead process's seek does not stand in the way.
    expect(await live.open({ ...seekRow(1001, 'fence-live'), id: 'seek-1001-again' })).toBe(true);
    await live.dropDead();
    const { rows } = await sql.query(
      "SELECT id, status FROM seeks WHERE account IN ('account-1000', 'account-1001') ORDER BY id",
    );
    expect(rows).toEqual([
      { id: 'seek-1000', status: 'waiting' },
      { id: 'seek-1001-again', status: 'waiting' },
    ]);
  });

  it('sends a person who was paired but never told (their process died) back to that seat, not into a second game', async () => {
    const book = await bookOf('fence-tell');
    expect(await book.open(seekRow(2000, 'fence-tell'))).toBe(true);
    expect(await book.open(seekRow(2001, 'fence-tell'))).toBe(true);
    // The room the pairing made, its seats kept for the two accounts (as Rooms.create stores them).
    const seats: { kind: string; name: string | null; reserved: string }[] = [
      { kind: 'open', name: null, reserved: 'account-2000' },
      { kind: 'open', name: null, reserved: 'account-2001' },
    ];
    await sql.query(
      "INSERT INTO rooms (id, setup, host_token_hash, seats, status, seed, created_at) VALUES ('told', '{}', 'x', $1, 'open', 's', 1)",
      [JSON.stringify(seats)],
    );
    expect(
      await book.commit(
        group('told', [2000, 2001], () => 'fence-tell'),
        await raiseEpoch(),
      ),
    ).toBe(true);
    expect(await book.unseated('account-2001')).toEqual({
      seek: 'seek-2001',
      node: 'fence-tell',
      room: 'told',
      key: 'key-told',
      seat: 1,
    });
    expect(await book.unseated('account-9999')).toBeNull();
    // Once they sat down, a new seek is a new game.
    await sql.query('UPDATE rooms SET seats = $1 WHERE id = $2', [
      JSON.stringify(seats.with(1, { kind: 'human', name: 'P2001', reserved: 'account-2001' })),
      'told',
    ]);
    expect(await book.unseated('account-2001')).toBeNull();
    // And a room that started without them (bots took the seat) is not one to go back to.
    await sql.query("UPDATE rooms SET status = 'playing' WHERE id = 'told'");
    expect(await book.unseated('account-2000')).toBeNull();
  });
});
