/**
 * The game review on the replay page, in Debian's Chromium: a record file opened in the page
 * (a bright thrown where the opponent takes it at once), reviewed in a Web Worker; the
 * timeline marks that throw, the review opens at it and shows the move played and the best.
 * And a hint at the table says why.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardLabel } from '@hanafuda/cards-art';
import { afterAll, expect, it } from 'vitest';
import { thrownBright } from '../../bots/test/thrown-bright.js';
import { newGame, OUTPUT_DIR, playUntil, useHarness, describeInChromium } from './e2e/browser.js';

describeInChromium('review e2e', 'the game review and hints that say why, in Chromium', () => {
  const h = useHarness(90_000);
  const dir = mkdtempSync(join(tmpdir(), 'hanafuda-review-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const blunder = thrownBright();

  it('reviews a record file: the thrown bright is marked, the review opens at it with the best move, a click on the timeline jumps', async () => {
    const file = join(dir, 'thrown-bright.json');
    writeFileSync(file, JSON.stringify({ ...blunder.record, names: ['Ada', 'Bot'] }));
    const page = await h().newPage(1280, 800);
    await page.goto(`${h().base}?nosw#/`);
    await page.locator('.file-open input[type=file]').setInputFiles(file);
    await page.locator('.replay').waitFor();
    // Every state of the progress bar, as the page shows it (however fast the worker is).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('.review-progress progress');
        if (bar) seen.push(`${bar.getAttribute('value')}/${bar.getAttribute('max')}`);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    const panel = page.locator('.review');
    await panel.waitFor({ timeout: 60_000 });

    const steps = panel.locator('.review-step');
    const progress = await page.evaluate(
      () => (window as unknown as { progressSeen: string[] }).progressSeen,
    );
    expect(progress).toContain(`${await steps.count()}/${await steps.count()}`);
    expect(progress.length).toBeGreaterThan(1);
    expect(await page.locator('.review-progress').count()).toBe(0);
    const worst = panel.locator('.review-step.is-worst');
    expect(await steps.count()).toBeGreaterThan(3);
    expect(await worst.count()).toBeGreaterThanOrEqual(1);
    expect(await worst.count()).toBeLessThanOrEqual(3);
    // It opens at the decision that lost the most: the throw, marked, its step on the slider.
    const current = panel.locator('.review-step[aria-current=step]');
    expect(await current.getAttribute('class')).toContain('is-worst');
    expect(await current.getAttribute('aria-label')).toMatch(
      new RegExp(`^Round 1, step ${blunder.throwAt}: play ${cardLabel(blunder.bright, 'en')} `),
    );
    expect(await page.locator('.replay-slider').textContent()).toContain(`Step ${blunder.throwAt} /`);
    const decision = (await panel.locator('.review-decision').textContent()) ?? '';
    expect(decision).toContain('a costly decision');
    expect(decision).toContain(`Played: play ${cardLabel(blunder.bright, 'en')}`);
    expect(decision).toMatch(/Best: play .+ — lost \d+\.\d$/);
    // The bright is still in the hand at the step shown: the position where the decision was made.
    expect(
      await page
        .locator(
          `.hand [data-card="${blunder.bright}"], .hand [aria-label*="${cardLabel(blunder.bright, 'en')}"]`,
        )
        .count(),
    ).toBeGreaterThan(0);
    await page.screenshot({ path: join(OUTPUT_DIR, 'review-en-1280x800.png') });

    // The first decision of the timeline: the slider goes there and the details follow.
    await steps.first().click();
    const first = (await steps.first().getAttribute('aria-label'))!;
    const firstStep = /step (\d+)/.exec(first)![1];
    expect(await page.locator('.replay-slider').textContent()).toContain(`Step ${firstStep} /`);
    expect(await panel.locator('.review-decision').textContent()).toContain(`Round 1, step ${firstStep}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await current.click();
    await page.screenshot({ path: join(OUTPUT_DIR, 'review-en-390x844.png') });

    await page.locator('.btn.lang').click();
    await page.locator('html[lang=ja]').waitFor({ state: 'attached' });
    expect(await panel.locator('.review-decision').textContent()).toContain('大きな損');
    expect(await panel.locator('.review-decision').textContent()).toContain(
      `打った手：${cardLabel(blunder.bright, 'ja')}を出す`,
    );
    await page.screenshot({ path: join(OUTPUT_DIR, 'review-ja-390x844.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(OUTPUT_DIR, 'review-ja-1280x800.png') });
    await page.locator('.btn.lang').click();
    await page.close();
  }, 180_000);

  it('offers "Review my game" at the end of a game against bots, which opens its replay and reviews the person\'s seat', async () => {
    const page = await h().newPage(1280, 800);
    await page.goto(`${h().base}?seed=review-local-1&botDelay=0&nosw#/`);
    await newGame(page, 'koikoi', 1);
    await playUntil(page, '.dialog.summary');
    await page.getByRole('button', { name: 'Continue' }).click();
    const reviewMine = page.getByRole('button', { name: 'Review my game' });
    await reviewMine.waitFor();
    await page.screenshot({ path: join(OUTPUT_DIR, 'review-game-over-en-1280x800.png') });
    await reviewMine.click();
    const panel = page.locator('.review');
    await panel.waitFor({ timeout: 60_000 });
    // The person's own seat, said as to them (not "Review of You's decisions").
    expect(await panel.locator('h2').textContent()).toBe('Review of your decisions');
    expect(await panel.locator('.review-step').count()).toBeGreaterThan(3);
    expect(await page.locator('.replay select').inputValue()).toBe('0');
    await page.close();
  }, 180_000);

  it('a hint names the move and says why, in English and Japanese', async () => {
    const page = await h().newPage(1280, 800);
    await page.goto(`${h().base}?seed=hint-why-1&botDelay=0&nosw#/`);
    await newGame(page, 'sakura', 1);
    await page.locator('.hand button.card:not([disabled])').first().waitFor();
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    const why = page.locator('.hint-text .hint-why');
    await why.waitFor();
    expect(await page.locator('.hint-text').textContent()).toMatch(/^Hint: play /);
    // A one-round game: its round decides it, so the chance of winning the game comes with the points.
    expect(await why.textContent()).toMatch(
      /expected [+−]\d+\.\d points against [+−]\d+\.\d for the next best move; \d+% to win the game against \d+%$/,
    );
    await page.screenshot({ path: join(OUTPUT_DIR, 'hint-why-en-1280x800.png') });
    await page.locator('.btn.lang').click();
    await page.locator('html[lang=ja]').waitFor({ state: 'attached' });
    expect(await why.textContent()).toMatch(
      /期待点 [+−]\d+\.\d（次善手は [+−]\d+\.\d）。対局に勝つ見込み \d+%（次善手は \d+%）$/,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(OUTPUT_DIR, 'hint-why-ja-390x844.png') });
    await page.locator('.btn.lang').click();
    await page.close();
  }, 120_000);
});
