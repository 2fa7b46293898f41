/**
 * Storage that fails and comes back (a full disk that is cleared, a database that restarts):
 * every request is answered, nothing is half-changed, and a game whose bot move could not be
 * stored goes on by itself once writes work again. Real sockets, a real SQLite file under a
 * store whose writes can be made to fail.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/index.js';
import { TestClient } from './support/client.js';
import { invite, shutDown } from './support/server.js';
import { type FlakyStore, flaky } from './support/flaky-store.js';
import { autoplay } from './support/play.js';
import { STORES, type TestStore } from './support/stores.js';
import { LEVEL, type LogRecord, recordingLog } from '../src/ops/log.js';

const DUEL = {
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

describe('storage that fails, then recovers', { timeout: 30_000 }, () => {
  let db: TestStore;
  let store: FlakyStore;
  let server: RunningServer;
  let logs = recordingLog();
  const clients: TestClient[] = [];
  const connect = async () => {
    const client = await TestClient.connect(server.wsUrl);
    clients.push(client);
    return client;
  };
  /** Resolves once the server has logged a record that passes `test` `times` times. */
  const logged = (test: (r: LogRecord) => boolean, times = 1) =>
    logs.next(() => logs.records.filter(test).length >= times);

  beforeEach(async () => {
    db = await STORES[0].open();
    store = flaky(db.store);
    logs = recordingLog();
    server = await startServer({
      store: store.store,
      port: 0,
      webDir: null,
      botDelayMs: 0,
      log: logs.log,
      storage: { retryDelaysMs: [5, 10], recovery: { firstMs: 20, maxMs: 100 } },
    });
  });

  afterEach(async () => {
    await shutDown(server, db, clients);
  });

  it('answers create-room and join with an error while writes fail, changes nothing, and works once they do', async () => {
    const host = await connect();
    store.fail = 'all';
    const refused = await host.request({ type: 'create-room', setup: DUEL }, ['room-created', 'error']);
    expect(refused).toMatchObject({ type: 'error', code: 'storage' });
    expect(server.rooms.size).toBe(0);
    expect(
      logs.records.some(
        (r) =>
          /^create room /.test(String(r.write)) &&
          r.attempts === 3 &&
          /SQLITE_FULL/.test(r.err!.message) &&
          r.level === LEVEL.error,
      ),
    ).toBe(true);

    store.fail = 'none';
    const created = await host.request({ type: 'create-room', setup: DUEL }, ['room-created', 'error']);
    expect(created.type).toBe('room-created');
    const { room, key } = invite(created);

    const alice = await connect();
    store.fail = 'all';
    expect(
      await alice.request({ type: 'join', room, key, name: 'Alice' }, ['joined', 'error']),
    ).toMatchObject({ type: 'error', code: 'storage' });
    expect(
      server.rooms
        .get(room)!
        .state()
        .seats.map((s) => s.kind),
    ).toEqual(['open', 'open']);
    store.fail = 'none';
    expect(
      await alice.request({ type: 'join', room, key, name: 'Alice' }, ['joined', 'error']),
    ).toMatchObject({ type: 'joined', seat: 0 });
    expect((await db.store.room(room))!.seats[0]).toMatchObject({ kind: 'human', name: 'Alice' });
  });

  it("refuses a person's action it could not store, so that it can be sent again, and plays it when sent again", async () => {
    const host = await connect();
    const { room, key } = invite(await host.request({ type: 'create-room', setup: DUEL }, 'room-created'));
    const people = [await connect(), await connect()];
    for (const [i, p] of people.entries())
      await p.request({ type: 'join', room, key, name: `P${i}` }, 'joined');
    const first = await people[0].next((m) => m.type === 'update');
    const mover = people[(first.view as { toMove: number }).toMove];
    const update = await mover.next((m) => m.type === 'update');
    const action = (update.view as { actions: unknown[] }).actions[0];

    store.fail = 'all';
    expect(await mover.request({ type: 'act', seq: 0, action }, ['update', 'error'])).toMatchObject({
      type: 'error',
      code: 'storage',
    });
    expect(server.rooms.get(room)!.game!.seq).toBe(0);
    store.fail = 'none';
    expect(await mover.request({ type: 'act', seq: 0, action }, ['update', 'error'])).toMatchObject({
      type: 'update',
      seq: 1,
    });
    expect(await db.store.actions(room)).toEqual([action]);
  });

  it('resumes by itself a game whose bot moves could not be stored, once storage is back, and stores its record', async () => {
    const host = await connect();
    const { room, key } = invite(
      await host.request({ type: 'create-room', setup: AGAINST_A_BOT }, 'room-created'),
    );
    store.fail = ({ action }) => action?.seat === 1;
    const alice = await connect();
    await alice.request({ type: 'join', room, key, name: 'Alice' }, 'joined');
    const record = autoplay(alice, 0);

    // The bot's move fails, is tried again by the room and fails again: the game waits.
    await logged((r) => /storage still failing/.test(r.msg), 2);
    const stuckAt = server.rooms.get(room)!.game!.seq;
    expect(server.rooms.get(room)!.game!.toMove).toBe(1);

    store.fail = 'none';
    const done = await record;
    const actions = (done.record as { actions: { seat: number }[] }).actions;
    expect(actions.length).toBeGreaterThan(stuckAt);
    expect(actions.some((a) => a.seat === 1)).toBe(true);
    expect(alice.messages.filter((m) => m.type === 'error')).toEqual([]);
    await server.rooms.idle();
    expect(await db.store.finishedGame(room)).not.toBeNull();
    expect(logs.records.some((r) => r.msg === 'storage: working again')).toBe(true);
  });

  it('plays again a timed-out turn whose move could not be stored, once storage is back', async () => {
    const host = await connect();
    const { room, key } = invite(
      await host.request({ type: 'create-room', setup: { ...DUEL, turnSeconds: 1 } }, 'room-created'),
    );
    const people = [await connect(), await connect()];
    for (const [i, p] of people.entries())
      await p.request({ type: 'join', room, key, name: `P${i}` }, 'joined');
    await people[0].next((m) => m.type === 'update');
    // Nobody acts: the timer plays the turn, and that move cannot be stored.
    store.fail = 'all';
    await logged((r) => /^store action 0 of/.test(String(r.write)));
    expect(server.rooms.get(room)!.game!.seq).toBe(0);
    store.fail = 'none';
    expect(await people[0].next((m) => m.type === 'update' && (m.seq as number) === 1)).toBeTruthy();
    expect(await db.store.actions(room)).toHaveLength(1);
  });

  it('refuses a last join whose start could not be stored, changing nothing; sent again once storage is back, it starts the game', async () => {
    const host = await connect();
    const { room, key } = invite(
      await host.request({ type: 'create-room', setup: AGAINST_A_BOT }, 'room-created'),
    );
    store.fail = ({ op, status }) => op === 'updateRoom' && status === 'playing';
    const alice = await connect();
    // The last join and the start are one write: it failed, so the seat is still open and nothing started.
    expect(
      await alice.request({ type: 'join', room, key, name: 'Alice' }, ['joined', 'error']),
    ).toMatchObject({ type: 'error', code: 'storage' });
    expect(server.rooms.get(room)!.status).toBe('open');
    expect((await db.store.room(room))!).toMatchObject({
      status: 'open',
      seats: [{ kind: 'open' }, { kind: 'bot' }],
    });

    store.fail = 'none';
    expect(
      await alice.request({ type: 'join', room, key, name: 'Alice' }, ['joined', 'error']),
    ).toMatchObject({ type: 'joined', seat: 0 });
    await alice.next((m) => m.type === 'update');
    expect(server.rooms.get(room)!.status).toBe('playing');
    expect((await db.store.room(room))!.status).toBe('playing');
  });

  it('stores a finished game whose record could not be stored at first, once storage is back', async () => {
    const host = await connect();
    const { room, key } = invite(
      await host.request({ type: 'create-room', setup: AGAINST_A_BOT }, 'room-created'),
    );
    const alice = await connect();
    await alice.request({ type: 'join', room, key, name: 'Alice' }, 'joined');
    store.fail = ({ op }) => op === 'finishGame';
    await autoplay(alice, 0);
    await logged((r) => r.room === room && /could not store the finished game/.test(r.msg));
    await logged((r) => /storage still failing/.test(r.msg));
    expect(await db.store.finishedGame(room)).toBeNull();
    store.fail = 'none';
    await server.rooms.get(room)!.ended;
    expect(await db.store.finishedGame(room)).not.toBeNull();
  });
});
