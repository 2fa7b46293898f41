/**
 * A server-issued guest identity: a browser asks for one once, keeps it in an HTTP-only
 * cookie, and its WebSocket is that identity (it sits under its own name, whatever name it
 * types). A cookie the server did not issue, or one from another browser's ended session,
 * is nobody.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { TestClient } from './support/client.js';
import { createRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

const DUEL = {
  game: 'koikoi',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
};

for (const kind of STORES) {
  describe.skipIf(!kind.available)(`guest identities on ${kind.name}`, { timeout: 60_000 }, () => {
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

    const guest = async () => {
      const res = await fetch(`${server.url}/api/guest`, { method: 'POST' });
      const cookie = res.headers.get('set-cookie') ?? '';
      return {
        status: res.status,
        cookie,
        body: (await res.json()) as { account: { id: string; name: string; guest: boolean } },
      };
    };
    const me = async (cookie?: string) =>
      (
        (await (await fetch(`${server.url}/api/me`, { headers: cookie ? { cookie } : {} })).json()) as {
          account: { id: string; name: string } | null;
        }
      ).account;

    it('issues a guest in an HTTP-only SameSite cookie, and knows the browser by it', async () => {
      const made = await guest();
      expect(made.status).toBe(201);
      expect(made.body.account.guest).toBe(true);
      expect(made.body.account.name).toMatch(/^Guest [0-9A-F]{6}$/);
      expect(made.cookie).toMatch(
        /^hf_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
      );
      const cookie = made.cookie.split(';')[0];
      expect(await me(cookie)).toEqual(made.body.account);
      // Asked again with the cookie, the browser stays who it is.
      const again = await fetch(`${server.url}/api/guest`, { method: 'POST', headers: { cookie } });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { account: { id: string } }).account.id).toBe(made.body.account.id);
      // Two browsers are two guests.
      expect((await guest()).body.account.id).not.toBe(made.body.account.id);
    });

    it('is nobody with no cookie, a forged one, or a malformed one', async () => {
      expect(await me()).toBeNull();
      const made = await guest();
      const real = made.cookie.split(';')[0];
      const forged = `${real.slice(0, -3)}${real.endsWith('AAA') ? 'BBB' : 'AAA'}`;
      expect(await me(forged)).toBeNull();
      expect(await me('hf_session=%%%')).toBeNull();
      expect(await me(`hf_session=${'x'.repeat(5000)}`)).toBeNull();
    });

    it('refuses a guest asked for by a page of another origin', async () => {
      const res = await fetch(`${server.url}/api/guest`, {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
      });
      expect(res.status).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
    });

    it("seats a socket under its identity's name and account, whatever name it types", async () => {
      const made = await guest();
      const { host, room, key } = await createRoom(server, DUEL);
      clients.push(host);
      const socket = await TestClient.connect(server.wsUrl, {
        headers: { cookie: made.cookie.split(';')[0] },
      });
      clients.push(socket);
      const joined = await socket.request({ type: 'join', room, key, name: 'Somebody Else' }, [
        'joined',
        'error',
      ]);
      expect(joined.type).toBe('joined');
      const state = await socket.next(
        (m) => m.type === 'room' && (m.room as { seats: { kind: string }[] }).seats[0].kind === 'human',
      );
      expect((state.room as { seats: { name: string }[] }).seats[0].name).toBe(made.body.account.name);
      const stored = await db.store.room(room);
      expect(stored?.seats[0]).toMatchObject({ name: made.body.account.name, account: made.body.account.id });
      // A socket without a cookie still plays under the name it types (programs, the terminal client).
      const program = await TestClient.connect(server.wsUrl);
      clients.push(program);
      expect(
        (await program.request({ type: 'join', room, key, name: 'A Bot Program' }, ['joined', 'error'])).type,
      ).toBe('joined');
      expect((await db.store.room(room))?.seats[1]).toMatchObject({ name: 'A Bot Program' });
      expect((await db.store.room(room))?.seats[1].account).toBeUndefined();
    });
  });
}
