/**
 * The server's turn clock and a page's presence, over real WebSockets: a stalled turn is
 * played by its deadline whatever the seat's socket does (open and silent, frozen, gone), a
 * turn's deadline survives a restart, a page that stops answering heartbeats or says it froze
 * is away, and any seated player may have a bot stand in for an away one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { type Message, TestClient } from './support/client.js';
import { autoplay } from './support/play.js';
import { createRoom, joinRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

type Seat = { seat: number; kind: string; connected: boolean; standIn?: boolean };
type View = { toMove: number | null };

const duel = (turnSeconds: number, rounds = 1) => ({
  game: 'sakura',
  players: 2,
  options: { rounds },
  seats: [{ kind: 'open' }, { kind: 'open' }],
  turnSeconds,
});
const seatsOf = (m: Message) => (m.room as { seats: Seat[] }).seats;
const roomWhen = (
  client: TestClient,
  seat: number,
  test: (s: Seat) => boolean,
  from = 0,
  timeoutMs = 10_000,
): Promise<Message> => client.next((m) => m.type === 'room' && test(seatsOf(m)[seat]), timeoutMs, from);
const playedFor = (m: Message) =>
  (m.events as { type: string; seat?: number; reason?: string }[]).filter((e) => e.type === 'played-for');

/** Receipt times of a client's messages, by index (the test client keeps none of its own). */
function stamp(client: TestClient): number[] {
  const at: number[] = client.messages.map(() => Date.now());
  client.onMessage(() => at.push(Date.now()));
  return at;
}

