/**
 * Playing at the table from the keyboard and following the play, in Debian's Chromium: the
 * last move stays marked, a number key keeps the focus at the hand, the log takes the focus.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { newGame, OUTPUT_DIR, settle, useHarness, describeInChromium } from './e2e/browser.js';

describeInChromium('table e2e', 'the table in Chromium', () => {
  const h = useHarness(90_000);

  it("plays a card with a number key, keeps the focus at the hand, and marks the move that followed (the bot's)", async () => {
    const page = await h().newPage(1280, 720);
    await page.goto(`${h().base}?seed=table-keys&botDelay=0&nosw#/`);
    await newGame(page, 'koikoi', 1);
    const playable = page.locator('.hand button.card:not([disabled])').first();
    await playable.waitFor();
    const index = await page
      .locator('.hand button.card')
      .evaluateAll((cards) => cards.findIndex((c) => !(c as HTMLButtonElement).disabled));
    const before = await page.locator('.hand button.card').count();
    await page.keyboard.press(String(index + 1));
    const target = page.locator('.field button.card.is-target').first();
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('.hand button.card').length < n ||
        document.querySelector('.field button.card.is-target') !== null,
      before,
    );
    if (await target.isVisible()) await target.click();
    // The bot answers at once; then it is the person's turn again, with the bot's move marked.
    await playable.waitFor();
    await settle(page);
    expect(await page.evaluate(() => document.activeElement?.closest('.hand') !== null)).toBe(true);
    expect(await page.locator('.seat-panel.moved-last').count()).toBe(1);
    const marked = await page.locator('.card.is-last').count();
    expect(marked).toBeGreaterThan(0);
    await page.screenshot({ path: join(OUTPUT_DIR, 'table-last-move-1280x720.png') });

    // The log can take the focus, so the arrow keys scroll it.
    await page.locator('.log').focus();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('log'))).toBe(true);
    await page.close();
  }, 60_000);
});
