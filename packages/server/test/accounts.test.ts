/**
 * Members, over real HTTP on both stores: passkey sign-up and sign-in with real signed
 * WebAuthn answers (support/authenticator.ts), another device by code, sign out here and
 * everywhere, delete and export; and what must be refused, with nothing changed in the database.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { DEFAULT_CONNECTION_LIMITS } from '../src/limits/limits.js';
import { Ratings } from '../src/ratings/ratings.js';
import type { RatedResult } from '../src/ratings/result.js';
import { rounded } from '../src/ratings/shown.js';
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from './support/authenticator.js';
import { TestClient } from './support/client.js';
import { autoplay } from './support/play.js';
import { createRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';
import { WebClient } from './support/web-client.js';
import { guest as newGuest, signUp as newMember } from './support/member.js';

for (const kind of STORES) {
  describe.skipIf(!kind.available)(`members on ${kind.name}`, { timeout: 60_000 }, () => {
    let db: TestStore;
    let server: RunningServer;
    const clients: TestClient[] = [];

    beforeEach(async () => {
      db = await kind.open();
      // Open sockets' sessions are checked every 100 ms (10 s by default): an ended one's socket is closed at once.
      server = await serve(db, { sessionCheckMs: 100 });
    });
    afterEach(async () => {
      await shutDown(server, db, clients);
    });

    const count = async (table: string) =>
      Number((await db.store.sql.rows<{ n: unknown }>(`SELECT count(*) AS n FROM ${table}`))[0].n);
    const guest = () => newGuest(server);
    /** A guest that signs up as `name` with a new passkey on `device`. */
    const signUp = (name: string, device = new SoftAuthenticator()) => newMember(server, name, device);
    const signIn = async (browser: WebClient, device: SoftAuthenticator, origin = browser.origin) => {
      const options = await browser.send('/api/passkey/login/options');
      return browser.send('/api/passkey/login', {
        response: device.get(options.body as unknown as RequestOptions, origin),
      });
    };

    it('makes a guest a member under its chosen name, keeping its account, and signs it in elsewhere', async () => {
      const browser = await guest();
      const asGuest = (await browser.me())!;
      const guestCookie = browser.cookie;
      const device = new SoftAuthenticator();
      const options = await browser.send('/api/passkey/register/options', { name: 'Hana Fubuki' });
      expect(options.body).toMatchObject({
        rp: { id: '127.0.0.1' },
        authenticatorSelection: { residentKey: 'required' },
      });
      const done = await browser.send('/api/passkey/register', {
        response: device.create(options.body as unknown as CreationOptions, browser.origin),
      });
      expect(done.body).toEqual({ account: { id: asGuest.id, name: 'Hana Fubuki', guest: false } });
      expect(await browser.me()).toEqual({ id: asGuest.id, name: 'Hana Fubuki', guest: false });
      // Becoming a member is a new session: the guest's cookie opens nothing now.
      expect(browser.cookie).not.toBe(guestCookie);
      const stale = new WebClient(server);
      stale.cookie = guestCookie;
      expect(await stale.me()).toBeNull();
      expect(await count('credentials')).toBe(1);

      // Another browser, its own guest first, signs in with the passkey: the same account.
      const other = await guest();
      const signedIn = await signIn(other, device);
      expect(signedIn.status).toBe(200);
      expect(await other.me()).toEqual({ id: asGuest.id, name: 'Hana Fubuki', guest: false });
    });

    it('seats a member under its name and exports its finished games; deleting it leaves them as "deleted player"', async () => {
      const { browser } = await signUp('Koi Player');
      const id = (await browser.me())!.id;
      const { host, room, key } = await createRoom(server, {
        game: 'koikoi',
        players: 2,
        options: { rounds: 1 },
        seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
      });
      clients.push(host);
      const socket = await TestClient.connect(server.wsUrl, { headers: { cookie: browser.cookie } });
      clients.push(socket);
      // Seated in a game not yet ended, the account cannot be deleted: the room would write its name back.
      const waiting = await createRoom(server, {
        game: 'koikoi',
        players: 2,
        seats: [{ kind: 'open' }, { kind: 'open' }],
      });
      const seated = await TestClient.connect(server.wsUrl, { headers: { cookie: browser.cookie } });
      clients.push(waiting.host, seated);
      expect(
        (
          await seated.request({ type: 'join', room: waiting.room, key: waiting.key, name: 'typed' }, [
            'joined',
            'error',
          ])
        ).type,
      ).toBe('joined');
      expect(await browser.send('/api/account', {}, 'DELETE')).toMatchObject({
        status: 409,
        body: { code: 'in-game' },
      });
      expect((await browser.me())?.name).toBe('Koi Player');
      expect(await count('credentials')).toBe(1);
      // Once that room is abandoned (as eviction does to a lobby left empty), it holds nothing back.
      await server.rooms.abandon(waiting.room);

      const finished = autoplay(socket, 0);
      expect(
        (await socket.request({ type: 'join', room, key, name: 'typed' }, ['joined', 'error'])).type,
      ).toBe('joined');
      await finished;
      // The record goes out before it is stored: the room's idle() waits for the write.
      await server.rooms.get(room)!.idle();
      const exported = await browser.get('/api/account/export');
      expect(exported.status).toBe(200);
      const games = exported.body.games as {
        gameId: string;
        seats: number[];
        players: string[];
        record: { game: string };
      }[];
      expect(games).toHaveLength(1);
      expect(games[0]).toMatchObject({ gameId: room, seats: [0], record: { game: 'koikoi' } });
      expect(games[0].players[0]).toBe('Koi Player');
      // Nothing of another seat but its name: no account, no token's hash.
      const text = JSON.stringify(exported.body);
      expect(text).not.toContain('tokenHash');
      expect(text.match(/"account"/g)).toHaveLength(1);

      expect((await browser.send('/api/account', {}, 'DELETE')).status).toBe(200);
      expect(await browser.me()).toBeNull();
      expect(await count('credentials')).toBe(0);
      expect(await db.store.sql.rows('SELECT id FROM accounts WHERE id = $1', [id])).toEqual([]);
      expect(await db.store.sql.rows('SELECT token_hash FROM sessions WHERE account_id = $1', [id])).toEqual(
        [],
      );
      const kept = await db.store.finishedGame(room);
      expect(kept?.players[0]).toBe('deleted player');
      expect((await db.store.room(room))?.seats[0]).toMatchObject({ name: 'deleted player' });
      expect((await db.store.room(room))?.seats[0].account).toBeUndefined();
      // The name is free again.
      expect(
        (await (await guest()).send('/api/passkey/register/options', { name: 'Koi Player' })).status,
      ).toBe(200);
    });

    it("exports a member's ratings with every rated game's change, and deleting the account deletes them (the other player's stay)", async () => {
      const { browser } = await signUp('Rated Player');
      const id = (await browser.me())!.id;
      const ratings = new Ratings(db.store.sql);
      const game = (n: number, ranks: number[]): RatedResult => ({
        format: 'koikoi-12',
        game: `rated-${n}`,
        teams: [[id], ['someone-else']],
        ranks,
        forfeited: [],
        endedAt: 1000 + n,
      });
      const first = await ratings.applyRatedResult(game(1, [1, 2]));
      const second = await ratings.applyRatedResult(game(2, [2, 1]));
      const mine = (applied: typeof first) => applied.changes.find((c) => c.account === id)!;

      const exported = await browser.get('/api/account/export');
      expect(exported.status).toBe(200);
      const [koikoi, ...others] = exported.body.ratings as {
        format: string;
        games: number;
        rating: number;
        history: { game: string; before: number; after: number; place: number }[];
      }[];
      expect(others).toEqual([]);
      expect(koikoi).toMatchObject({ format: 'koikoi-12', games: 2, rating: rounded(mine(second).after) });
      expect(koikoi.history).toEqual([
        {
          game: 'rated-1',
          at: 1001,
          before: rounded(mine(first).before),
          after: rounded(mine(first).after),
          place: 1,
          forfeited: false,
        },
        {
          game: 'rated-2',
          at: 1002,
          before: rounded(mine(second).before),
          after: rounded(mine(second).after),
          place: 2,
          forfeited: false,
        },
      ]);

      expect((await browser.send('/api/account', {}, 'DELETE')).status).toBe(200);
      expect(await ratings.ratingsOf(id)).toEqual([]);
      expect(
        await db.store.sql.rows('SELECT game_id FROM rating_history WHERE account_id = $1', [id]),
      ).toEqual([]);
      expect((await ratings.ratingsOf('someone-else')).map((r) => r.games)).toEqual([2]);
      expect(await ratings.changesOfGame('rated-1')).toHaveLength(1);
    });

    it('adds a second device by a one-time code, and signs out everywhere', async () => {
      const { browser } = await signUp('Two Devices');
      const id = (await browser.me())!.id;
      const asked = await browser.send('/api/passkey/device-code');
      expect(asked.status).toBe(200);
      const code = asked.body.code as string;
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(asked.body.link).toBe(`${server.url}/#/account/${code}`);
      expect(asked.body.qr).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
      expect(await count('device_codes')).toBe(1);
      expect(
        await db.store.sql.rows('SELECT code_hash FROM device_codes WHERE code_hash = $1', [code]),
      ).toEqual([]);

      const phone = await guest();
      const phoneKey = new SoftAuthenticator();
      // Typed in lower case, without the hyphen.
      const options = await phone.send('/api/passkey/device/options', {
        code: code.replace('-', '').toLowerCase(),
      });
      expect(options.status).toBe(200);
      const added = await phone.send('/api/passkey/device', {
        response: phoneKey.create(options.body as unknown as CreationOptions, phone.origin),
      });
      expect(added.status).toBe(200);
      expect((await phone.me())?.id).toBe(id);
      expect(await count('credentials')).toBe(2);
      // Single use.
      const again = await (await guest()).send('/api/passkey/device/options', { code });
      expect(again).toMatchObject({ status: 404, body: { code: 'bad-code' } });
      // The phone's own passkey signs in on its own.
      expect((await signIn(new WebClient(server), phoneKey)).status).toBe(200);

      // Both devices' open sockets are closed when every session ends; a stranger's stays.
      const sockets = await Promise.all(
        [browser, phone, await guest()].map((b) =>
          TestClient.connect(server.wsUrl, { headers: { cookie: b.cookie } }),
        ),
      );
      clients.push(...sockets);
      // Each answered once: served, so its session was looked up before the sign-out.
      for (const c of sockets)
        expect(await c.request({ type: 'no-such-type' }, 'error')).toMatchObject({ code: 'unknown-type' });
      const closed = sockets
        .slice(0, 2)
        .map((c) => new Promise<number>((resolve) => c.socket.once('close', resolve)));
      const told = sockets
        .slice(0, 2)
        .map((c) => c.next((m) => m.type === 'error' && m.code === 'session-ended'));
      expect((await phone.send('/api/signout/everywhere')).status).toBe(200);
      await Promise.all(told);
      expect(await Promise.all(closed)).toEqual([1008, 1008]);
      expect(sockets[2].socket.readyState).toBe(sockets[2].socket.OPEN);
      expect(await phone.me()).toBeNull();
      expect(await browser.me()).toBeNull();
      expect(await db.store.sql.rows('SELECT token_hash FROM sessions WHERE account_id = $1', [id])).toEqual(
        [],
      );
    });

    describe('refuses, changing nothing', () => {
      it('a forged, a signed-out (replayed) or an expired session cookie', async () => {
        const { browser, device } = await signUp('Cookie Keeper');
        const sessions = await count('sessions');
        const forged = new WebClient(server);
        forged.cookie = `${browser.cookie.slice(0, -3)}${browser.cookie.endsWith('AAA') ? 'BBB' : 'AAA'}`;
        expect(await forged.me()).toBeNull();
        expect(await forged.send('/api/signout/everywhere')).toMatchObject({
          status: 401,
          body: { code: 'no-session' },
        });
        expect(await forged.send('/api/passkey/device-code')).toMatchObject({
          status: 401,
          body: { code: 'no-session' },
        });
        expect(await count('sessions')).toBe(sessions);
        expect(await count('device_codes')).toBe(0);

        // Signed out here; the same cookie replayed afterwards opens nothing.
        const second = new WebClient(server);
        expect((await signIn(second, device)).status).toBe(200);
        const replay = new WebClient(server);
        replay.cookie = browser.cookie;
        expect((await browser.send('/api/signout')).status).toBe(200);
        expect(await replay.me()).toBeNull();
        expect(await replay.send('/api/account/rename', { name: 'Someone Else' })).toMatchObject({
          status: 401,
        });
        expect(await replay.send('/api/account', {}, 'DELETE')).toMatchObject({ status: 401 });
        expect((await second.me())?.name).toBe('Cookie Keeper');

        // Expired (its 30 days gone by): nobody, and its row is removed.
        await db.store.sql.run('UPDATE sessions SET expires_at = $1', [Date.now() - 1]);
        expect(await second.me()).toBeNull();
        expect(await second.send('/api/passkey/device-code')).toMatchObject({ status: 401 });
        expect(await count('sessions')).toBe(0);
        expect(await count('device_codes')).toBe(0);
      });

      it("an assertion made for another origin or RP, or with another member's credential", async () => {
        const alice = await signUp('Alice Aoki');
        const mallory = await signUp('Mallory Mori');
        const sessions = await count('sessions');
        const counters = await db.store.sql.rows('SELECT id, counter FROM credentials ORDER BY id');

        const page = new WebClient(server);
        const forEvil = await signIn(page, alice.device, 'https://evil.example');
        expect(forEvil).toMatchObject({ status: 400, body: { code: 'passkey-refused' } });
        const options = await page.send('/api/passkey/login/options');
        const otherRp = await page.send('/api/passkey/login', {
          response: alice.device.get(
            { ...(options.body as unknown as RequestOptions), rpId: 'evil.example' },
            page.origin,
          ),
        });
        expect(otherRp).toMatchObject({ status: 400, body: { code: 'passkey-refused' } });

        // Mallory's key presented under Alice's credential id: the signature is not Alice's.
        const aliceId = alice.device.held[0].id;
        const impostor = { ...mallory.device.held[0], id: aliceId };
        const asAlice = await page.send('/api/passkey/login/options');
        const stolen = await page.send('/api/passkey/login', {
          response: mallory.device.get(asAlice.body as unknown as RequestOptions, page.origin, impostor),
        });
        expect(stolen).toMatchObject({ status: 400, body: { code: 'passkey-refused' } });

        expect(page.cookie).toBe('');
        expect(await count('sessions')).toBe(sessions);
        expect(await db.store.sql.rows('SELECT id, counter FROM credentials ORDER BY id')).toEqual(counters);
      });

      it('a sign-in answer replayed', async () => {
        const { device } = await signUp('Replay Target');
        const page = new WebClient(server);
        const options = await page.send('/api/passkey/login/options');
        const answer = device.get(options.body as unknown as RequestOptions, page.origin);
        expect((await page.send('/api/passkey/login', { response: answer })).status).toBe(200);
        const sessions = await count('sessions');
        const thief = new WebClient(server);
        expect(await thief.send('/api/passkey/login', { response: answer })).toMatchObject({
          status: 400,
          body: { code: 'stale-challenge' },
        });
        expect(thief.cookie).toBe('');
        expect(await count('sessions')).toBe(sessions);
      });

      it("a guest's cookie after its session ended", async () => {
        const browser = await guest();
        const ended = browser.cookie;
        expect((await browser.send('/api/signout')).status).toBe(200);
        const stale = new WebClient(server);
        stale.cookie = ended;
        expect(await stale.me()).toBeNull();
        expect(await stale.send('/api/passkey/register/options', { name: 'Late Comer' })).toMatchObject({
          status: 401,
          body: { code: 'no-session' },
        });
        expect(await count('challenges')).toBe(0);
        const socket = await TestClient.connect(server.wsUrl, { headers: { cookie: ended } });
        clients.push(socket);
        const { host, room, key } = await createRoom(server, {
          game: 'koikoi',
          players: 2,
          seats: [{ kind: 'open' }, { kind: 'open' }],
        });
        clients.push(host);
        expect(
          (await socket.request({ type: 'join', room, key, name: 'Typed Name' }, ['joined', 'error'])).type,
        ).toBe('joined');
        expect((await db.store.room(room))?.seats[0]).toMatchObject({ name: 'Typed Name' });
        expect((await db.store.room(room))?.seats[0].account).toBeUndefined();
      });

      it('a name that looks like a taken one: another script, full width, other case', async () => {
        await signUp('Sakura');
        const browser = await guest();
        const accounts = await db.store.sql.rows(
          'SELECT id, name, name_key, guest FROM accounts ORDER BY id',
        );
        for (const copy of [
          'Sаkura' /* Cyrillic а */,
          'Ｓａｋｕｒａ',
          'sakura',
          'SAKURA',
          'Ѕakura' /* Cyrillic Ѕ */,
          'Sακura' /* Greek α κ */,
        ]) {
          const refused = await browser.send('/api/passkey/register/options', { name: copy });
          expect(refused, copy).toMatchObject({ status: 409, body: { code: 'name-taken' } });
          expect(refused.body.error).toMatch(/taken/);
        }
        for (const reserved of ['admin', 'Guest Star', 'ｅｘｐｅｒｔ', 'Deleted Player', 'Hanafuda']) {
          expect(
            await browser.send('/api/passkey/register/options', { name: reserved }),
            reserved,
          ).toMatchObject({
            status: 400,
            body: { code: 'reserved-name' },
          });
        }
        expect(await browser.send('/api/passkey/register/options', { name: 'ab' })).toMatchObject({
          status: 400,
          body: { code: 'bad-name' },
        });
        expect(await browser.send('/api/passkey/register/options', { name: 'no<script>' })).toMatchObject({
          status: 400,
          body: { code: 'bad-name' },
        });
        expect(await count('challenges')).toBe(0);
        expect(await db.store.sql.rows('SELECT id, name, name_key, guest FROM accounts ORDER BY id')).toEqual(
          accounts,
        );
      });

      it('a malformed answer, with a clear error', async () => {
        const page = await guest();
        for (const path of ['/api/passkey/login', '/api/passkey/register', '/api/passkey/device'])
          for (const body of [{}, { response: 'x' }, { response: { id: 1 } }])
            expect(await page.send(path, body), `${path} ${JSON.stringify(body)}`).toMatchObject({
              status: 400,
              body: { code: 'bad-request' },
            });
        const notJson = await fetch(`${server.url}/api/passkey/login`, {
          method: 'POST',
          headers: { cookie: page.cookie },
          body: 'nonsense',
        });
        expect(notJson.status).toBe(400);
        expect(await count('credentials')).toBe(0);
      });

      it('a request from another origin', async () => {
        const { browser } = await signUp('Origin Guard');
        const evil = new WebClient(server, 'https://evil.example');
        evil.cookie = browser.cookie;
        expect(await evil.send('/api/signout/everywhere')).toMatchObject({
          status: 403,
          body: { code: 'origin' },
        });
        expect(await evil.send('/api/account', {}, 'DELETE')).toMatchObject({ status: 403 });
        expect((await browser.me())?.name).toBe('Origin Guard');
      });
    });

    it('renames a member at most twice a day', async () => {
      const { browser } = await signUp('First Name');
      expect(await browser.send('/api/account/rename', { name: 'Second Name' })).toMatchObject({
        status: 200,
        body: { account: { name: 'Second Name' } },
      });
      expect(await browser.send('/api/account/rename', { name: 'Third Name' })).toMatchObject({
        status: 200,
      });
      expect(await browser.send('/api/account/rename', { name: 'Fourth Name' })).toMatchObject({
        status: 429,
        body: { code: 'too-many-renames' },
      });
      expect((await browser.me())?.name).toBe('Third Name');
      // The old names are free again.
      expect(
        (await (await guest()).send('/api/passkey/register/options', { name: 'First Name' })).status,
      ).toBe(200);
    });
  });
}

