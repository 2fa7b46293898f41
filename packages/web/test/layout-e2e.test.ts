/**
 * The table on one screen, in Debian's Chromium: for 2, 4 (in teams) and 7 players, at each
 * viewport people play on, the hand, the field and every seat's name are inside the window
 * with no page scroll, and nothing (header, another seat, a popover) lies over them.
 * Screenshots of each go to test-output/web/layout-*.png. (7 players hold 3 cards: two turns are played.)
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  newGame,
  OUTPUT_DIR,
  playTurns,
  playUntil,
  settle,
  useHarness,
  describeInChromium,
} from './e2e/browser.js';

const VIEWPORTS = [
  [1280, 720],
  [1366, 768],
  [1920, 1080],
  [390, 844],
  [360, 740],
] as const;

interface LayoutReport {
  readonly scroll: {
    readonly width: number;
    readonly height: number;
    readonly innerWidth: number;
    readonly innerHeight: number;
  };
  readonly names: readonly string[];
  /** What is wrong: a part outside the window, or covered by something else at one of its points. */
  readonly problems: readonly string[];
}

/** Measures the page: its scroll size, and for the hand's cards, the field's cards and every seat's name, whether each is in the window and on top. */
function measureLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}${el.getAttribute('data-card') ? `[${el.getAttribute('data-card')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 20)}"`;
    const check = (el: Element, what: string) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return problems.push(`${what} ${describe(el)} has no size`);
      if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
        return problems.push(
          `${what} ${describe(el)} is outside the window: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`,
        );
      }
      // The centre and four points near the corners must show this element (or something inside it).
      const points = [
        [0.5, 0.5],
        [0.15, 0.15],
        [0.85, 0.15],
        [0.15, 0.85],
        [0.85, 0.85],
      ];
      for (const [fx, fy] of points) {
        const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
        if (!hit || !(hit === el || el.contains(hit)))
          return problems.push(`${what} ${describe(el)} is covered by ${hit ? describe(hit) : 'nothing'}`);
      }
      if (el.scrollWidth > el.clientWidth + 1 && what === 'seat name')
        problems.push(`${what} ${describe(el)} is cut off`);
      return undefined;
    };
    const hand = document.querySelectorAll('.hand .card');
    if (hand.length === 0) problems.push('no hand cards');
    hand.forEach((el) => check(el, 'hand card'));
    const field = document.querySelectorAll('.field .card');
    if (field.length === 0) problems.push('no field cards');
    // A stacked month shows its top card whole and the others' edges: the last card of each group is checked.
    document
      .querySelectorAll('.field .month-group')
      .forEach((group) => check(group.lastElementChild as Element, 'field card'));
    const names = [...document.querySelectorAll('.board .seat-name')];
    names.forEach((el) => check(el, 'seat name'));
    const root = document.scrollingElement ?? document.documentElement;
    return {
      scroll: { width: root.scrollWidth, height: root.scrollHeight, innerWidth, innerHeight },
      names: names.map((n) => (n.textContent ?? '').trim()),
      problems,
    };
  });
}

