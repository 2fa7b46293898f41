/**
 * A new version deployed while a tab is open, in Chromium with the real service worker: two
 * builds (v1, v2) served in turn by the test's own static server. The v1 tab keeps playing
 * its game after v2 takes over (its old files come from the kept cache though the server
 * answers 404 for them), is offered a reload only once the game is over, and reloads into v2;
 * a fresh tab gets v2 at once.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, WEB_DIR } from './e2e/build-app.js';
import {
  describeInChromium,
  launchChromium,
  newGame,
  OUTPUT_DIR,
  playTurns,
  playUntil,
} from './e2e/browser.js';

type Handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;

describeInChromium('sw update e2e', 'a new version deployed under an open tab', () => {
  const root = mkdtempSync(join(tmpdir(), 'hanafuda-sw-'));
  const dirs = { v1: join(root, 'v1'), v2: join(root, 'v2') };
  let serving: keyof typeof dirs = 'v1';
  let server: Server;
  let base = '';
  let browser: Browser;

  beforeAll(async () => {
    for (const v of ['v1', 'v2'] as const) {
      process.env.HANAFUDA_BUILD_ID = v;
      await buildApp(dirs[v]);
    }
    delete process.env.HANAFUDA_BUILD_ID;
    const { staticHandler } = (await import(join(WEB_DIR, 'serve.js'))) as {
      staticHandler: (dir: string) => Handler;
    };
    const handlers = { v1: staticHandler(dirs.v1), v2: staticHandler(dirs.v2) };
    server = createServer((req, res) => handlers[serving](req, res));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    browser = await launchChromium();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const buildOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.build);

  it('keeps the old tab playing, offers the reload between games, and gives a new tab the new version', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const errors: string[] = [];
    const old = await context.newPage();
    old.on('pageerror', (e) => errors.push(e.message));
    await old.goto(`${base}?seed=sw-update&botDelay=0#/`);
    await old.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await buildOf(old)).toBe('v1');
    await newGame(old, 'sakura', 1);
    await playTurns(old, 2);

    // v2 is deployed: v1's own files (its main chunk at least) are gone from the server.
    const v1Only = readdirSync(join(dirs.v1, 'assets')).filter(
      (f) => !readdirSync(join(dirs.v2, 'assets')).includes(f),
    );
    expect(v1Only.length).toBeGreaterThan(0);
    serving = 'v2';
    for (const f of v1Only) expect((await fetch(`${base}assets/${f}`)).status).toBe(404);
    // The tab checks for a new version (as it does on coming back into view, and hourly) and v2 takes over.
    await old.evaluate(async () => {
      const changed = new Promise((done) =>
        navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }),
      );
      await (await navigator.serviceWorker.getRegistration())!.update();
      await changed;
    });

    // Mid-game: no prompt; the old files still load in the old tab, and the game plays on.
    expect(await old.locator('.update-prompt').count()).toBe(0);
    const statuses = await old.evaluate(
      (files) => Promise.all(files.map((f) => fetch(`./assets/${f}`).then((r) => r.status))),
      v1Only,
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    await playUntil(old, '.dialog.summary');
    expect(await old.locator('.update-prompt').count()).toBe(0);
    await old.locator('.dialog.summary .btn.primary').click();
    await old.locator('.dialog.game-over').waitFor();

    // Between games: the prompt, in view and tappable; the reload gives v2.
    const prompt = old.locator('.dialog.game-over .update-prompt');
    await prompt.waitFor();
    await old.screenshot({ path: join(OUTPUT_DIR, 'update-prompt-390x844.png') });
    await Promise.all([old.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await old.locator('html[data-build=v2]').waitFor({ state: 'attached' });

    const fresh = await context.newPage();
    fresh.on('pageerror', (e) => errors.push(e.message));
    // A seeded deal: an unseeded one can end the round or ask Koi-Koi/Shobu after the first turn.
    await fresh.goto(`${base}?seed=sw-update-fresh&botDelay=0#/`);
    await fresh.locator('html[data-build=v2]').waitFor({ state: 'attached' });
    await newGame(fresh, 'koikoi', 1);
    await playTurns(fresh, 1);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
