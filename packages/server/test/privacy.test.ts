/**
 * Private rooms: a room's state, its game as it is played, and its finished records reach
 * only those who hold one of its links (the invite key, the watch key) or a seat's token.
 * A stranger who knows (or guesses) a room's id is answered exactly as for a room that does
 * not exist, over the WebSocket and the HTTP API alike; a public room is open to anyone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { type Message, TestClient } from './support/client.js';
import { autoplay } from './support/play.js';
import { createRoom, joinRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

const DUEL = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
};

/** An answer with the room's id replaced, to compare a private room's refusal with a missing room's. */
const anonymous = (m: Message, room: string) =>
  JSON.parse(JSON.stringify(m).replaceAll(room, 'ROOM')) as Message;

for (const kind of STORES) {
  describe.skipIf(!kind.available)(`private rooms on ${kind.name}`, { timeout: 60_000 }, () => {
    let db: TestStore;
    let server: RunningServer;
    const clients: TestClient[] = [];
    const connect = async () => {
      const c = await TestClient.connect(server.wsUrl);
      clients.push(c);
      return c;
    };
    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    beforeEach(async () => {
      db = await kind.open();
      server = await serve(db);
    });
    afterEach(async () => {
      await shutDown(server, db, clients);
    });

    it('answers a stranger with the room id but no key exactly as for a room that does not exist, during and after the game', async () => {
      const { host, room, key, watchKey } = await createRoom(server, DUEL);
      clients.push(host);
      const missing = 'nosuchroom';

      // A stranger with the id alone: neither watch, nor join, nor read the room's state.
      const stranger = await connect();
      for (const [message, wrong] of [
        [
          { type: 'spectate', room },
          { type: 'spectate', room: missing },
        ],
        [
          { type: 'spectate', room, key: 'not-the-right-key' },
          { type: 'spectate', room: missing, key: 'not-the-right-key' },
        ],
        [
          { type: 'join', room, name: 'Eve' },
          { type: 'join', room: missing, name: 'Eve' },
        ],
      ] as const) {
        const refused = await stranger.request(message, ['error', 'room', 'joined']);
        expect(refused.code).toBe('no-such-room');
        expect(anonymous(refused, room)).toEqual(
          anonymous(await stranger.request(wrong, ['error', 'room', 'joined']), missing),
        );
      }
      for (const path of [`/api/rooms/${room}`, `/api/rooms/${room}?key=nope`]) {
        const answer = await get(path);
        expect(answer.status).toBe(404);
        expect(anonymous(answer.body as Message, room)).toEqual(
          anonymous((await get(path.replace(room, missing))).body as Message, missing),
        );
      }

      // The watch link watches, and cannot take a seat; the invite link does both.
      const watcher = await connect();
      expect(
        await watcher.request({ type: 'join', room, key: watchKey, name: 'Wat' }, ['error', 'joined']),
      ).toMatchObject({
        type: 'error',
        code: 'watch-only',
      });
      expect(await watcher.request({ type: 'spectate', room, key: watchKey }, 'room')).toMatchObject({
        room: { id: room, status: 'open' },
      });
      expect((await get(`/api/rooms/${room}?key=${watchKey}`)).status).toBe(200);
      expect((await get(`/api/rooms/${room}?key=${key}`)).body).toMatchObject({ id: room, status: 'open' });
      const ann = await joinRoom(server, room, key, 'Ann');
      const ben = await joinRoom(server, room, key, 'Ben');
      clients.push(ann.client, ben.client);
      const joined = ann.client.messages.find((m) => m.type === 'joined');
      expect(joined?.keys).toEqual({ invite: key, watch: watchKey });

      const [record] = await Promise.all([
        autoplay(ann.client, ann.seat),
        autoplay(ben.client, ben.seat),
        watcher.next((m) => m.type === 'record'),
      ]);
      expect(watcher.messages.filter((m) => m.type === 'update').length).toBeGreaterThan(5);
      // The stranger, refused, was sent nothing of the game.
      expect(stranger.messages.filter((m) => m.type !== 'error')).toEqual([]);
      await server.rooms.get(room)!.ended;

      // The finished game's record: to the watch key, the invite key and a player's token; to nobody else.
      for (const path of [
        `/api/games/${room}`,
        `/api/games/${room}?key=nope`,
        `/api/games/${room}?key=${ann.token.slice(1)}`,
      ]) {
        const answer = await get(path);
        expect(answer.status).toBe(404);
        expect(anonymous(answer.body as Message, room)).toEqual(
          anonymous((await get(path.replace(room, missing))).body as Message, missing),
        );
      }
      for (const k of [watchKey, key, ann.token, ben.token]) {
        const answer = await get(`/api/games/${room}?key=${encodeURIComponent(k)}`);
        expect(answer.status).toBe(200);
        expect(answer.body.record).toEqual(record.record);
      }
    });

    it("finds a player's finished games by the seat tokens their device holds, never by a name, and shows another device none of them", async () => {
      const { host, room, key } = await createRoom(server, DUEL);
      clients.push(host);
      const ann = await joinRoom(server, room, key, 'Ann');
      const ben = await joinRoom(server, room, key, 'Ben');
      clients.push(ann.client, ben.client);
      await Promise.all([autoplay(ann.client, ann.seat), autoplay(ben.client, ben.seat)]);
      await server.rooms.get(room)!.ended;
      // Another device: it has a seat of its own elsewhere, and knows Ann's room and name.
      const other = await createRoom(server, DUEL);
      clients.push(other.host);
      const eve = await joinRoom(server, other.room, other.key, 'Eve');
      clients.push(eve.client);

      const history = async (body: unknown, type = 'application/json') => {
        const res = await fetch(`${server.url}/api/history`, {
          method: 'POST',
          headers: { 'content-type': type },
          body: JSON.stringify(body),
        });
        return {
          status: res.status,
          body: (await res.json()) as {
            games?: { gameId: string; seat: number; players: string[] }[];
            error?: string;
          },
        };
      };
      const ann1 = await history({ seats: [{ room, token: ann.token }] });
      expect(ann1.status).toBe(200);
      expect(ann1.body.games!.map((g) => [g.gameId, g.seat, g.players])).toEqual([
        [room, ann.seat, ['Ann', 'Ben']],
      ]);
      // Eve's own token, or a made-up one, with Ann's room: nothing. Eve's own seat: no finished game yet.
      expect(
        (
          await history({
            seats: [
              { room, token: eve.token },
              { room, token: 'abcdefghijklmnopqrstuv' },
            ],
          })
        ).body.games,
      ).toEqual([]);
      expect((await history({ seats: [{ room: other.room, token: eve.token }] })).body.games).toEqual([]);
      // By name, as before: gone.
      const byName = await fetch(`${server.url}/api/history/Ann`);
      expect(byName.status).toBe(404);
      expect(JSON.stringify(await byName.json())).not.toContain(room);
      // Bad requests are told what to send.
      expect((await history({ seats: 'all' })).status).toBe(400);
      expect((await history({ seats: [{ room }] })).status).toBe(400);
      expect((await history({ seats: [{ room, token: ann.token }] }, 'text/plain')).status).toBe(400);
      expect(
        (await history({ seats: Array.from({ length: 101 }, () => ({ room, token: ann.token })) })).body
          .error,
      ).toMatch(/at most 100/);
      expect((await fetch(`${server.url}/api/history`)).status).toBe(405);
    });

    it('lets anyone with its id watch and join a public room', async () => {
      const { host, room } = await createRoom(server, { ...DUEL, public: true });
      clients.push(host);
      const watcher = await connect();
      expect(await watcher.request({ type: 'spectate', room }, 'room')).toMatchObject({
        room: { id: room, public: true },
      });
      expect((await get(`/api/rooms/${room}`)).status).toBe(200);
      const eve = await connect();
      expect(await eve.request({ type: 'join', room, name: 'Eve' }, ['error', 'joined'])).toMatchObject({
        type: 'joined',
        seat: 0,
      });
    });

    it('refuses a key that is not a key, and a "public" that is not true or false', async () => {
      const c = await connect();
      expect(
        await c.request({ type: 'spectate', room: 'abcd1234', key: 'no spaces!' }, 'error'),
      ).toMatchObject({ code: 'bad-message' });
      expect(
        await c.request({ type: 'create-room', setup: { ...DUEL, public: 'yes' } }, 'error'),
      ).toMatchObject({ code: 'bad-setup' });
    });
  });
}
