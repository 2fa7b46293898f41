/**
 * Profiles and leaderboards in a real browser: the game server as `npm start` runs it, its
 * SQLite filled first through the server's own ratings code (`Ratings.applyRatedResult`, the
 * rated results a game's end would give it): sixty members who played rated Koi-Koi, one of them
 * with 50 rated games and three of Sakura (still provisional). Her profile draws its chart on a
 * 360×740 phone with no sideways scroll; the leaderboard pages forward and back by the server's
 * cursors, each name opening that player's profile; a guest's own page is their games, unrated.
 * Screenshots, phone and laptop, English and Japanese, go to test-output/web/.
 */
import { join } from 'node:path';
import { openSqlite, Ratings, type RatedResult } from '@hanafuda/server';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { OUTPUT_DIR, describeInChromium } from './e2e/browser.js';
import { useOnlineHarness } from './e2e/game-server.js';
import { signUp, withAuthenticator } from './e2e/passkey.js';

const HOUR = 60 * 60 * 1000;
const MEMBERS = 60;
const STAR = 'm00';
const id = (i: number) => `m${String(i).padStart(2, '0')}`;
/** The leaderboard's page (state/ratings.ts BOARD_PAGE). */
const PAGE = 25;

/** Sixty members and their rated games: everyone plays 12 of Koi-Koi (settled ratings), the star 50 more, and 3 of 3-player Sakura. */
async function seed(dataDir: string): Promise<void> {
  const store = openSqlite(join(dataDir, 'hanafuda.sqlite'));
  try {
    for (let i = 0; i < MEMBERS; i++) {
      const name = i === 0 ? 'Hana Fubuki' : `Player ${i}`;
      await store.sql.run(
        'INSERT INTO accounts (id, name, name_key, guest, created_at) VALUES ($1, $2, $3, $4, $5)',
        [id(i), name, name.toLowerCase(), false, 0],
      );
    }
    const ratings = new Ratings(store.sql);
    const start = Date.now() - 20 * 24 * HOUR;
    let n = 0;
    /** A duel of Koi-Koi (12 rounds) won by `winner`. */
    const duel = (winner: string, loser: string): RatedResult => ({
      format: 'koikoi-12',
      game: `seed${n}_1`,
      teams: [[winner], [loser]],
      ranks: [1, 2],
      forfeited: [],
      endedAt: start + ++n * HOUR,
    });
    // A deterministic mix: the higher number wins two games in three.
    const wins = (a: number, b: number, k: number) => (k % 3 === 0 ? a < b : a > b);
    for (let round = 1; round <= 12; round++)
      for (let i = 0; i < MEMBERS; i += 2) {
        const a = (i + round) % MEMBERS;
        const b = (i + round * 7 + 1) % MEMBERS === a ? (a + 1) % MEMBERS : (i + round * 7 + 1) % MEMBERS;
        await ratings.applyRatedResult(wins(a, b, i + round) ? duel(id(a), id(b)) : duel(id(b), id(a)));
      }
    for (let k = 0; k < 50; k++) {
      const other = id(1 + ((k * 13) % (MEMBERS - 1)));
      await ratings.applyRatedResult(k % 5 < 3 ? duel(STAR, other) : duel(other, STAR));
    }
    for (let k = 0; k < 3; k++)
      await ratings.applyRatedResult({
        format: 'sakura-3',
        game: `sakura${k}`,
        teams: [[STAR], [id(1)], [id(2)]],
        ranks: [1 + (k % 3), 1 + ((k + 1) % 3), 1 + ((k + 2) % 3)],
        forfeited: [],
        endedAt: start + ++n * HOUR,
      });
  } finally {
    await store.close();
  }
}

