/**
 * Fair play in rated games over real sockets, one process: a rated seek is a member's
 * and is paired only with rated seekers; a rated room refuses hints until the end, bots, guests
 * and programs; when it ends, the ratings are handed its result (places from the engine's
 * totals, a leaver last); a game in which a player never moved is not rated; a rematch stays
 * rated. Members sign up with a software passkey (support/member.ts). On SQLite, and on
 * PostgreSQL when HANAFUDA_TEST_DATABASE_URL is set.
 */
import { ordinal, rate, rating } from 'openskill';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RatedResult, RunningServer } from '../src/index.js';
import { type Message, TestClient } from './support/client.js';
import { guest, signUp } from './support/member.js';
import { autoplay } from './support/play.js';
import { createRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';
import type { WebClient } from './support/web-client.js';

/** The koikoi-6 pool's game: a rated room of one's own must be one of the pools'. */
const KOIKOI_6 = {
  game: 'koikoi',
  players: 2,
  options: { rounds: 6 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
  rated: true,
};

for (const kind of STORES) {
  describe.skipIf(!kind.available)(`fair play in rated games on ${kind.name}`, { timeout: 30_000 }, () => {
    let db: TestStore;
    let server: RunningServer;
    const clients: TestClient[] = [];
    const results: RatedResult[] = [];
    let resulted: (() => void) | null = null;

    beforeEach(async () => {
      db = await kind.open();
      results.length = 0;
      server = await serve(db, {
        // A rated game is a pool's (Koi-Koi: 6 rounds), played here as fast as the server answers: more than a person's 20 messages a second.
        limits: { burst: 1000, perSecond: 1000, maxRefused: 200 },
        onRatedGameEnd: (r) => {
          results.push(r);
          resulted?.();
        },
      });
    });
    afterEach(() => shutDown(server, db, clients));

    /** A socket with a browser's cookie (a member's or a guest's), and the account it is. */
    const socket = async (browser: WebClient) => {
      const client = await TestClient.connect(server.wsUrl, { headers: { cookie: browser.cookie } });
      clients.push(client);
      return { client, account: (await browser.me())!.id };
    };
    const member = async (name: string) => socket((await signUp(server, name)).browser);
    const aGuest = async () => socket(await guest(server));
    const nextResult = () => new Promise<void>((resolve) => (resulted = resolve));
    const refused = (m: Message, code: string) => expect(m).toMatchObject({ type: 'error', code });
    const join = (c: TestClient, room: string, key: string, extra: object = {}) =>
      c.request({ type: 'join', room, key, name: 'typed', ...extra }, ['joined', 'error']);
    /** The game-end event of a seat's last update: the engine's totals and winners. */
    const gameEnd = (c: TestClient) =>
      (c.lastUpdate()!.events as { type: string; totals?: number[]; winners?: number[] }[]).find(
        (e) => e.type === 'game-end',
      )!;
    /** Plays `seat` until it has made one move of its own (the server answered it with the next update). */
    const moveOnce = async (c: TestClient, seat: number) => {
      const turn = await c.next(
        (m) =>
          m.type === 'update' &&
          (m.view as { toMove: number }).toMove === seat &&
          (m.view as { actions: unknown[] }).actions.length > 0,
      );
      c.send({ type: 'act', seq: turn.seq, action: (turn.view as { actions: unknown[] }).actions[0] });
      await c.next((m) => m.type === 'update' && (m.seq as number) > (turn.seq as number));
    };

    it('pairs rated seekers only with rated seekers, and keeps guests out of rated seeks', async () => {
      const [ana, guestGil, ben] = [await member('Ana Rated'), await aGuest(), await member('Ben Rated')];
      refused(
        await guestGil.client.request({ type: 'seek', pool: 'koikoi-6', rated: true }, ['seeking', 'error']),
        'rated-guest',
      );
      refused(
        await ana.client.request({ type: 'seek', pool: 'koikoi-6', rated: true, botsAfter: 30 }, [
          'seeking',
          'error',
        ]),
        'rated-no-bots',
      );
      const custom = { ...KOIKOI_6, options: { rounds: 3 } };
      refused(
        await ana.client.request({ type: 'seek', setup: custom }, ['seeking', 'error']),
        'rated-format',
      );

      expect(
        await ana.client.request({ type: 'seek', pool: 'koikoi-6', rated: true }, ['seeking', 'error']),
      ).toMatchObject({ type: 'seeking', rated: true });
      // A casual seeker of the same pool is not Ana's match…
      expect(
        await guestGil.client.request({ type: 'seek', pool: 'koikoi-6' }, ['seeking', 'error']),
      ).toMatchObject({ type: 'seeking' });
      // …Ben, seeking it rated, is.
      await ben.client.request({ type: 'seek', pool: 'koikoi-6', rated: true }, ['seeking', 'error']);
      const [pa, pb] = await Promise.all(
        [ana.client, ben.client].map((c) => c.next((m) => m.type === 'paired')),
      );
      expect(pa.room).toBe(pb.room);
      const lobby = await guestGil.client.request({ type: 'lobby' }, 'lobby');
      expect((lobby.pools as { id: string }[]).find((p) => p.id === 'koikoi-6')).toMatchObject({
        waiting: 1,
        waitingRated: 0,
      });
      expect(guestGil.client.messages.some((m) => m.type === 'paired')).toBe(false);
      // The room is rated, and its seats are the members'.
      await join(ana.client, pa.room as string, pa.key as string, { seat: pa.seat });
      await join(ben.client, pb.room as string, pb.key as string, { seat: pb.seat });
      const playing = await ana.client.next(
        (m) => m.type === 'room' && (m.room as { status: string }).status === 'playing',
      );
      expect(playing.room).toMatchObject({ rated: true, game: 'koikoi', options: { rounds: 6 } });
    });

    it("lists a member's rated custom seek as rated, and a guest may not take a place in it", async () => {
      const [cy, gil, dee] = [await member('Cy Custom'), await aGuest(), await member('Dee Custom')];
      const opened = await cy.client.request({ type: 'seek', setup: KOIKOI_6 }, ['seeking', 'error']);
      expect(opened).toMatchObject({ type: 'seeking', rated: true });
      const lobby = await gil.client.request({ type: 'lobby' }, 'lobby');
      expect(lobby.seeks).toEqual([expect.objectContaining({ id: opened.seek, rated: true })]);
      refused(
        await gil.client.request({ type: 'accept-seek', seek: opened.seek }, ['seeking', 'error']),
        'rated-guest',
      );
      expect(
        await dee.client.request({ type: 'accept-seek', seek: opened.seek }, ['seeking', 'error']),
      ).toMatchObject({ type: 'seeking', rated: true });
      await Promise.all([cy.client, dee.client].map((c) => c.next((m) => m.type === 'paired')));
    });

    it('refuses bots, guests, programs and a game no pool plays in a rated room', async () => {
      const ana = await member('Ana Host');
      const withBot = { ...KOIKOI_6, seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }] };
      refused(
        await ana.client.request({ type: 'create-room', setup: withBot }, ['room-created', 'error']),
        'rated-no-bots',
      );
      refused(
        await ana.client.request({ type: 'create-room', setup: { ...KOIKOI_6, turnSeconds: 10 } }, [
          'room-created',
          'error',
        ]),
        'rated-format',
      );
      const created = await ana.client.request({ type: 'create-room', setup: KOIKOI_6 }, [
        'room-created',
        'error',
      ]);
      const room = created.room as string;
      const key = (created.keys as { invite: string }).invite;
      const hostToken = created.hostToken as string;
      refused(await join((await aGuest()).client, room, key), 'rated-guest');
      refused(await join((await member('Bo Program')).client, room, key, { bot: true }), 'rated-no-bots');
      expect(await join(ana.client, room, key)).toMatchObject({ type: 'joined' });
      refused(await ana.client.request({ type: 'start', room, hostToken }, 'error'), 'rated-no-bots');
      refused(
        await ana.client.request(
          { type: 'replace-with-bot', room, hostToken, seat: 1, level: 'easy' },
          'error',
        ),
        'rated-no-bots',
      );
    });

    it('refuses hints until a rated game ends, rates it by the engine’s totals, and its rematch is rated again', async () => {
      const [ana, ben] = [await member('Ana Player'), await member('Ben Player')];
      const created = await ana.client.request({ type: 'create-room', setup: KOIKOI_6 }, [
        'room-created',
        'error',
      ]);
      const room = created.room as string;
      const key = (created.keys as { invite: string }).invite;
      const a = await join(ana.client, room, key);
      const b = await join(ben.client, room, key);
      refused(await ana.client.request({ type: 'hint' }, 'error'), 'rated-no-hints');
      refused(await ben.client.request({ type: 'hint' }, 'error'), 'rated-no-hints');
      const ended = nextResult();
      const over = await Promise.all([
        autoplay(ana.client, a.seat as number),
        autoplay(ben.client, b.seat as number),
      ]);
      await ended;
      const end = gameEnd(ana.client);
      const state = await ana.client.next(
        (m) => m.type === 'room' && (m.room as { status: string }).status === 'over',
      );
      expect(over).toHaveLength(2);
      expect(results).toEqual([
        {
          format: 'koikoi-6',
          game: (state.room as { gameId: string }).gameId,
          teams: [[ana.account], [ben.account]],
          // First place is the engine's winners' (both, a draw); the other second.
          ranks: [0, 1].map((seat) => (end.winners!.includes(seat) ? 1 : 2)),
          forfeited: [],
          endedAt: expect.any(Number) as number,
        },
      ]);
      // Each member is told their rating's move: two newcomers rated by the library itself, shown on the scale docs/protocol.md
      // gives (1000 + 40 × the library's ordinal).
      const [[anaAfter], [benAfter]] = rate([[rating()], [rating()]], { rank: results[0].ranks as number[] });
      const shown = (skill: { mu: number; sigma: number }) =>
        Math.round(ordinal(skill, { alpha: 40, target: 1000 }));
      const told = await Promise.all([ana, ben].map(({ client }) => client.next((m) => m.type === 'rating')));
      expect(told.map((m) => [m.before, m.after, m.provisional])).toEqual([
        [shown(rating()), shown(anaAfter), true],
        [shown(rating()), shown(benAfter), true],
      ]);
      // Over: the hint is no longer refused for the rating (the table has none to give once nobody is to move).
      expect((await ana.client.request({ type: 'hint' }, 'error')).code).not.toBe('rated-no-hints');
      // Both ask for a rematch: the next game is rated too.
      const from = ana.client.messages.length;
      ana.client.send({ type: 'rematch', room });
      ben.client.send({ type: 'rematch', room });
      const next = await ana.client.next(
        (m) => m.type === 'room' && (m.room as { gameNumber: number }).gameNumber === 2,
        10_000,
        from,
      );
      expect(next.room).toMatchObject({ rated: true, status: 'playing' });
      refused(await ana.client.request({ type: 'hint' }, 'error'), 'rated-no-hints');
    });

    it('gives a hint in a casual game', async () => {
      const { host, room, key } = await createRoom(server, { ...KOIKOI_6, rated: false });
      clients.push(host);
      const [ana, ben] = [await aGuest(), await aGuest()];
      await join(ana.client, room, key);
      await join(ben.client, room, key);
      const first = await ana.client.next((m) => m.type === 'update');
      const mover = (first.view as { toMove: number }).toMove === 0 ? ana.client : ben.client;
      await mover.next((m) => m.type === 'update');
      expect(await mover.request({ type: 'hint' }, ['hint', 'error'])).toMatchObject({ type: 'hint' });
    });

    it('places a player who left last, whatever the totals; a game one player never moved in is not rated', async () => {
      for (const leaverMoves of [true, false]) {
        const [ana, ben] = [
          await member(`Ana Stays ${leaverMoves ? 1 : 2}`),
          await member(`Ben Leaves ${leaverMoves ? 1 : 2}`),
        ];
        const created = await ana.client.request({ type: 'create-room', setup: KOIKOI_6 }, [
          'room-created',
          'error',
        ]);
        const room = created.room as string;
        const key = (created.keys as { invite: string }).invite;
        const a = (await join(ana.client, room, key)).seat as number;
        const b = (await join(ben.client, room, key)).seat as number;
        const playing = autoplay(ana.client, a);
        if (leaverMoves) await moveOnce(ben.client, b);
        // Ben leaves (his socket closes); Ana asks a bot to play his seat, and the game goes on.
        const from = ana.client.messages.length;
        const gone = ana.client.next(
          (m) => m.type === 'room' && !(m.room as { seats: { connected: boolean }[] }).seats[b].connected,
          10_000,
          from,
        );
        await ben.client.close();
        await gone;
        ana.client.send({ type: 'stand-in', room, seat: b });
        await playing;
        await server.rooms.get(room)!.ended;
        if (!leaverMoves) {
          expect(results, 'Ben never moved: not rated').toEqual([]);
          continue;
        }
        expect(results).toHaveLength(1);
        expect(results[0]).toMatchObject({ format: 'koikoi-6', forfeited: [ben.account] });
        expect([results[0].teams[a], results[0].teams[b]]).toEqual([[ana.account], [ben.account]]);
        expect([results[0].ranks[a], results[0].ranks[b]]).toEqual([1, 2]);
        results.length = 0;
      }
    });
  });
}
