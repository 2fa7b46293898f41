/**
 * Rematch over real WebSockets, on a real SQLite file and (when one is at hand) a real
 * PostgreSQL: three players finish a game, each asks for another, and the same room deals a
 * second game with a fresh committed seed, stored as its own game so that a restarted server
 * resumes it; or the host starts it before everyone has confirmed, and the seat of the one
 * who did not goes to a bot they can take back; or, someone gone, any player starts it once
 * everyone still here has confirmed; and someone watching takes a free seat of the next game.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '@hanafuda/engine';
import { type RunningServer, startServer } from '../src/index.js';
import { type Message, TestClient } from './support/client.js';
import { autoplay } from './support/play.js';
import { createRoom, joinRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';
import { silentLog } from '../src/ops/log.js';
import { RematchVotes } from '../src/rooms/rematch-votes.js';
import type { StoredSeat } from '../src/store/store.js';

type Player = { client: TestClient; seat: number; token: string };
type RoomState = {
  status: string;
  gameNumber?: number;
  rematch?: number[];
  freeSeats?: number[];
  seats: { kind: string; name: string | null; connected: boolean }[];
  fairness?: { gameSeedHash: string; gameSeed?: string };
};

const SHORT_GAME = {
  game: 'sakura',
  players: 3,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
  turnSeconds: 0,
};

const roomWhen = (client: TestClient, test: (r: RoomState) => boolean, from = 0): Promise<RoomState> =>
  client
    .next((m) => m.type === 'room' && test(m.room as RoomState), 30_000, from)
    .then((m) => m.room as RoomState);

for (const kind of STORES) {
  describe.skipIf(!kind.available)(`rematch on ${kind.name}`, { timeout: 120_000 }, () => {
    let db: TestStore;
    let server: RunningServer;
    const clients: TestClient[] = [];

    beforeEach(async () => {
      db = await kind.open();
      server = await serve(db);
    });

    afterEach(async () => {
      await shutDown(server, db, clients);
    });

    /** Three players in a short game, played to its end. */
    async function finishedGame(): Promise<{
      room: string;
      key: string;
      watchKey: string;
      hostToken: string;
      players: Player[];
      seedHash: string;
    }> {
      const { host, room, hostToken, key, watchKey } = await createRoom(server, SHORT_GAME);
      clients.push(host);
      const players: Player[] = [];
      for (const name of ['Kai', 'Leilani', 'Noe']) {
        const p = await joinRoom(server, room, key, name);
        clients.push(p.client);
        players.push(p);
      }
      const records = await Promise.all(players.map((p) => autoplay(p.client, p.seat)));
      expect(records.every((r) => r.type === 'record')).toBe(true);
      const over = await roomWhen(
        players[0].client,
        (r) => r.status === 'over' && r.fairness?.gameSeed !== undefined,
      );
      expect(over.rematch).toEqual([]);
      return { room, key, watchKey, hostToken, players, seedHash: over.fairness!.gameSeedHash };
    }

    /** A fresh connection back into a seat by its token (a reopened invite link), playing on to the end of the game. */
    async function resumeAndPlay(url: string, room: string, p: Player): Promise<Message> {
      const client = await TestClient.connect(url);
      clients.push(client);
      client.send({ type: 'resume', room, token: p.token });
      return autoplay(client, p.seat);
    }

    it('starts a second game in the same room once every player has confirmed, and a restarted server resumes it', async () => {
      const { room, players, seedHash } = await finishedGame();
      const [kai, leilani, noe] = players;

      const before = noe.client.messages.length;
      kai.client.send({ type: 'rematch', room });
      expect((await roomWhen(noe.client, (r) => (r.rematch ?? []).length === 1, before)).rematch).toEqual([
        kai.seat,
      ]);
      leilani.client.send({ type: 'rematch', room });
      await roomWhen(noe.client, (r) => (r.rematch ?? []).length === 2, before);
      expect(server.rooms.get(room)!.status).toBe('over');

      noe.client.send({ type: 'rematch', room });
      const second = await roomWhen(
        noe.client,
        (r) => r.gameNumber === 2 && r.fairness !== undefined,
        before,
      );
      expect(second.status).toBe('playing');
      expect(second).toMatchObject({ gameId: `${room}_2` });
      expect(second.seats.map((s) => [s.kind, s.name])).toEqual([
        ['human', 'Kai'],
        ['human', 'Leilani'],
        ['human', 'Noe'],
      ]);
      // A fresh seed, committed to before the deal and kept secret.
      expect(second.fairness!.gameSeedHash).not.toBe(seedHash);
      expect(second.fairness!.gameSeed).toBeUndefined();
      // The second game is dealt to everyone in the room, in place (game 1's welcome came before `before`).
      expect((await noe.client.next((m) => m.type === 'welcome', 30_000, before)).seat).toBe(noe.seat);

      // A restart mid-game: the second game comes back under the room's own id.
      await server.rooms.get(room)!.idle();
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await server.close();
      await db.store.close();
      const store = await db.reopen();
      server = await startServer({ store, port: 0, webDir: null, botDelayMs: 0, log: silentLog });
      db = { ...db, store };
      expect(server.rooms.get(room)?.state().gameNumber).toBe(2);

      const records = await Promise.all(players.map((p) => resumeAndPlay(server.wsUrl, room, p)));
      expect(records.every((r) => r.type === 'record')).toBe(true);
      await server.rooms.get(room)!.ended;
      const first = await store.finishedGame(room);
      const next = await store.finishedGame(`${room}_2`);
      expect(first && next).toBeTruthy();
      expect(sha256Hex((first!.fairness as { gameSeed: string }).gameSeed)).toBe(seedHash);
      expect(sha256Hex((next!.fairness as { gameSeed: string }).gameSeed)).toBe(
        second.fairness!.gameSeedHash,
      );
      expect(next!.players).toEqual(['Kai', 'Leilani', 'Noe']);
    });

    it('lets the host start the rematch before everyone confirmed: the missing seat goes to a bot its player can take back', async () => {
      const { room, key, hostToken, players } = await finishedGame();
      const [kai, leilani, noe] = players;

      // Only the host may start early; a spectator may not ask at all; nor before a game is over.
      const spectator = await TestClient.connect(server.wsUrl);
      clients.push(spectator);
      spectator.send({ type: 'spectate', room, key });
      expect(await spectator.request({ type: 'rematch', room }, 'error')).toMatchObject({
        code: 'not-seated',
      });
      expect(
        await leilani.client.request({ type: 'rematch', room, hostToken: 'not-the-host' }, 'error'),
      ).toMatchObject({ code: 'not-host' });

      const before = leilani.client.messages.length;
      await noe.client.close();
      leilani.client.send({ type: 'rematch', room });
      await roomWhen(leilani.client, (r) => (r.rematch ?? []).includes(leilani.seat), before);
      kai.client.send({ type: 'rematch', room, hostToken });
      const second = await roomWhen(leilani.client, (r) => r.gameNumber === 2, before);
      expect(second.seats[noe.seat]).toMatchObject({ kind: 'bot', name: 'Noe (bot)' });
      expect(await kai.client.request({ type: 'rematch', room }, 'error')).toMatchObject({
        code: 'not-over',
      });

      // Noe comes back by the same link and token: the seat is theirs again.
      const back = await TestClient.connect(server.wsUrl);
      clients.push(back);
      const seen = back.messages.length;
      back.send({ type: 'resume', room, token: noe.token });
      expect(
        (await roomWhen(back, (r) => r.gameNumber === 2 && r.seats[noe.seat].kind === 'human', seen)).seats[
          noe.seat
        ].name,
      ).toBe('Noe');
    });

    it('lets any player start the next game once everyone still here has confirmed: nobody waits on one who left (the host included)', async () => {
      const { room, players } = await finishedGame();
      const [kai, leilani, noe] = players;

      const before = kai.client.messages.length;
      await noe.client.close();
      const gone = await roomWhen(kai.client, (r) => !r.seats[noe.seat].connected, before);
      // Noe is shown gone, and their seat is free for someone watching.
      expect(gone.seats.map((s) => s.connected)).toEqual([true, true, false]);
      expect(gone.freeSeats).toEqual([noe.seat]);

      // Leilani is here and has not confirmed: Kai may not start without her (only the host may).
      expect(await kai.client.request({ type: 'rematch', room, now: true }, 'error')).toMatchObject({
        code: 'not-everyone-here',
      });
      expect(server.rooms.get(room)!.state().rematch).toEqual([]);
      leilani.client.send({ type: 'rematch', room });
      await roomWhen(kai.client, (r) => (r.rematch ?? []).includes(leilani.seat), before);
      // Everyone here has confirmed (Kai by starting it): the next game, with a bot in Noe's seat.
      kai.client.send({ type: 'rematch', room, now: true });
      const second = await roomWhen(leilani.client, (r) => r.gameNumber === 2, before);
      expect(second.status).toBe('playing');
      expect(second.seats.map((s) => s.kind)).toEqual(['human', 'human', 'bot']);
      expect(second.seats[noe.seat].name).toBe('Noe (bot)');
    });

    it('seats someone watching in a free seat of the next game (a gone player’s), counted as asking for it', async () => {
      const { room, key, watchKey, players } = await finishedGame();
      const [kai, leilani, noe] = players;
      const pua = await TestClient.connect(server.wsUrl);
      const onlooker = await TestClient.connect(server.wsUrl);
      clients.push(pua, onlooker);
      pua.send({ type: 'spectate', room, key });
      onlooker.send({ type: 'spectate', room, key: watchKey });

      // Every seat has its person here: none is free.
      expect((await roomWhen(pua, (r) => r.status === 'over')).freeSeats).toEqual([]);
      expect(await pua.request({ type: 'join', room, key, name: 'Pua' }, 'error')).toMatchObject({
        code: 'room-full',
      });
      // A seated player is not seated twice.
      expect(await kai.client.request({ type: 'join', room, key, name: 'Kai' }, 'error')).toMatchObject({
        code: 'seated',
      });

      const before = pua.messages.length;
      await noe.client.close();
      await roomWhen(pua, (r) => (r.freeSeats ?? []).includes(noe.seat), before);
      // The watch link lets one watch, not sit.
      expect(
        await onlooker.request({ type: 'join', room, key: watchKey, name: 'Onlooker' }, 'error'),
      ).toMatchObject({ code: 'watch-only' });
      const joined = await pua.request({ type: 'join', room, key, name: 'Pua' }, ['joined', 'error']);
      expect(joined).toMatchObject({ type: 'joined', seat: noe.seat });
      const seated = await roomWhen(kai.client, (r) => r.seats[noe.seat].name === 'Pua', before);
      expect(seated).toMatchObject({ status: 'over', rematch: [noe.seat], freeSeats: [] });
      expect(seated.seats[noe.seat]).toMatchObject({ kind: 'human', connected: true });
      // Noe's token no longer opens the seat.
      const noeAgain = await TestClient.connect(server.wsUrl);
      clients.push(noeAgain);
      expect(await noeAgain.request({ type: 'resume', room, token: noe.token }, 'error')).toMatchObject({
        code: 'bad-token',
      });

      // Once the others confirm, the next game is dealt with Pua in the seat.
      kai.client.send({ type: 'rematch', room });
      leilani.client.send({ type: 'rematch', room });
      const second = await roomWhen(pua, (r) => r.gameNumber === 2, before);
      expect(second.seats.map((s) => s.name)).toEqual(['Kai', 'Leilani', 'Pua']);
      expect((await pua.next((m) => m.type === 'welcome', 30_000, before)).seat).toBe(noe.seat);
      expect((await autoplay(pua, noe.seat)).type).toBe('record');
    });
  });
}

