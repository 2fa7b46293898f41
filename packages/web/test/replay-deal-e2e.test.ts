/**
 * "Replay this deal" in a round's breakdown, in Debian's Chromium: a new stored game against
 * the same bots whose first deal is the round just played (same cards, same seats, same dealer).
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import {
  newGame,
  OUTPUT_DIR,
  playUntil,
  logLines,
  seatPosition,
  useHarness,
  describeInChromium,
} from './e2e/browser.js';

describeInChromium('replay-deal e2e', 'replaying a deal against bots, in Chromium', () => {
  const h = useHarness(90_000);

  it('plays round 2 again from its breakdown: the new game opens with the same hand and field, and is kept like any other', async () => {
    const page = await h().newPage(1280, 800);
    await page.goto(`${h().base}?seed=replay-11&botDelay=0&nosw#/`);
    await newGame(page, 'sakura', 2, { players: 3 });
    await playUntil(page, '.dialog.summary');
    await page.getByRole('button', { name: 'Continue' }).click();
    // This seed has the person deal round 2, so they move first: their first turn shows the deal untouched.
    const dealt = await seatPosition(page);
    expect(await logLines(page)).toContain('Round 2: You deal.');
    expect(dealt.captures).toEqual([]);
    const original = page.url();

    await playUntil(page, '.dialog.summary');
    const replay = page.getByRole('button', { name: 'Replay this deal' });
    await replay.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT_DIR, 'replay-deal-summary-1280x800.png') });
    await replay.click();
    await page.waitForURL((url) => url.href !== original && /#\/play\/[0-9a-f]+$/.test(url.href));
    const replayed = await seatPosition(page);
    expect(replayed).toEqual(dealt);
    expect(await logLines(page)).toEqual(['Round 2: You deal.']);
    await page.screenshot({ path: join(OUTPUT_DIR, 'replay-deal-new-game-1280x800.png') });

    // Stored like any other game: a reload resumes the replayed deal, not a fresh game from the seed.
    const address = page.url();
    await page.reload();
    expect(page.url()).toBe(address);
    expect(await seatPosition(page)).toEqual(dealt);
    await page.close();
  }, 180_000);
});
