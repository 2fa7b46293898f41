/** The real game server as `npm start` runs it (a child process), on a free loopback port, for the online browser tests and scripts. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { builtApp, launchChromium, OUTPUT_DIR } from './browser.js';
import { WEB_DIR } from './build-app.js';

const SERVER_BIN = resolve(WEB_DIR, '../server/bin/hanafuda-server.js');

/** Starts the game server on a free port with SQLite in `dataDir`, serving the app built in `webDir`; answers its address once it listens. */
export function startGameServer(
  dataDir: string,
  webDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [SERVER_BIN, '--port', '0', '--data', dataDir, '--web', webDir], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      HANAFUDA_BOT_DELAY_MS: '0',
      HANAFUDA_FIXED_SEED: 'online-e2e',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /hanafuda-server: (http:\/\/\S+)/.exec(out);
      if (url) done({ child, base: `${url[1]}/` });
    });
    child.once('exit', (code) =>
      fail(new Error(`the game server exited (${code}) before listening: ${out}`)),
    );
  });
}

/** What an online suite plays against: the game server (serving its own build of the app) and one Chromium. */
export interface OnlineHarness {
  readonly base: string;
  readonly browser: Browser;
  /** What the server's Content-Security-Policy blocked in any person's page (it must block nothing of the app's own). */
  readonly blocked: readonly string[];
  /** A person on a device of their own: a context of its own (storage, so seat token), a phone with touch when `phone`. */
  person(width: number, height: number, phone?: boolean): Promise<Page>;
}

/**
 * Starts, for the suite it is called in, the game server on SQLite in a folder of its own,
 * serving the app this run built (`builtApp`), and Chromium; stops them and removes the folder
 * after. `env` is passed to the server (HANAFUDA_FIXED_SEED: '' deals fresh seeds); `seed`, if
 * given, fills the server's data folder before it starts (it opens the store itself).
 */
export function useOnlineHarness(
  name: string,
  env: Record<string, string> = {},
  seed?: (dataDir: string) => Promise<void>,
): () => OnlineHarness {
  let dir: string | undefined;
  let server: { child: ChildProcess; base: string } | undefined;
  let browser: Browser | undefined;
  const blocked: string[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `hanafuda-${name}-`));
    if (seed) {
      mkdirSync(join(dir, 'data'));
      await seed(join(dir, 'data'));
    }
    server = await startGameServer(join(dir, 'data'), builtApp(), env);
    browser = await launchChromium();
    mkdirSync(OUTPUT_DIR, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!server || !browser) throw new Error('the online harness has not started');
    const { base } = server;
    const b = browser;
    return {
      base,
      browser: b,
      blocked,
      async person(width, height, phone = false) {
        const context = await b.newContext({ viewport: { width, height }, isMobile: phone, hasTouch: phone });
        context.on('console', (m) => {
          if (/Content.Security.Policy/i.test(m.text())) blocked.push(m.text());
        });
        const page = await context.newPage();
        page.on('pageerror', (e) => console.error('page error:', e.message));
        return page;
      },
    };
  };
}

/**
 * The name the server seats a page under: its guest identity's (the page made one on load),
 * which a form shows in place of a name field (`form`: the join form, or the new-game form).
 */
export async function playingAs(page: Page, form = '.join-form'): Promise<string> {
  return (await page.locator(`${form} .playing-as`).innerText()).trim();
}