for (const kind of STORES) {
  describe.skipIf(!kind.available)(`account limits per address on ${kind.name}`, { timeout: 60_000 }, () => {
    let db: TestStore;
    let server: RunningServer;

    beforeEach(async () => {
      db = await kind.open();
      // Through a trusted proxy on loopback, each request says its client's address; none is spared.
      server = await serve(db, {
        trustedProxies: ['loopback'],
        connectionLimits: {
          ...DEFAULT_CONNECTION_LIMITS,
          spareLocal: false,
          guestsPerAddress: { burst: 2, perMinute: 0.01 },
          codeTriesPerAddress: { burst: 2, perMinute: 0.01 },
        },
      });
    });
    afterEach(async () => {
      await shutDown(server, db);
    });

    const guestFrom = async (address: string) =>
      (await fetch(`${server.url}/api/guest`, { method: 'POST', headers: { 'x-forwarded-for': address } }))
        .status;
    const accounts = async () =>
      Number((await db.store.sql.rows<{ n: unknown }>('SELECT count(*) AS n FROM accounts'))[0].n);

    it('counts guests made by address, an IPv6 one by its /64', async () => {
      expect(await guestFrom('2001:db8:5:6::1')).toBe(201);
      expect(await guestFrom('2001:db8:5:6:ffff::2')).toBe(201);
      const made = await accounts();
      const refused = await fetch(`${server.url}/api/guest`, {
        method: 'POST',
        headers: { 'x-forwarded-for': '2001:db8:5:6:1:2:3:4' },
      });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 'too-many-guests' });
      expect(refused.headers.get('set-cookie')).toBeNull();
      expect(await accounts()).toBe(made);
      // Another /64, another address: their own allowance.
      expect(await guestFrom('2001:db8:5:7::1')).toBe(201);
      expect(await guestFrom('198.51.100.9')).toBe(201);
    });

    it('counts device codes tried by address, so a code cannot be guessed', async () => {
      const tryCode = async (address: string) => {
        const res = await fetch(`${server.url}/api/passkey/device/options`, {
          method: 'POST',
          headers: { 'x-forwarded-for': address, 'content-type': 'application/json' },
          body: JSON.stringify({ code: 'AAAA-AAAA' }),
        });
        return { status: res.status, body: (await res.json()) as { code: string } };
      };
      expect(await tryCode('2001:db8:9::1')).toMatchObject({ status: 404, body: { code: 'bad-code' } });
      expect(await tryCode('2001:db8:9::2')).toMatchObject({ status: 404, body: { code: 'bad-code' } });
      expect(await tryCode('2001:db8:9::3')).toMatchObject({ status: 429, body: { code: 'too-many-codes' } });
      expect(await tryCode('2001:db8:10::1')).toMatchObject({ status: 404 });
      expect(
        Number((await db.store.sql.rows<{ n: unknown }>('SELECT count(*) AS n FROM challenges'))[0].n),
      ).toBe(0);
    });
  });
}
