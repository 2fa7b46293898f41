/**
 * Rematch over real WebSockets, on a real SQLite file and (when one is at hand) a real
 * PostgreSQL: three players finish a game, each asks for another, and the same room deals a
 * second game with a fresh committed seed, stored as its own game so that a restarted server
 * resumes it; or the host starts it before everyone has confirmed, and the seat of the one
 * who did not goes to a bot they can take back.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '@hanafuda/engine';
import { type RunningServer, startServer } from '../src/index.js';
import { type Message, TestClient } from './support/client.js';
import { autoplay } from './support/play.js';
import { createRoom, joinRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';
import { silentLog } from '../src/log.js';

type Player = { client: TestClient; seat: number; token: string };
type RoomState = {
  status: string;
  gameNumber?: number;
  rematch?: number[];
  seats: { kind: string; name: string | null }[];
  fairness?: { gameSeedHash: string; gameSeed?: string };
};

const SHORT_GAME = { game: 'sakura', players: 3, options: { rounds: 1 }, seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }], turnSeconds: 0 };

const roomWhen = (client: TestClient, test: (r: RoomState) => boolean, from = 0): Promise<RoomState> =>
  client.next((m) => m.type === 'room' && test(m.room as RoomState), 30_000, from).then((m) => m.room as RoomState);

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
    async function finishedGame(): Promise<{ room: string; key: string; hostToken: string; players: Player[]; seedHash: string }> {
      const { host, room, hostToken, key } = await createRoom(server, SHORT_GAME);
      clients.push(host);
      const players: Player[] = [];
      for (const name of ['Kai', 'Leilani', 'Noe']) {
        const p = await joinRoom(server, room, key, name);
        clients.push(p.client);
        players.push(p);
      }
      const records = await Promise.all(players.map((p) => autoplay(p.client, p.seat)));
      expect(records.every((r) => r.type === 'record')).toBe(true);
      const over = await roomWhen(players[0].client, (r) => r.status === 'over' && r.fairness?.gameSeed !== undefined);
      expect(over.rematch).toEqual([]);
      return { room, key, hostToken, players, seedHash: over.fairness!.gameSeedHash };
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
      expect((await roomWhen(noe.client, (r) => (r.rematch ?? []).length === 1, before)).rematch).toEqual([kai.seat]);
      leilani.client.send({ type: 'rematch', room });
      await roomWhen(noe.client, (r) => (r.rematch ?? []).length === 2, before);
      expect(server.rooms.get(room)!.status).toBe('over');

      noe.client.send({ type: 'rematch', room });
      const second = await roomWhen(noe.client, (r) => r.gameNumber === 2 && r.fairness !== undefined, before);
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
      expect(sha256Hex((next!.fairness as { gameSeed: string }).gameSeed)).toBe(second.fairness!.gameSeedHash);
      expect(next!.players).toEqual(['Kai', 'Leilani', 'Noe']);
    });

    it('lets the host start the rematch before everyone confirmed: the missing seat goes to a bot its player can take back', async () => {
      const { room, key, hostToken, players } = await finishedGame();
      const [kai, leilani, noe] = players;

      // Only the host may start early; a spectator may not ask at all; nor before a game is over.
      const spectator = await TestClient.connect(server.wsUrl);
      clients.push(spectator);
      spectator.send({ type: 'spectate', room, key });
      expect(await spectator.request({ type: 'rematch', room }, 'error')).toMatchObject({ code: 'not-seated' });
      expect(await leilani.client.request({ type: 'rematch', room, hostToken: 'not-the-host' }, 'error')).toMatchObject({ code: 'not-host' });

      const before = leilani.client.messages.length;
      await noe.client.close();
      leilani.client.send({ type: 'rematch', room });
      await roomWhen(leilani.client, (r) => (r.rematch ?? []).includes(leilani.seat), before);
      kai.client.send({ type: 'rematch', room, hostToken });
      const second = await roomWhen(leilani.client, (r) => r.gameNumber === 2, before);
      expect(second.seats[noe.seat]).toMatchObject({ kind: 'bot', name: 'Noe (bot)' });
      expect(await kai.client.request({ type: 'rematch', room }, 'error')).toMatchObject({ code: 'not-over' });

      // Noe comes back by the same link and token: the seat is theirs again.
      const back = await TestClient.connect(server.wsUrl);
      clients.push(back);
      const seen = back.messages.length;
      back.send({ type: 'resume', room, token: noe.token });
      expect((await roomWhen(back, (r) => r.gameNumber === 2 && r.seats[noe.seat].kind === 'human', seen)).seats[noe.seat].name).toBe('Noe');
    });
  });
}