for (const kind of STORES) {
  describe.skipIf(!kind.available)(`the turn clock on ${kind.name}`, { timeout: 60_000 }, () => {
    let db: TestStore;
    let server: RunningServer;
    const clients: TestClient[] = [];
    const join = async (room: string, key: string, name: string) => {
      const p = await joinRoom(server, room, key, name);
      clients.push(p.client);
      return p;
    };

    beforeEach(async () => {
      db = await kind.open();
      server = await serve(db, { seed: () => 'a' });
    });
    afterEach(async () => {
      await shutDown(server, db, clients);
    });

    it('plays the whole of a stalled turn by its deadline while the seat stays connected but silent, turn after turn, to the end of the game', async () => {
      const TURN_MS = 2000;
      const { room, host, key } = await createRoom(server, duel(TURN_MS / 1000));
      clients.push(host);
      const ann = await join(room, key, 'Ann');
      const ben = await join(room, key, 'Ben');
      const at = stamp(ann.client);
      // Ben's socket stays open and answers the server's pings, but he never plays (a page left offline, a frozen tab).
      const record = await autoplay(ann.client, ann.seat);
      // Each of Ben's turns: from the update that gave him the move to the one that took it from him.
      const updates = ann.client.messages
        .map((m, i) => ({ m, at: at[i] }))
        .filter(({ m }) => m.type === 'update');
      const turns: { ms: number; decisions: number }[] = [];
      for (let i = 1; i < updates.length; i++) {
        const toMove = (u: Message) => (u.view as View).toMove;
        if (toMove(updates[i].m) !== ben.seat || toMove(updates[i - 1].m) === ben.seat) continue;
        let end = i + 1;
        while (end < updates.length && toMove(updates[end].m) === ben.seat) end++;
        if (end < updates.length) turns.push({ ms: updates[end].at - updates[i].at, decisions: end - i });
      }
      expect(turns.length).toBeGreaterThan(3);
      // This deal has a turn of more than one decision for Ben: it shares one deadline (it once got a fresh timer per decision).
      expect(turns.some((t) => t.decisions > 1)).toBe(true);
      for (const t of turns) expect(t.ms, JSON.stringify(turns)).toBeLessThan(TURN_MS + 1300);
      // Every move made for Ben says so, as the timer's (he was there, just silent).
      const marks = updates.flatMap(({ m }) => playedFor(m));
      expect(marks.length).toBeGreaterThanOrEqual(turns.length);
      expect(new Set(marks.map((e) => `${e.seat}:${e.reason}`))).toEqual(new Set([`${ben.seat}:timer`]));
      expect(record.type).toBe('record');
      // Everyone was told each deadline: the clock names Ben's seat with no more than the timer left.
      const clocks = ben.client.messages.filter((m) => m.type === 'clock' && m.seat === ben.seat);
      expect(clocks.length).toBeGreaterThanOrEqual(turns.length);
      for (const c of clocks) expect(c.msLeft as number).toBeLessThanOrEqual(TURN_MS);
    });

    it("keeps a turn's deadline across a restart: the turn is played when it was due, not a whole timer after the server came back", async () => {
      const TURN_MS = 4000;
      const { room, host, key } = await createRoom(server, duel(TURN_MS / 1000, 3));
      clients.push(host);
      const ann = await join(room, key, 'Ann');
      const ben = await join(room, key, 'Ben');
      // Ann plays her first turn; Ben's clock starts.
      void autoplay(ann.client, ann.seat).catch(() => undefined);
      const clock = await ann.client.next((m) => m.type === 'clock' && m.seat === ben.seat);
      const due = Date.now() + (clock.msLeft as number);
      await expect.poll(async () => (await db.store.turnClock(room))?.seat, { timeout: 5000 }).toBe(ben.seat);
      expect(Math.abs((await db.store.turnClock(room))!.deadline - due)).toBeLessThan(500);
      // A second and a half in, the server stops, and another starts on the same database.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await server.close();
      server = await serve(db, { seed: () => 'a' });
      const back = Date.now();
      const watcher = await TestClient.connect(server.wsUrl);
      clients.push(watcher);
      const at = stamp(watcher);
      watcher.send({ type: 'spectate', room, key });
      const played = await watcher.next(
        (m) => m.type === 'update' && playedFor(m).some((e) => e.seat === ben.seat),
        15_000,
      );
      const when = at[watcher.messages.indexOf(played)];
      // Due at the stored deadline (Ben is away now, so a bot stands in for him at once after it):
      // not before it, and not a fresh timer after the restart (a loaded machine's restart may itself pass the deadline).
      expect(when - due).toBeGreaterThan(-300);
      expect(when - Math.max(due, back)).toBeLessThan(TURN_MS / 2);
    });

    it('shows away a page that stopped answering heartbeats (its socket still answers pings), and at once one that says it froze; it is back when it answers again', async () => {
      await server.close();
      server = await serve(db, { pageHeartbeatMs: 200, pageHeartbeatSilenceMs: 1000 });
      const { room, host, key } = await createRoom(server, duel(0));
      clients.push(host);
      await host.request({ type: 'spectate', room, key }, 'room');
      const ann = await join(room, key, 'Ann');
      const ben = await join(room, key, 'Ben');
      // Both pages answer every heartbeat.
      let benAnswers = true;
      ann.client.onMessage((m) => m.type === 'heartbeat' && ann.client.send({ type: 'heartbeat' }));
      ben.client.onMessage(
        (m) => m.type === 'heartbeat' && benAnswers && ben.client.send({ type: 'heartbeat' }),
      );
      ann.client.send({ type: 'heartbeat' });
      ben.client.send({ type: 'heartbeat' });
      await ben.client.next((m) => m.type === 'heartbeat', 5000, ben.client.messages.length);

      // Ann's page says it is freezing: she is away at once, then back with her next heartbeat.
      let mark = host.messages.length;
      ann.client.send({ type: 'presence', state: 'frozen' });
      await roomWhen(host, ann.seat, (s) => !s.connected, mark, 1000);
      mark = host.messages.length;
      ann.client.send({ type: 'presence', state: 'active' });
      await roomWhen(host, ann.seat, (s) => s.connected, mark, 1000);

      // Ben's script stops: no more answers, though his socket still answers the server's pings.
      mark = host.messages.length;
      const silentFrom = Date.now();
      benAnswers = false;
      const closed = new Promise<void>((resolve) => ben.client.socket.once('close', () => resolve()));
      await roomWhen(host, ben.seat, (s) => !s.connected, mark, 5000);
      expect(Date.now() - silentFrom).toBeLessThan(1000 + 200 + 500);
      await closed;
      // Ann, answering, is still here.
      const latest = host.messages.findLast((m) => m.type === 'room')!;
      expect(seatsOf(latest)[ann.seat].connected).toBe(true);
    });

    it('lets any seated player, not only the host, have a bot play for an away player until they are back; never for one who is here', async () => {
      const { room, host, key } = await createRoom(server, duel(0, 3));
      clients.push(host);
      const ann = await join(room, key, 'Ann');
      const ben = await join(room, key, 'Ben');
      await ann.client.next((m) => m.type === 'update');
      // The host only watches; Ann asks.
      expect((await ann.client.request({ type: 'stand-in', room, seat: ben.seat }, 'error')).code).toBe(
        'player-present',
      );
      expect((await host.request({ type: 'stand-in', room, seat: ben.seat }, 'error')).code).toBe(
        'not-seated',
      );
      let mark = ann.client.messages.length;
      ben.client.send({ type: 'presence', state: 'frozen' });
      await roomWhen(ann.client, ben.seat, (s) => !s.connected, mark);
      mark = ann.client.messages.length;
      ann.client.send({ type: 'stand-in', room, seat: ben.seat });
      await roomWhen(ann.client, ben.seat, (s) => s.standIn === true, mark);
      expect((await ann.client.request({ type: 'stand-in', room, seat: ben.seat }, 'error')).code).toBe(
        'already-bot',
      );
      // Ann plays on and the bot answers for Ben, marked as for an away player.
      void autoplay(ann.client, ann.seat).catch(() => undefined);
      const marked = await ann.client.next(
        (m) => m.type === 'update' && playedFor(m).some((e) => e.seat === ben.seat),
        10_000,
        mark,
      );
      expect(playedFor(marked)).toContainEqual({ type: 'played-for', seat: ben.seat, reason: 'away' });
      // Ben's page runs again: the seat is his.
      mark = ann.client.messages.length;
      ben.client.send({ type: 'presence', state: 'active' });
      await roomWhen(ann.client, ben.seat, (s) => s.connected && s.standIn === undefined, mark);
    });
  });
}
