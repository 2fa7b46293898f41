/**
 * `hanafuda-server admin` on the database of a running server (SQLite and PostgreSQL): list,
 * rename, ban (the member's sessions end at once, its open sockets are closed, its passkey
 * cannot sign in, its cookie is nobody on the WebSocket too), unban, the audit log of each, and
 * the games players reported.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { admin } from '../src/admin-cli.js';
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from './support/authenticator.js';
import { TestClient } from './support/client.js';
import { createRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';
import { WebClient } from './support/web-client.js';

for (const kind of STORES) {
  describe.skipIf(!kind.available)(`admin commands on ${kind.name}`, { timeout: 60_000 }, () => {
    let db: TestStore;
    let server: RunningServer;
    const clients: TestClient[] = [];
    const savedUrl = process.env.DATABASE_URL;

    beforeEach(async () => {
      db = await kind.open();
      // Sessions and bans are checked every 100 ms here (10 s by default), so a banned member's open socket is closed at once.
      server = await serve(db, { sessionCheckMs: 100 });
      // The command finds the database as the server's command line does.
      if (db.env.DATABASE_URL) process.env.DATABASE_URL = db.env.DATABASE_URL;
      else delete process.env.DATABASE_URL;
    });
    afterEach(async () => {
      if (savedUrl === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = savedUrl;
      await shutDown(server, db, clients);
    });

    /** Runs `hanafuda-server admin ARGS` against the test's database: its exit code and what it printed. */
    const run = async (...args: string[]) => {
      const out: string[] = [];
      const code = await admin(
        [...db.args, '--by', 'test-operator', ...args],
        '/nonexistent',
        (l) => out.push(l),
        (l) => out.push(l),
      );
      return { code, out: out.join('\n') };
    };
    const member = async (name: string) => {
      const browser = new WebClient(server);
      await browser.send('/api/guest');
      const device = new SoftAuthenticator();
      const options = await browser.send('/api/passkey/register/options', { name });
      expect(
        (
          await browser.send('/api/passkey/register', {
            response: device.create(options.body as unknown as CreationOptions, browser.origin),
          })
        ).status,
      ).toBe(200);
      return { browser, device, id: (await browser.me())!.id };
    };
    const signIn = async (device: SoftAuthenticator) => {
      const page = new WebClient(server);
      const options = await page.send('/api/passkey/login/options');
      return {
        page,
        answer: await page.send('/api/passkey/login', {
          response: device.get(options.body as unknown as RequestOptions, page.origin),
        }),
      };
    };

    it('bans a member: its sessions end, it cannot sign in nor be anyone on a socket; unbanned, it can', async () => {
      const spammer = await member('Spam Sender');
      const other = await member('Good Player');
      // Connected, seated as itself, when the ban comes: its socket is closed.
      const { host, room, key } = await createRoom(server, {
        game: 'koikoi',
        players: 2,
        seats: [{ kind: 'open' }, { kind: 'open' }],
      });
      clients.push(host);
      const live = await TestClient.connect(server.wsUrl, { headers: { cookie: spammer.browser.cookie } });
      const goodLive = await TestClient.connect(server.wsUrl, { headers: { cookie: other.browser.cookie } });
      clients.push(live, goodLive);
      expect((await live.request({ type: 'join', room, key, name: 'x' }, ['joined', 'error'])).type).toBe(
        'joined',
      );
      expect((await db.store.room(room))?.seats[0].account).toBe(spammer.id);
      const closed = new Promise<number>((resolve) => live.socket.once('close', (code) => resolve(code)));
      const told = live.next((m) => m.type === 'error' && m.code === 'banned');
      expect((await run('ban', 'spam sender', '--reason', 'spam in names')).code).toBe(0);
      await told;
      expect(await closed).toBe(1008);
      expect(goodLive.socket.readyState).toBe(goodLive.socket.OPEN);
      expect(await spammer.browser.me()).toBeNull();
      expect(
        await db.store.sql.rows('SELECT token_hash FROM sessions WHERE account_id = $1', [spammer.id]),
      ).toEqual([]);
      expect((await other.browser.me())?.name).toBe('Good Player');

      const refused = await signIn(spammer.device);
      expect(refused.answer).toMatchObject({ status: 403, body: { code: 'banned' } });
      expect(refused.page.cookie).toBe('');
      // Its old cookie opens no identity on the WebSocket: it sits, if at all, as a nameless program would.
      const socket = await TestClient.connect(server.wsUrl, { headers: { cookie: spammer.browser.cookie } });
      clients.push(socket);
      expect(
        (await socket.request({ type: 'join', room, key, name: 'Typed' }, ['joined', 'error'])).type,
      ).toBe('joined');
      expect((await db.store.room(room))?.seats[1]).toMatchObject({ name: 'Typed' });
      expect((await db.store.room(room))?.seats[1].account).toBeUndefined();

      const listed = await run('list');
      expect(listed.out).toContain(`${spammer.id}\tSpam Sender\t`);
      expect(listed.out).toMatch(/Spam Sender\t\S+\tbanned: spam in names/);
      expect(listed.out).toMatch(/Good Player\t\S+\t$/m);

      expect((await run('unban', spammer.id, '--reason', 'appeal heard')).code).toBe(0);
      expect((await signIn(spammer.device)).answer.status).toBe(200);
      expect(await run('unban', spammer.id, '--reason', 'again')).toMatchObject({
        code: 1,
        out: expect.stringContaining('is not banned'),
      });

      const audit = (await run('audit')).out.split('\n');
      expect(
        audit.some(
          (l) => /\ttest-operator\tban\t/.test(l) && l.includes(`${spammer.id}\tSpam Sender: spam in names`),
        ),
      ).toBe(true);
      expect(audit.some((l) => /\ttest-operator\tunban\t/.test(l) && l.includes('appeal heard'))).toBe(true);
    });

    it('renames a member under the name rules, and refuses what it must', async () => {
      const m = await member('Rude Name');
      await member('Taken Name');
      expect(await run('rename', m.id, 'Taken Name', '--reason', 'x')).toMatchObject({
        code: 1,
        out: expect.stringContaining('taken'),
      });
      expect(await run('rename', m.id, 'Admin', '--reason', 'x')).toMatchObject({
        code: 1,
        out: expect.stringContaining('reserved'),
      });
      expect(await run('rename', m.id, 'Polite Name')).toMatchObject({
        code: 2,
        out: expect.stringContaining('--reason'),
      });
      expect(await run('ban', 'Nobody At All', '--reason', 'x')).toMatchObject({
        code: 1,
        out: expect.stringContaining('no account'),
      });
      expect((await m.browser.me())?.name).toBe('Rude Name');
      expect(await run('rename', 'Rude Name', 'Polite Name', '--reason', 'offensive name')).toMatchObject({
        code: 0,
        out: 'renamed: Polite Name',
      });
      expect((await m.browser.me())?.name).toBe('Polite Name');
      expect((await run('audit')).out).toContain('Rude Name → Polite Name: offensive name');
      expect(await run('frobnicate')).toMatchObject({
        code: 2,
        out: expect.stringContaining('no command "frobnicate"'),
      });
    });

    it('takes an account id as it is: new ids never begin with "-", and an older one that does goes after "--"', async () => {
      const m = await member('Plain Id');
      expect(m.id).toMatch(/^[0-9a-f]{32}$/);
      expect(await run('ban', '--reason', 'x', '--', '-Xy12abc')).toMatchObject({
        code: 1,
        out: expect.stringContaining('no account'),
      });
      expect(await run('ban', '-Xy12abc', '--reason', 'x')).toMatchObject({
        code: 2,
        out: expect.stringContaining('after "--"'),
      });
    });

    it("lists the games players reported, with who reported them and why (a reason's line breaks made spaces)", async () => {
      const m = await member('Fair Player');
      const { host, room } = await createRoom(server, {
        game: 'koikoi',
        players: 2,
        seats: [{ kind: 'open' }, { kind: 'open' }],
      });
      clients.push(host);
      const socket = await TestClient.connect(server.wsUrl, { headers: { cookie: m.browser.cookie } });
      clients.push(socket);
      expect(
        await socket.request({ type: 'report', room, reason: 'asked for hints\tevery move\nand gloated' }, [
          'reported',
          'error',
        ]),
      ).toMatchObject({
        type: 'reported',
        room,
      });
      const listed = await run('reports');
      expect(listed.code).toBe(0);
      expect(listed.out.split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(
            `^\\d{4}-\\d\\d-\\d\\dT[^\\t]+\\t${room}\\t${m.id}\\tFair Player\\tasked for hints every move and gloated$`,
          ),
        ),
      ]);
    });
  });
}
