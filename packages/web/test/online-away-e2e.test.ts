/**
 * Phones that lock and lose their network at an online table (e2e/away-scenario.ts), with a
 * 5 s turn timer on the real server: each is shown away within 15 s, each stalled turn is
 * played within the timer + 2 s, the laptop's game goes on to the end, and each phone, woken
 * or back online, has its seat, hand and log. `npm run measure:away -w @hanafuda/web`
 * measures the same with the real 60 s timer.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createRoomFromPage, runAwayScenario } from './e2e/away-scenario.js';
import { RawPage } from './e2e/raw-page.js';
import { describeInChromium, OUTPUT_DIR } from './e2e/browser.js';
import { playingAs, useOnlineHarness } from './e2e/game-server.js';

const TURN_SECONDS = 5;

describeInChromium('online away e2e', 'phones that freeze and go offline at an online table, in Chromium', () => {
  const h = useOnlineHarness('away-e2e');

  it('shows a frozen phone and an offline one away within 15 s, plays their stalled turns within the timer + 2 s, and gives each its seat, hand and log back', async () => {
    const failed: string[] = [];
    const figures = await runAwayScenario({
      browser: h().browser,
      base: h().base,
      turnSeconds: TURN_SECONDS,
      screenshots: true,
      check: (what, ok) => ok || failed.push(what),
      progress: (s) => console.log(`${new Date().toISOString().slice(11, 19)} ${s}`),
    });
    console.log(JSON.stringify(figures));
    expect(failed).toEqual([]);
    expect(figures.frozenAwayMs).toBeLessThanOrEqual(15_000);
    expect(figures.offlineAwayMs).toBeLessThanOrEqual(15_000);
    expect(figures.offlineShownMs).toBeLessThanOrEqual(5_000);
    for (const ms of figures.stalledTurnMs) expect(ms).toBeLessThanOrEqual(TURN_SECONDS * 1000 + 2000);
    // While still away, her later turns are played at once (the table's pace comes back).
    for (const ms of figures.awayTurnMs) expect(ms).toBeLessThan(2000);
  }, 180_000);

  it('warns the player whose turn it is, gently, when 10 s are left (a phone in Japanese, a laptop in English)', async () => {
    for (const { width, height, japanese } of [
      { width: 390, height: 844, japanese: true },
      { width: 1280, height: 800, japanese: false },
    ]) {
      const context = await h().browser.newContext({ viewport: { width, height }, isMobile: width < 600, hasTouch: width < 600 });
      const page = await context.newPage();
      await page.goto(`${h().base}?nosw`);
      const link = await createRoomFromPage(page, {
        game: 'sakura',
        players: 2,
        options: { rounds: 1 },
        seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
        turnSeconds: 12,
      });
      await page.goto(`${h().base}?${link}&nosw`);
      if (japanese) await page.getByRole('button', { name: /Language/ }).click();
      await playingAs(page);
      await page.locator('.join-form button[type=submit]').click();
      await page.locator('.hand button.card:not([disabled])').first().waitFor();
      // Twelve seconds for the turn: the warning comes once ten or fewer are left, not before.
      expect(await page.locator('.clock-warning').count()).toBe(0);
      const warning = page.locator('.clock-warning[role=alert]');
      await warning.waitFor({ timeout: 5000 });
      expect(await warning.innerText()).toMatch(japanese ? /残り(10|[1-9])秒/ : /^(10|[1-9]) s left: then a bot plays this turn for you\.$/);
      await page.screenshot({ path: join(OUTPUT_DIR, `online-clock-warning${japanese ? '-ja' : ''}-${width}x${height}.png`) });
      // Played in time: the warning goes.
      await page.locator('.hand button.card:not([disabled])').first().click();
      const target = page.locator('.field button.card.is-target').first();
      if (await target.isVisible()) await target.click();
      await warning.waitFor({ state: 'detached' });
      await context.close();
    }
  }, 60_000);

  it('shows away within 15 s a frozen page that could not say so (no freeze event, as on iOS): it stopped answering heartbeats', async () => {
    const host = await (await h().browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const phone = await RawPage.launch({ width: 390, height: 844 }, true);
    try {
      await host.goto(`${h().base}?nosw`);
      const link = await createRoomFromPage(host, {
        game: 'sakura',
        players: 2,
        options: { rounds: 1 },
        seats: [{ kind: 'open' }, { kind: 'open' }],
        turnSeconds: 0,
      });
      await host.goto(`${h().base}?${link}&nosw`);
      await playingAs(host);
      await host.locator('.join-form button[type=submit]').click();
      await host.locator('.seat-row.mine').waitFor();
      await phone.goto(`${h().base}?${link}&nosw`);
      // The phone's page is a guest of its own: the form shows the name it will sit under.
      await phone.waitFor('document.querySelector(".join-form .playing-as")');
      const bea = await phone.evaluate<string>('document.querySelector(".join-form .playing-as").textContent.trim()');
      await phone.click('.join-form button[type=submit]');
      await phone.waitFor('document.querySelector(".board")');
      await host.locator('.board').waitFor();
      // The page never hears of its freezing (a listener ahead of the app's swallows the event), so only its silence tells.
      await phone.evaluate(`document.addEventListener('freeze', (e) => e.stopImmediatePropagation(), true)`);
      const frozen = Date.now();
      await phone.freeze();
      await host.locator('.room-bar .away-note', { hasText: `${bea} is away` }).waitFor({ timeout: 30_000 });
      const awayMs = Date.now() - frozen;
      console.log(`a frozen page that could not say so: away after ${awayMs} ms`);
      // Its heartbeats stop: away within the server's 10 s of silence and one 3 s heartbeat, not at once.
      expect(awayMs).toBeGreaterThan(5_000);
      expect(awayMs).toBeLessThanOrEqual(15_000);
      // Woken, it dials again and is back in its seat.
      await phone.wake();
      await host.locator('.room-bar .away-note', { hasText: `${bea} is away` }).waitFor({ state: 'detached', timeout: 15_000 });
      await phone.waitFor(`document.querySelector(".me .seat-name")?.textContent === ${JSON.stringify(bea)}`);
    } finally {
      await host.context().close();
      await phone.close();
    }
  }, 90_000);
});
