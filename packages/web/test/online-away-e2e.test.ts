/**
 * Phones that lock and lose their network at an online table (e2e/away-scenario.ts), with a
 * 5 s turn timer on the real server: each is shown away within 15 s, each stalled turn is
 * played within the timer + 2 s, the laptop's game goes on to the end, and each phone, woken
 * or back online, has its seat, hand and log. `npm run measure:away -w @hanafuda/web`
 * measures the same with the real 60 s timer.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAwayScenario } from './e2e/away-scenario.js';
import { buildApp, describeInChromium, launchChromium } from './e2e/browser.js';
import { startGameServer } from './e2e/game-server.js';

const TURN_SECONDS = 5;

describeInChromium('online away e2e', 'phones that freeze and go offline at an online table, in Chromium', () => {
  let dir: string;
  let server: { child: ChildProcess; base: string };
  let browser: Browser;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hanafuda-away-e2e-'));
    await buildApp(join(dir, 'web'));
    server = await startGameServer(join(dir, 'data'), join(dir, 'web'));
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows a frozen phone and an offline one away within 15 s, plays their stalled turns within the timer + 2 s, and gives each its seat, hand and log back', async () => {
    const failed: string[] = [];
    const figures = await runAwayScenario({ browser, base: server.base, turnSeconds: TURN_SECONDS, screenshots: true, check: (what, ok) => ok || failed.push(what), progress: (s) => console.log(`${new Date().toISOString().slice(11, 19)} ${s}`) });
    console.log(JSON.stringify(figures));
    expect(failed).toEqual([]);
    expect(figures.frozenAwayMs).toBeLessThanOrEqual(15_000);
    expect(figures.offlineAwayMs).toBeLessThanOrEqual(15_000);
    expect(figures.offlineShownMs).toBeLessThanOrEqual(5_000);
    for (const ms of figures.stalledTurnMs) expect(ms).toBeLessThanOrEqual(TURN_SECONDS * 1000 + 2000);
    // While still away, her later turns are played at once (the table's pace comes back).
    for (const ms of figures.awayTurnMs) expect(ms).toBeLessThan(2000);
  }, 180_000);
});