describeInChromium('profile e2e', 'profiles and leaderboards in Chromium', () => {
  const h = useOnlineHarness('profile-e2e', {}, seed);
  const language = (page: Page) => page.getByRole('button', { name: /Language|言語/ }).click();
  /** No sideways scroll: the page is no wider than the screen. */
  const noSidewaysScroll = async (page: Page) =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

  it('a profile with 50 rated games draws its chart on a phone without a sideways scroll', async () => {
    for (const [width, height, phone] of [
      [360, 740, true],
      [1280, 800, false],
    ] as const) {
      const page = await h().person(width, height, phone);
      await page.goto(`${h().base}?nosw#/player/${STAR}`);
      const koikoi = page.locator('.pool-rating[data-pool="koikoi-12"]');
      await koikoi.locator('.rating-chart').waitFor();
      // The chart's line: the rating before the first game, then after each of the 62.
      const points = (await koikoi.locator('.chart-line').getAttribute('points'))!.trim().split(/\s+/);
      expect(points).toHaveLength(63);
      const chart = await koikoi.locator('.rating-chart').boundingBox();
      expect(chart!.width).toBeGreaterThan(width === 360 ? 280 : 400);
      expect(chart!.x + chart!.width).toBeLessThanOrEqual(width);
      await noSidewaysScroll(page);
      // The newest ten, then all of them.
      expect(await koikoi.locator('.rated-games-table tbody tr').count()).toBe(10);
      await koikoi.getByRole('button', { name: 'Show all 62' }).click();
      expect(await koikoi.locator('.rated-games-table tbody tr').count()).toBe(62);
      expect(await koikoi.locator('.badge.provisional').count()).toBe(0);
      await page.locator('.pool-rating[data-pool="sakura-3"] .badge.provisional').waitFor();
      await noSidewaysScroll(page);
      await page.screenshot({
        path: join(OUTPUT_DIR, `profile-en-${width}x${height}.png`),
        fullPage: !phone,
      });
      await language(page);
      await page.getByRole('heading', { name: 'Hana Fubukiのレート' }).waitFor();
      await noSidewaysScroll(page);
      await page.screenshot({
        path: join(OUTPUT_DIR, `profile-ja-${width}x${height}.png`),
        fullPage: !phone,
      });
      await page.context().close();
    }
  });

  it('the leaderboard pages forward and back, and a name opens that profile', async () => {
    const page = await h().person(360, 740, true);
    await page.goto(`${h().base}?nosw#/lobby`);
    await page.locator('.lobby-boards').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT_DIR, 'leaderboard-lobby-link-en-360x740.png') });
    await page.getByRole('link', { name: 'Leaderboards' }).first().click();
    await page.getByLabel('Pool').selectOption('koikoi-12');
    const places = () => page.locator('.board-place').allTextContents();
    const firstPlace = async (place: number) => {
      await page
        .locator('.board-place')
        .first()
        .filter({ hasText: new RegExp(`^${place}$`) })
        .waitFor();
      return places();
    };
    const pageOne = await firstPlace(1);
    expect(pageOne).toEqual(Array.from({ length: PAGE }, (_, i) => String(i + 1)));
    const top = await page.locator('.board-name').allTextContents();
    await noSidewaysScroll(page);
    await page.screenshot({ path: join(OUTPUT_DIR, 'leaderboard-en-360x740.png') });
    const next = page.getByRole('button', { name: 'Next ›' });
    const previous = page.getByRole('button', { name: '‹ Previous' });
    expect(await previous.isDisabled()).toBe(true);
    await next.click();
    expect(await firstPlace(PAGE + 1)).toHaveLength(PAGE);
    await next.click();
    // Every member has settled: sixty on the board, the last page short, and nothing after it.
    expect(await firstPlace(2 * PAGE + 1)).toHaveLength(MEMBERS - 2 * PAGE);
    expect(await next.isDisabled()).toBe(true);
    await previous.click();
    await firstPlace(PAGE + 1);
    await previous.click();
    await firstPlace(1);
    // The page turned to is read from its top (the pager is at the foot of the one before).
    expect(
      await page
        .getByRole('heading', { name: 'Leaderboards' })
        .evaluate((el) => el.getBoundingClientRect().top),
    ).toBeGreaterThanOrEqual(0);
    expect(await page.locator('.board-name').allTextContents()).toEqual(top);
    await language(page);
    await page.getByRole('heading', { name: 'ランキング' }).waitFor();
    await noSidewaysScroll(page);
    await page.screenshot({ path: join(OUTPUT_DIR, 'leaderboard-ja-360x740.png') });

    await page.locator('.board-name a').nth(2).click();
    await page.getByRole('heading', { name: `${top[2]}のレート` }).waitFor();
    await page.locator('.pool-rating[data-pool="koikoi-12"] .rating-chart').waitFor();

    const laptop = await h().person(1280, 800);
    await laptop.goto(`${h().base}?nosw#/leaderboard/koikoi-12`);
    await laptop.locator('.board-place').first().waitFor();
    await laptop.screenshot({ path: join(OUTPUT_DIR, 'leaderboard-en-1280x800.png'), fullPage: true });
    await language(laptop);
    await laptop.getByRole('heading', { name: 'ランキング' }).waitFor();
    await laptop.screenshot({ path: join(OUTPUT_DIR, 'leaderboard-ja-1280x800.png'), fullPage: true });
  });

  it('a guest’s own page is their games, unrated', async () => {
    const page = await h().person(360, 740, true);
    await page.goto(`${h().base}?nosw#/account`);
    await page.locator('.account-who', { hasText: 'You play as a guest' }).waitFor();
    await page.getByRole('link', { name: 'Leaderboards' }).waitFor();
    await page.screenshot({ path: join(OUTPUT_DIR, 'profile-account-links-en-360x740.png') });
    // Who one plays as, in the menu, opens one's own page.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#app-nav .identity').click();
    await page.locator('.profile-guest-note', { hasText: 'Guests play unrated' }).waitFor();
    await page.getByRole('heading', { name: 'Games played online' }).waitFor();
    await noSidewaysScroll(page);
    await page.screenshot({ path: join(OUTPUT_DIR, 'profile-guest-en-360x740.png') });
  });

  it('a new member reaches their own profile from the account page: no rated games yet', async () => {
    // A passkey's RP ID must be a domain: the server is reached as localhost, not 127.0.0.1.
    const base = h().base.replace('//127.0.0.1:', '//localhost:');
    const { page } = await withAuthenticator(await h().person(360, 740, true));
    await signUp(page, base, 'Newcomer Aoi');
    await page.goto(`${base}?nosw#/account`);
    await page.getByRole('link', { name: 'Your ratings and rated games' }).click();
    await page.getByRole('heading', { name: 'Newcomer Aoi’s ratings' }).waitFor();
    await page.getByText('No rated games yet.').waitFor();
  });
});
