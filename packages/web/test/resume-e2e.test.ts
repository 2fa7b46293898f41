/**
 * A game against bots survives a reload and a closed tab, in Debian's Chromium: it is kept
 * in IndexedDB as it is played, and the list of games on this device resumes or replays it.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { RULES_VERSION } from '@hanafuda/engine';
import {
  newGame,
  OUTPUT_DIR,
  playTurns,
  playUntil,
  logLines,
  seatPosition,
  useHarness,
  describeInChromium,
} from './e2e/browser.js';

describeInChromium('resume e2e', 'local games kept on the device, in Chromium', () => {
  const h = useHarness(90_000);

  it('reloads in the middle of a game against bots and continues it; a closed tab resumes it from the list; a finished game replays', async () => {
    const page = await h().newPage(1280, 720);
    await page.goto(`${h().base}?seed=resume-1&botDelay=0&nosw#/`);
    await newGame(page, 'sakura', 2, { players: 3 });
    await playTurns(page, 3);
    const before = await seatPosition(page);
    expect(before.captures.length + before.field.length).toBeGreaterThan(0);
    const logBefore = await logLines(page);
    // The deal, the person's three turns and the bots' between them.
    expect(logBefore.length).toBeGreaterThan(4);
    const address = page.url();
    expect(address).toMatch(/#\/play\/[0-9a-f]+$/);

    await page.reload();
    expect(page.url()).toBe(address);
    expect(await seatPosition(page)).toEqual(before);
    // The play log tells the game so far, as it did before the reload.
    expect(await logLines(page)).toEqual(logBefore);
    await page.screenshot({ path: join(OUTPUT_DIR, 'resume-after-reload-1280x720.png') });
    // The game goes on from there: one more turn, then the position is kept again.
    await playTurns(page, 1);
    const later = await seatPosition(page);
    expect(later.hand).toHaveLength(before.hand.length - 1);
    await page.close();

    // A closed tab: a new one lists the unfinished game, and Resume takes it up where it was.
    const tab = await h().newPage(390, 844);
    await tab.goto(`${h().base}?botDelay=0&nosw#/`);
    const unfinished = tab.locator('.local-games li', { hasText: 'Sakura' }).first();
    await unfinished.getByRole('link', { name: 'Resume' }).waitFor();
    await tab.screenshot({ path: join(OUTPUT_DIR, 'local-games-list-390x844.png') });
    await unfinished.getByRole('link', { name: 'Resume' }).click();
    expect(await seatPosition(tab)).toEqual(later);

    // Played to the end, it moves to the finished games, which open in the replay view.
    await playUntil(tab, '.dialog.summary');
    // On a phone the breakdown is taller than the screen: it opens with its headline (who won) in view.
    const headline = await tab.locator('#sum-title').boundingBox();
    expect(headline!.y).toBeGreaterThanOrEqual(0);
    expect(headline!.y + headline!.height).toBeLessThanOrEqual(844);
    expect(
      await tab.evaluate(() => document.querySelector('.dialog.summary')!.scrollHeight > innerHeight),
    ).toBe(true);
    await tab.screenshot({ path: join(OUTPUT_DIR, 'sakura-round-end-390x844.png') });
    await tab.getByRole('button', { name: 'Continue' }).click();
    await playUntil(tab, '.dialog.summary');
    await tab.getByRole('button', { name: 'Continue' }).click();
    await tab.locator('.dialog.game-over').waitFor();
    await tab.goto(`${h().base}?botDelay=0&nosw#/`);
    const finished = tab.locator('.local-games li', { hasText: 'Sakura' }).first();
    await finished.getByRole('button', { name: 'Replay' }).click();
    await tab.locator('.replay-controls').waitFor();
    expect(tab.url()).toMatch(/#\/replay$/);
    await tab.close();
  }, 180_000);

  it('says so when the address names a game this device does not have', async () => {
    const page = await h().newPage(1280, 720);
    await page.goto(`${h().base}?nosw#/play/0123456789abcdef`);
    await page.locator('[role=alert]', { hasText: 'no longer stored on this device' }).waitFor();
    expect(page.url()).toMatch(/#\/$/);
    await page.close();
  }, 60_000);

  it('keeps the rules version a game started under, and does not resume one of another version (docs/records.md)', async () => {
    const page = await h().newPage(1280, 720);
    await page.goto(`${h().base}?seed=rules-1&botDelay=0&nosw#/`);
    await newGame(page, 'koikoi', 1);
    await playTurns(page, 1);
    const id = /#\/play\/([0-9a-f]+)$/.exec(page.url())![1];
    expect(await storedRules(page, id)).toBe(RULES_VERSION);
    // The game's tab is closed before its record is changed, so no save of its own can write over the change.
    await page.close();
    // As if the game had been saved before an update that changed the rules: the device opens the app again.
    const home = await h().newPage(1280, 720);
    await home.goto(`${h().base}?nosw#/`);
    await storedRules(home, id, RULES_VERSION + 1);
    expect(await storedRules(home, id)).toBe(RULES_VERSION + 1);
    await home.close();
    const later = await h().newPage(1280, 720);
    await later.goto(`${h().base}?nosw#/play/${id}`);
    await later.locator('[role=alert]', { hasText: 'started before the rules changed' }).waitFor();
    expect(later.url()).toMatch(/#\/$/);
    // The list keeps it, to delete, but offers no Resume for it.
    const row = later.locator('.local-games li', { hasText: 'Koi-Koi' });
    await row.getByText('Started under earlier rules').waitFor();
    expect(await row.getByRole('link', { name: 'Resume' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(1);
    await later.screenshot({ path: join(OUTPUT_DIR, 'resume-other-rules-1280x720.png') });
    // On a phone, in Japanese.
    await later.setViewportSize({ width: 390, height: 844 });
    await later.getByRole('button', { name: /Language/ }).click();
    await later.locator('html[lang=ja]').waitFor({ state: 'attached' });
    // The alert follows the language too.
    await later.locator('[role=alert]', { hasText: 'ルールが変わる前に始まった' }).waitFor();
    await later.locator('.local-games li', { hasText: '以前のルールで開始' }).waitFor();
    await later.screenshot({ path: join(OUTPUT_DIR, 'resume-other-rules-ja-390x844.png') });
    await later.close();
  }, 90_000);
});

/** The stored game's rules version as the page's IndexedDB held it; with `set`, it is then rewritten to that. */
function storedRules(page: Page, id: string, set?: number): Promise<unknown> {
  return page.evaluate(
    ([key, value]) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('hanafuda');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('games', 'readwrite');
          const store = tx.objectStore('games');
          const get = store.get(key as string);
          get.onsuccess = () => {
            if (value !== null) store.put({ ...get.result, rules: value });
          };
          // Answered once the write is committed: a navigation right after would abort a transaction still open.
          tx.oncomplete = () => {
            open.result.close();
            resolve(get.result.rules);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [id, set ?? null] as const,
  );
}
