/**
 * The game server over real WebSockets on loopback, against a real SQLite file and (when one
 * is at hand) a real PostgreSQL: a whole team game with people and bots, reconnects,
 * spectators, seed reveals, saved records and history; bad input; bots for missing players.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { roundSeed, sha256Hex } from '@hanafuda/engine';
import type { RunningServer } from '../src/index.js';
import { type Message, TestClient } from './support/client.js';
import { autoplay } from './support/play.js';
import { createRoom, invite, joinRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

type Fairness = {
  gameSeedHash: string;
  gameSeed?: string;
  rounds: { round: number; hash: string; seed?: string }[];
};

const TEAM_GAME = {
  game: 'sakura',
  players: 4,
  teams: [
    [0, 2],
    [1, 3],
  ],
  options: { rounds: 3 },
  seats: [
    { kind: 'open' },
    { kind: 'bot', level: 'normal' },
    { kind: 'open' },
    { kind: 'bot', level: 'easy', name: 'Tūtū' },
  ],
};

const DUEL = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
};

for (const kind of STORES) {
  describe.skipIf(!kind.available)(`game server on ${kind.name}`, { timeout: 30_000 }, () => {
    let db: TestStore;
    let server: RunningServer;
    const clients: TestClient[] = [];
    const track = <T extends { client?: TestClient; host?: TestClient }>(x: T): T => {
      if (x.client) clients.push(x.client);
      if (x.host) clients.push(x.host);
      return x;
    };

    beforeEach(async () => {
      db = await kind.open();
      server = await serve(db);
    });

    afterEach(async () => {
      await shutDown(server, db, clients);
    });

    it('plays a 4-player Sakura team game with two people and two bots to the end, with a reconnect and a spectator', async () => {
      const { room, key } = track(await createRoom(server, TEAM_GAME));
      const alice = track(await joinRoom(server, room, key, 'Alice'));
      const watcher = await TestClient.connect(server.wsUrl);
      clients.push(watcher);
      await watcher.request({ type: 'spectate', room, key }, 'room');
      const bob = track(await joinRoom(server, room, key, 'Bob'));
      expect([alice.seat, bob.seat]).toEqual([0, 2]);

      // Alice drops after her third decision and comes back with her token.
      let aliceMoves = 0;
      const aliceLeft = new Promise<void>((resolve) => {
        void autoplay(alice.client, 0, undefined, (seq) => {
          // She leaves once the server has taken that third decision (its update comes back).
          if (++aliceMoves === 3)
            void alice.client
              .next((m) => m.type === 'update' && (m.seq as number) > seq)
              .then(
                () => resolve(),
                () => resolve(),
              );
        }).catch(() => undefined);
      });
      const bobDone = autoplay(bob.client, 2);
      await aliceLeft;
      await alice.client.close();
      const back = await TestClient.connect(server.wsUrl);
      clients.push(back);
      back.send({ type: 'resume', room, token: alice.token });
      const welcome = await back.next((m) => m.type === 'welcome');
      expect(welcome.seat).toBe(0);
      const full = await back.next((m) => m.type === 'update', 10_000, 0);
      expect((full.view as { hand: string[] }).hand.length).toBeGreaterThan(0);
      const [aliceRecord, bobRecord] = await Promise.all([autoplay(back, 0), bobDone]);
      const record = aliceRecord.record as { seed: string; actions: unknown[]; players: number };
      expect(bobRecord.record).toEqual(record);
      expect(record.players).toBe(4);

      // The spectator saw no hand, and every seed commitment checks out once revealed.
      await watcher.next((m) => m.type === 'record');
      for (const m of watcher.messages)
        if (m.type === 'update') expect((m.view as { hand: string[] }).hand).toEqual([]);
      // Messages shared by many sockets are sent as the same bytes, and still as text, as a page reads them.
      expect([watcher.binaryFrames, back.binaryFrames, bob.client.binaryFrames]).toEqual([0, 0, 0]);
      const final = await watcher.next(
        (m) => m.type === 'room' && (m.room as { fairness?: Fairness }).fairness?.gameSeed !== undefined,
      );
      const fairness = (final.room as { fairness: Fairness }).fairness;
      expect(fairness.gameSeed).toBe(record.seed);
      expect(sha256Hex(fairness.gameSeed!)).toBe(fairness.gameSeedHash);
      expect(fairness.rounds.map((r) => r.round)).toEqual([0, 1, 2, 3]);
      for (const r of fairness.rounds) {
        expect(r.seed).toBe(roundSeed(record.seed, r.round));
        expect(sha256Hex(r.seed!)).toBe(r.hash);
      }

      // The record is kept, and found in each player's history.
      await server.rooms.get(room)!.ended;
      const saved = (await (await fetch(`${server.url}/api/games/${room}?key=${key}`)).json()) as {
        record: unknown;
        players: string[];
      };
      expect(saved.record).toEqual(record);
      expect(saved.players).toEqual(['Alice', 'Bot 2 (normal)', 'Bob', 'Tūtū']);
      const history = async (seats: { room: string; token: string }[]) => {
        const res = await fetch(`${server.url}/api/history`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ seats }),
        });
        return ((await res.json()) as { games: { gameId: string; seat: number }[] }).games.map((g) => [
          g.gameId,
          g.seat,
        ]);
      };
      expect(await history([{ room, token: alice.token }])).toEqual([[room, 0]]);
      expect(await history([{ room, token: bob.token }])).toEqual([[room, 2]]);
      expect(await db.store.actions(room)).toEqual(record.actions);
    });

    it('answers bad input with an error, changes nothing, and stays up', async () => {
      const { room, key } = track(await createRoom(server, DUEL));
      const a = track(await joinRoom(server, room, key, 'Ann'));
      const b = track(await joinRoom(server, room, key, 'Ben'));
      const start = await a.client.next((m) => m.type === 'update', 10_000, 0);
      const view = start.view as { toMove: number; actions: { seat: number }[] };
      const [mover, other] = view.toMove === a.seat ? [a, b] : [b, a];
      const moverView = (await mover.client.next((m) => m.type === 'update', 10_000, 0)).view as {
        actions: { seat: number }[];
      };
      const legal = moverView.actions[0];
      const errorFor = async (client: TestClient, message: unknown) =>
        (await client.request(message, 'error')).code;

      expect(await errorFor(mover.client, '{"v":1,"type":')).toBe('bad-json');
      expect(await errorFor(mover.client, { type: 'teleport' })).toBe('unknown-type');
      expect(await errorFor(mover.client, '[]')).toBe('bad-message');
      expect(
        await errorFor(other.client, { type: 'act', seq: 0, action: { ...legal, seat: other.seat } }),
      ).toBe('not-your-turn');
      expect(await errorFor(other.client, { type: 'act', seq: 0, action: legal })).toBe('not-your-seat');
      expect(await errorFor(mover.client, { type: 'act', seq: 5, action: legal })).toBe('stale');
      expect(
        await errorFor(mover.client, {
          type: 'act',
          seq: 0,
          action: { seat: mover.seat, play: 'no-such-card' },
        }),
      ).toBe('unknown-card');

      const stranger = await TestClient.connect(server.wsUrl);
      clients.push(stranger);
      expect(await errorFor(stranger, { type: 'act', seq: 0, action: legal })).toBe('no-room');
      expect(await errorFor(stranger, { type: 'resume', room, token: 'not-a-real-token' })).toBe('bad-token');
      expect(await errorFor(stranger, { type: 'join', room, key, name: 'Late' })).toBe('room-started');
      expect(await errorFor(stranger, { type: 'spectate', room: 'nosuchroom' })).toBe('no-such-room');
      // A seat's token, or a rematch, names a room one was in: no link or key would open it, so none is asked for.
      for (const message of [
        { type: 'resume', room: 'nosuchroom', token: 'a-token' },
        { type: 'rematch', room: 'nosuchroom' },
      ]) {
        const refused = await stranger.request(message, 'error');
        expect(refused.code).toBe('no-such-room');
        expect(refused.message).toMatch(
          /^room "nosuchroom" is not open: it has closed .* or its id is wrong/,
        );
        expect(refused.message).not.toMatch(/invite|key/);
      }
      await stranger.request({ type: 'spectate', room, key }, 'update');
      expect(await errorFor(stranger, { type: 'act', seq: 0, action: legal })).toBe('spectator');
      expect(
        await errorFor(stranger, {
          type: 'replace-with-bot',
          room,
          hostToken: 'not-the-host',
          seat: 0,
          level: 'easy',
        }),
      ).toBe('not-host');
      expect(
        await errorFor(stranger, {
          type: 'create-room',
          setup: { ...DUEL, players: 9, seats: Array(9).fill({ kind: 'open' }) },
        }),
      ).toBe('bad-players');

      // Nothing changed: still update 0; then a real move, and replaying it is refused.
      expect((await mover.client.request({ type: 'sync' }, 'update')).seq).toBe(0);
      const moved = await mover.client.request({ type: 'act', seq: 0, action: legal }, 'update');
      expect(moved.seq).toBe(1);
      expect(await errorFor(mover.client, { type: 'act', seq: 0, action: legal })).toBe('stale');
      expect((await mover.client.request({ type: 'sync' }, 'update')).seq).toBe(1);
      expect(await db.store.actions(room)).toEqual([legal]);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    });

    it('creates a room under an id its host drew, and refuses an id a room already has', async () => {
      const host = await TestClient.connect(`${server.wsUrl}?room=HostDrew_1`);
      clients.push(host);
      const created = await host.request({ type: 'create-room', setup: DUEL, room: 'HostDrew_1' }, [
        'room-created',
        'error',
      ]);
      expect(created).toMatchObject({
        type: 'room-created',
        room: 'HostDrew_1',
        invite: `/?room=HostDrew_1&key=${invite(created).key}`,
      });
      const ann = track(await joinRoom(server, 'HostDrew_1', invite(created).key, 'Ann'));
      expect(ann.seat).toBe(0);
      const again = await host.request({ type: 'create-room', setup: DUEL, room: 'HostDrew_1' }, [
        'room-created',
        'error',
      ]);
      expect(again).toMatchObject({ type: 'error', code: 'room-taken' });
      // The first room is as it was: Ann still in its first seat, the second one open.
      const ben = track(await joinRoom(server, 'HostDrew_1', invite(created).key, 'Ben'));
      expect(ben.seat).toBe(1);
    });

    it('refuses a flood of messages from one connection', async () => {
      const flooder = await TestClient.connect(server.wsUrl);
      clients.push(flooder);
      for (let i = 0; i < 100; i++) flooder.send({ type: 'sync' });
      await flooder.next((m) => m.type === 'error' && m.code === 'rate-limited');
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    });

    it("lets the host give a missing player's seat to a bot, which finishes the game", async () => {
      const { room, hostToken, host, key } = track(await createRoom(server, DUEL));
      const a = track(await joinRoom(server, room, key, 'Ann'));
      const b = track(await joinRoom(server, room, key, 'Ben'));
      expect(
        (
          await host.request(
            { type: 'replace-with-bot', room, hostToken, seat: b.seat, level: 'easy' },
            'error',
          )
        ).code,
      ).toBe('player-present');
      await b.client.close();
      const replaced = await host.request(
        { type: 'replace-with-bot', room, hostToken, seat: b.seat, level: 'easy' },
        ['room', 'error'],
      );
      expect(replaced.type).toBe('room');
      const done = (await autoplay(a.client, a.seat)) as Message;
      expect((done.record as { actions: unknown[] }).actions.length).toBeGreaterThan(0);
    });

    it("hands a person's turn to a bot when the turn timer runs out", async () => {
      const { room, key } = track(
        await createRoom(server, {
          ...DUEL,
          turnSeconds: 1,
          seats: [{ kind: 'open' }, { kind: 'bot', level: 'normal' }],
        }),
      );
      const a = track(await joinRoom(server, room, key, 'Ann'));
      const first = await a.client.next(
        (m) => m.type === 'update' && (m.view as { toMove: number }).toMove === a.seat,
        10_000,
        0,
      );
      const timed = await a.client.next(
        (m) => m.type === 'update' && (m.seq as number) > (first.seq as number),
        5000,
      );
      expect(timed.events).not.toEqual([]);
    });

    it('lets the host start with open seats given to bots', async () => {
      const { room, hostToken, host, key } = track(
        await createRoom(server, { ...TEAM_GAME, options: { rounds: 1 } }),
      );
      const a = track(await joinRoom(server, room, key, 'Ann'));
      host.send({ type: 'start', room, hostToken, level: 'easy' });
      const record = await autoplay(a.client, a.seat);
      expect((record.record as { players: number }).players).toBe(4);
    });
  });
}