describe('rematch votes', () => {
  const person = (name: string): StoredSeat => ({ kind: 'human', name, tokenHash: `hash-${name}` });
  const bot: StoredSeat = { kind: 'bot', name: 'Bot 3 (easy)', level: 'easy' };
  const seats = [person('Kai'), person('Leilani'), bot];
  const here =
    (...present: number[]) =>
    (seat: number) =>
      present.includes(seat);

  it('lets a player start once everyone here has confirmed, not while someone here has not', () => {
    expect(new RematchVotes().everyoneHere(seats, here(0, 1))).toBe(false);
    expect(RematchVotes.stored([0]).everyoneHere(seats, here(0, 1))).toBe(false);
    expect(RematchVotes.stored([0]).everyoneHere(seats, here(0))).toBe(true);
    expect(RematchVotes.stored([0, 1]).everyoneHere(seats, here(0, 1))).toBe(true);
  });

  it('offers someone watching a bot’s seat and a gone player’s who has not confirmed, never one whose player is here or confirmed', () => {
    expect(new RematchVotes().free(seats, here(0, 1))).toEqual([2]);
    expect(new RematchVotes().free(seats, here(0))).toEqual([1, 2]);
    expect(RematchVotes.stored([1]).free(seats, here(0))).toEqual([2]);
    const taken = RematchVotes.stored([0]).take(seats, here(0), person('Pua'));
    expect(
      taken.ok && {
        seat: taken.value.seat,
        names: taken.value.seats.map((s) => s.name),
        votes: taken.value.votes.list,
      },
    ).toEqual({
      seat: 1,
      names: ['Kai', 'Pua', 'Bot 3 (easy)'],
      votes: [0, 1],
    });
    expect(RematchVotes.stored([0]).take(seats, here(0), person('Pua'), 0)).toMatchObject({
      ok: false,
      error: { code: 'seat-taken' },
    });
    expect(new RematchVotes().take(seats, here(0, 1, 2), person('Pua'))).toMatchObject({
      ok: false,
      error: { code: 'room-full' },
    });
  });
});
