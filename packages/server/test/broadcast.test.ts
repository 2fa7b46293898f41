/** Room-state broadcasts: many changes make one message per client (spectator counts within a second); watching again changes nothing. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomSetup } from '@hanafuda/protocol';
import { sha256Hex } from '@hanafuda/engine';
import { Room, type RoomClient, type ServerMessage } from '../src/rooms/room.js';
import { type Store, openSqlite } from '../src/index.js';
import { silentLog } from '../src/ops/log.js';

const SETUP: RoomSetup = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
};

function client(): RoomClient & { inbox: ServerMessage[]; rooms: () => ServerMessage[] } {
  const inbox: ServerMessage[] = [];
  return {
    inbox,
    seat: null,
    send: (m) => inbox.push(m),
    rooms: () => inbox.filter((m) => m.type === 'room'),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('room-state broadcasts', () => {
  let store: Store;
  let room: Room;

  beforeEach(async () => {
    store = openSqlite(':memory:');
    const created = await Room.create(SETUP, {
      store,
      botDelayMs: 0,
      seed: () => 'broadcast',
      log: silentLog,
    });
    if (!created.ok) throw new Error(created.error.message);
    room = created.value.room;
  });

  afterEach(async () => {
    room.close();
    await store.close();
  });

  it('tells each newcomer at once, and everyone the spectator count in one message for many changes', async () => {
    const watchers = Array.from({ length: 30 }, client);
    for (const w of watchers) room.spectate(w);
    room.leave(watchers[29]);
    // Each newcomer has the room's state at once, with the count as it was when it came in.
    watchers.forEach((w, i) =>
      expect(w.rooms().map((m) => (m as { room: { spectators: number } }).room.spectators)).toEqual([i + 1]),
    );
    // The 31 changes of the count then reach the room as one message (within a second), not 31.
    await vi.waitFor(() => expect(watchers[0].rooms()).toHaveLength(2), { timeout: 3000, interval: 50 });
    for (const w of watchers.slice(0, 29)) {
      expect(w.rooms()).toHaveLength(2);
      expect(w.rooms()[1]).toMatchObject({ room: { spectators: 29 } });
    }
    expect(watchers[29].rooms()).toHaveLength(1);
  });

  it('changes nothing and tells nobody on a second spectate of the same room', async () => {
    const [a, b] = [client(), client()];
    room.spectate(a);
    room.spectate(b);
    await turn();
    const before = [a.inbox.length, b.inbox.length];
    for (let i = 0; i < 10; i++) room.spectate(b);
    await turn();
    expect([a.inbox.length, b.inbox.length]).toEqual(before);
    expect(room.state().spectators).toBe(2);
  });

  it("still sends a round's seed commitment before the deal it binds, and its reveal after the round's end", async () => {
    const botsRoom = await Room.create(
      { ...SETUP, options: { rounds: 2 }, seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }] },
      { store, botDelayMs: 0, seed: () => 'broadcast-2', log: silentLog },
    );
    if (!botsRoom.ok) throw new Error(botsRoom.error.message);
    const watcher = client();
    botsRoom.value.room.spectate(watcher);
    expect((await botsRoom.value.room.startNow(botsRoom.value.hostToken, 'easy')).ok).toBe(true);
    await botsRoom.value.room.ended;
    await turn();
    const committedAt = (round: number) =>
      watcher.inbox.findIndex(
        (m) => m.type === 'room' && m.room.fairness?.rounds.some((r) => r.round === round),
      );
    const revealedAt = (round: number) =>
      watcher.inbox.findIndex(
        (m) => m.type === 'room' && m.room.fairness?.rounds.some((r) => r.round === round && r.seed),
      );
    const eventAt = (type: string, round: number) =>
      watcher.inbox.findIndex(
        (m) =>
          m.type === 'update' &&
          m.events.some((e) => e.type === type && (e as { round?: number }).round === round),
      );
    expect(eventAt('round-start', 2)).toBeGreaterThan(0);
    expect(committedAt(2)).toBeGreaterThan(0);
    expect(committedAt(2)).toBeLessThan(eventAt('round-start', 2));
    expect(revealedAt(1)).toBeGreaterThan(eventAt('round-end', 1));
    // Only the commitment goes out before the reveal, and each revealed seed is the one committed to.
    const rounds = watcher.inbox.flatMap((m) => (m.type === 'room' ? (m.room.fairness?.rounds ?? []) : []));
    expect(rounds.length).toBeGreaterThan(0);
    for (const r of rounds) {
      expect(Object.keys(r).sort()).toEqual(
        r.seed === undefined ? ['hash', 'round'] : ['hash', 'round', 'seed'],
      );
      if (r.seed !== undefined) expect(sha256Hex(r.seed)).toBe(r.hash);
    }
    botsRoom.value.room.close();
  });
});
