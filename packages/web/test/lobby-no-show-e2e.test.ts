/**
 * A room the public lobby made, one of whose people never comes: the real game server (a child
 * process, its paired rooms given HANAFUDA_PAIRED_SECONDS) and Chromium. The one who does not
 * come is a phone whose page froze (locked) while it waited in the pool: its socket still
 * answers, so it is paired, but its page never takes the seat. The one who came is told, in
 * words, and seeks the same game again with one press. Screenshots, laptop and phone, English and
 * Japanese, go to test-output/web/.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { OUTPUT_DIR, describeInChromium } from './e2e/browser.js';
import { useOnlineHarness } from './e2e/game-server.js';
import { RawPage } from './e2e/raw-page.js';

/** How long the server keeps a paired room waiting for its people here (a real server's default is 60). */
const PAIRED_SECONDS = 4;

describeInChromium('lobby no-show e2e', 'a paired stranger who never comes, in Chromium', () => {
  const h = useOnlineHarness('lobby-no-show-e2e', {
    HANAFUDA_FIXED_SEED: '',
    HANAFUDA_PAIRED_SECONDS: String(PAIRED_SECONDS),
  });

  it('the one who came is told the game is off after the paired seconds, and seeks the same game again', async () => {
    const phone = await RawPage.launch({ width: 390, height: 844 }, true);
    const page = await h().person(1280, 800);
    try {
      await phone.goto(`${h().base}?nosw#/lobby`);
      await phone.waitFor(
        'document.querySelector("[data-pool=koikoi-6]") && document.querySelector("input[name=bots-after]")',
      );
      // No bots: the pool's seek waits for a person.
      await phone.click('input[name=bots-after]');
      await phone.click('[data-pool=koikoi-6]');
      await phone.waitFor('document.querySelector(".wait-panel .wait-elapsed")');
      // Locked: its page frozen, never hearing of it (a listener ahead of the app's swallows the event).
      await phone.evaluate(`document.addEventListener('freeze', (e) => e.stopImmediatePropagation(), true)`);
      await phone.freeze();

      await page.goto(`${h().base}?nosw#/lobby`);
      const pool = page.locator('[data-pool="koikoi-6"]');
      await pool.locator('.pool-waiting', { hasText: '1 waiting' }).waitFor();
      await page.locator('input[name=bots-after]').uncheck();
      const pressed = Date.now();
      await pool.click();
      // Paired with the frozen phone: at its table, which waits for the phone.
      await page.waitForURL(/#\/room\//);
      const told = page.getByText(
        'Someone you were paired with did not come to the table, so this game is off.',
      );
      await told.waitFor({ timeout: 30_000 });
      const ms = Date.now() - pressed;
      // Headed by what happened, not by the room's id.
      await page.getByRole('heading', { name: 'Game off' }).waitFor();
      console.log(`[lobby no-show e2e] told the game is off ${ms} ms after pressing the pool`);
      expect(ms).toBeGreaterThanOrEqual(PAIRED_SECONDS * 1000);
      await page.screenshot({ path: join(OUTPUT_DIR, 'lobby-no-show-en-1280x800.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(OUTPUT_DIR, 'lobby-no-show-en-390x844.png') });
      await page.getByRole('button', { name: /Language/ }).click();
      await page
        .getByText('組み合わされた相手が席に着かなかったため、この対局は取りやめになりました。')
        .waitFor();
      await page.getByRole('heading', { name: '対局取りやめ' }).waitFor();
      await page.screenshot({ path: join(OUTPUT_DIR, 'lobby-no-show-ja-390x844.png') });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: join(OUTPUT_DIR, 'lobby-no-show-ja-1280x800.png') });

      // The lobby is a link away, and the same seek a button: asked again at once, the same pool, still without bots.
      await page.getByRole('link', { name: '対戦相手を探す' }).last().waitFor();
      await page.getByRole('button', { name: 'もう一度探す' }).click();
      await page.waitForURL(/#\/lobby$/);
      await page.locator('.wait-panel .wait-elapsed').waitFor();
      expect(await page.locator('.wait-panel .lobby-note').count()).toBe(0);
      await page.screenshot({ path: join(OUTPUT_DIR, 'lobby-seek-again-ja-1280x800.png') });
      // What the server holds: someone else's lobby shows this page waiting in that pool.
      const other = await h().person(390, 844);
      try {
        await other.goto(`${h().base}?nosw#/lobby`);
        await other.locator('[data-pool="koikoi-6"] .pool-waiting', { hasText: '1 waiting' }).waitFor();
        await other.screenshot({ path: join(OUTPUT_DIR, 'lobby-seek-again-watcher-en-390x844.png') });
      } finally {
        await other.context().close();
      }
      await phone.wake();
    } finally {
      await page.context().close();
      await phone.close();
    }
  }, 90_000);
});