describeInChromium('layout e2e', 'the table layout in Chromium', () => {
  const h = useHarness(90_000);

  const tables = [
    { players: 2, teams: undefined },
    { players: 4, teams: '2x2' },
    { players: 7, teams: undefined },
  ] as const;

  for (const table of tables) {
    it(`fits ${table.players}-player Sakura${table.teams ? ` (teams ${table.teams})` : ''} on every viewport without scrolling, nothing covering the hand, the field or a seat's name`, async () => {
      const page = await h().newPage(1280, 720);
      await page.goto(`${h().base}?seed=layout-${table.players}&botDelay=0&nosw#/`);
      await newGame(page, 'sakura', 1, table);
      await playTurns(page, 2);
      for (const [width, height] of VIEWPORTS) {
        await page.setViewportSize({ width, height });
        // Layout follows the resize in the next frame.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        await settle(page);
        await page.screenshot({
          path: join(OUTPUT_DIR, `layout-sakura-${table.players}p-${width}x${height}.png`),
        });
        const report = await measureLayout(page);
        const where = `${table.players} players at ${width}×${height}`;
        expect(report.problems, where).toEqual([]);
        expect(report.scroll.height, `page height, ${where}`).toBeLessThanOrEqual(report.scroll.innerHeight);
        expect(report.scroll.width, `page width, ${where}`).toBeLessThanOrEqual(report.scroll.innerWidth);
        expect(report.names, where).toHaveLength(table.players);
      }
      await page.close();
    }, 120_000);
  }

  it('fits Koi-Koi and 4-player Nara on a laptop and a phone', async () => {
    const page = await h().newPage(1280, 720);
    for (const game of ['koikoi', 'nara']) {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(`${h().base}?seed=layout-${game}&botDelay=0&nosw#/`);
      await newGame(page, game, 1);
      // Nara begins with a choice of piles (and perhaps a redeal offer): decided by clicking, up to the first hand play.
      await playUntil(page, '.hand button.card:not([disabled]) >> nth=0');
      await playTurns(page, 2);
      for (const [width, height] of [
        [1280, 720],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        await settle(page);
        await page.screenshot({ path: join(OUTPUT_DIR, `layout-${game}-${width}x${height}.png`) });
        const report = await measureLayout(page);
        expect(report.problems, `${game} at ${width}×${height}`).toEqual([]);
        expect(report.scroll.height).toBeLessThanOrEqual(report.scroll.innerHeight);
      }
    }
    await page.close();
  }, 120_000);

  it("keeps the new-game page's buttons in their place on a phone: a compact reset, and the last option clear of the Deal bar", async () => {
    const page = await h().newPage(390, 844);
    await page.goto(`${h().base}?nosw#/`);
    // Each bot's level with its rating on the people's ladder (Sakura for 3 is a rated pool's table), whole in its select.
    const level = page.locator('.new-game select:has(option[value=expert])').first();
    await level.scrollIntoViewIfNeeded();
    expect(await level.locator('option').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Expert ≈ \d{3,4}$/)]),
    );
    expect(await level.evaluate((el: HTMLSelectElement) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await page.screenshot({ path: join(OUTPUT_DIR, 'new-game-seats-390x844.png') });
    const reset = page.getByRole('button', { name: 'Reset to defaults' });
    await reset.scrollIntoViewIfNeeded();
    expect((await reset.boundingBox())!.height).toBeLessThan(40);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = await page.locator('.house-rules .option').last().boundingBox();
    const bar = await page.locator('.start-row').boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual(bar!.y + 1);
    await page.screenshot({ path: join(OUTPUT_DIR, 'new-game-bottom-390x844.png') });
    // In Japanese, the house rules read in Japanese too (help and values), ids only behind 詳細.
    await page.getByRole('button', { name: /Language/ }).click();
    await page.locator('html[lang=ja]').waitFor({ state: 'attached' });
    await page.locator('.house-rules .option').first().scrollIntoViewIfNeeded();
    expect(await page.locator('.house-rules .option-help').first().textContent()).toMatch(
      /[\u3040-\u30ff\u4e00-\u9fff]/,
    );
    await page.screenshot({ path: join(OUTPUT_DIR, 'new-game-house-rules-ja-390x844.png') });
    await level.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT_DIR, 'new-game-seats-ja-390x844.png') });
    await page.goto(`${h().base}?nosw#/rules/koikoi`);
    await page.locator('.glossary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT_DIR, 'rules-glossary-ja-390x844.png') });
    await page.getByRole('button', { name: /言語/ }).click();
    await page.locator('html[lang=en]').waitFor({ state: 'attached' });
    await page.close();
  }, 60_000);

  it("shows each select's chosen value whole on the new-game page of a laptop (1280×800), in every game", async () => {
    const page = await h().newPage(1280, 800);
    await page.goto(`${h().base}?nosw#/`);
    const cut: string[] = [];
    for (const game of ['sakura', 'koikoi', 'nara', 'oibana']) {
      await page.locator(`label.game-choice:has(input[value=${game}])`).click();
      cut.push(
        ...(await page.evaluate(() => {
          const ctx = document.createElement('canvas').getContext('2d')!;
          return [...document.querySelectorAll<HTMLSelectElement>('.new-game select')]
            .filter((el) => el.getBoundingClientRect().width > 0)
            .flatMap((el) => {
              const style = getComputedStyle(el);
              ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
              const text = el.selectedOptions[0]?.text ?? '';
              // The text's room: the box less its padding and the arrow (about one em).
              const room =
                el.clientWidth -
                parseFloat(style.paddingLeft) -
                parseFloat(style.paddingRight) -
                parseFloat(style.fontSize);
              return ctx.measureText(text).width > room ? [`"${text}" in ${Math.round(room)} px`] : [];
            });
        })),
      );
    }
    await page.locator('.house-rules').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT_DIR, 'new-game-house-rules-1280x800.png') });
    expect(cut).toEqual([]);
    await page.close();
  }, 60_000);

  it('fits 7 players in Japanese on a small phone and 4 players on a laptop, with a capture pile opened', async () => {
    const page = await h().newPage(360, 740);
    await page.goto(`${h().base}?seed=layout-ja&botDelay=0&nosw#/`);
    await page.getByRole('button', { name: /Language/ }).click();
    await page.locator('html[lang=ja]').waitFor({ state: 'attached' });
    await newGame(page, 'sakura', 1, { players: 7 });
    await playTurns(page, 2);
    await settle(page);
    await page.screenshot({ path: join(OUTPUT_DIR, 'layout-sakura-7p-ja-360x740.png') });
    expect((await measureLayout(page)).problems).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 768 });
    const opened = page.locator('.seat-captures').first();
    await opened.locator('summary').click();
    await opened.locator('.capture-popover .card').first().waitFor();
    await page.screenshot({ path: join(OUTPUT_DIR, 'layout-sakura-7p-ja-captures-1366x768.png') });
    await page.getByRole('button', { name: /言語/ }).click();
    await page.locator('html[lang=en]').waitFor({ state: 'attached' });
    await page.close();
  }, 120_000);
});
