/**
 * The ratings on a real SQLite file and a real PostgreSQL: a rated game's result applied once
 * (again, or twice at once, changes nothing), a player's two games ending at once both counted,
 * the history kept, and the leaderboard: active members only, paged by keyset in order.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Ratings } from '../src/ratings/ratings.js';
import type { RatedResult } from '../src/ratings/result.js';
import { shownRating } from '../src/ratings/shown.js';
import type { Sql } from '../src/store/sql.js';
import { STORES, type TestStore } from './support/stores.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 1);
const duel = (
  game: string,
  winner: string,
  loser: string,
  extra: Partial<RatedResult> = {},
): RatedResult => ({
  format: 'koikoi-12',
  game,
  teams: [[winner], [loser]],
  ranks: [1, 2],
  forfeited: [],
  endedAt: NOW,
  ...extra,
});
const member = (sql: Sql, id: string, name: string, guest = false) =>
  sql.run('INSERT INTO accounts (id, name, name_key, guest, created_at) VALUES ($1, $2, $3, $4, $5)', [
    id,
    name,
    guest ? null : name.toLowerCase(),
    guest,
    0,
  ]);

for (const kind of STORES) {
  describe.skipIf(!kind.available)(`ratings on ${kind.name}`, () => {
    let db: TestStore;
    let ratings: Ratings;
    beforeEach(async () => {
      db = await kind.open();
      ratings = new Ratings(db.store.sql, () => NOW);
    });
    afterEach(async () => {
      await db.store.close();
      await db.cleanup();
    });

    it('applies a game once: the library’s two-newcomer update, a history row each, and nothing more on a second call', async () => {
      const first = await ratings.applyRatedResult(duel('g1', 'ben', 'ana'));
      expect(first.fresh).toBe(true);
      const again = await ratings.applyRatedResult(duel('g1', 'ben', 'ana'));
      expect(again.fresh).toBe(false);
      expect(again.changes).toEqual(
        expect.arrayContaining(first.changes.map((c) => expect.objectContaining(c))),
      );
      // openskill.js v5.0.1 rate.test.ts, "reverses rank".
      const [ben] = await ratings.ratingsOf('ben');
      expect(ben).toMatchObject({
        format: 'koikoi-12',
        games: 1,
        mu: 27.635389493140497,
        sigma: 8.06590141354368,
        provisional: true,
        lastPlayed: NOW,
      });
      const [ana] = await ratings.ratingsOf('ana');
      expect(ana).toMatchObject({ games: 1, mu: 22.364610506859503, sigma: 8.06590141354368 });
      expect(await ratings.historyOf('ana', 'koikoi-12', 10)).toEqual([
        {
          game: 'g1',
          at: NOW,
          before: 1000,
          after: Math.round(shownRating({ mu: 22.364610506859503, sigma: 8.06590141354368 })),
          place: 2,
          forfeited: false,
        },
      ]);
    });

    it('applies a game once even when its result comes twice at once, and counts a player’s two games ending together', async () => {
      const same = await Promise.all([
        ratings.applyRatedResult(duel('g1', 'ben', 'ana')),
        ratings.applyRatedResult(duel('g1', 'ben', 'ana')),
      ]);
      expect(same.map((a) => a.fresh).sort()).toEqual([false, true]);
      await Promise.all([
        ratings.applyRatedResult(duel('g2', 'ben', 'cy')),
        ratings.applyRatedResult(duel('g3', 'dee', 'ben')),
      ]);
      const [ben] = await ratings.ratingsOf('ben');
      expect(ben.games).toBe(3);
      const history = await ratings.historyOf('ben', 'koikoi-12', 10);
      expect(history.map((h) => h.game).sort()).toEqual(['g1', 'g2', 'g3']);
      // Each game started from the rating the one before left (none was lost to the race).
      const changes = [...(await ratings.changesOfGame('g2')), ...(await ratings.changesOfGame('g3'))].filter(
        (c) => c.account === 'ben',
      );
      const g1 = (await ratings.changesOfGame('g1')).find((c) => c.account === 'ben')!;
      const [x, y] = changes.sort((a, b) => (a.before.sigma > b.before.sigma ? -1 : 1));
      expect(x.before).toEqual(g1.after);
      expect(y.before).toEqual(x.after);
      expect(ben).toMatchObject({ mu: y.after.mu, sigma: y.after.sigma });
    });

    it('counts two games of the same two players ending at once, whichever sat first', async () => {
      await ratings.applyRatedResult(duel('g0', 'ana', 'ben'));
      for (let i = 1; i <= 5; i++)
        await Promise.all([
          ratings.applyRatedResult(duel(`a${i}`, 'ana', 'ben')),
          ratings.applyRatedResult(duel(`b${i}`, 'ben', 'ana')),
        ]);
      expect((await ratings.ratingsOf('ana'))[0].games).toBe(11);
      expect((await ratings.ratingsOf('ben'))[0].games).toBe(11);
    });

    it('rates a forfeiter last and says so in the history', async () => {
      await ratings.applyRatedResult(duel('g1', 'ana', 'ben', { forfeited: ['ana'] }));
      expect((await ratings.ratingsOf('ben'))[0].mu).toBe(27.635389493140497);
      expect(await ratings.historyOf('ana', 'koikoi-12', 10)).toEqual([
        expect.objectContaining({ place: 2, forfeited: true }),
      ]);
    });

    it('lists active, settled members on the leaderboard, highest first, a page at a time', async () => {
      const sql = db.store.sql;
      const put = async (id: string, mu: number, sigma: number, lastAt: number, format = 'koikoi-12') =>
        sql.run(
          'INSERT INTO ratings (account_id, format, mu, sigma, shown, games, last_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [id, format, mu, sigma, shownRating({ mu, sigma }), 20, lastAt],
        );
      // 25 members whose ratings settled, one of them with two equal to another's (the account id orders them).
      for (let i = 0; i < 25; i++) {
        await member(sql, `m${String(i).padStart(2, '0')}`, `Member${i}`);
        await put(`m${String(i).padStart(2, '0')}`, 20 + (i % 12), 3, NOW - i * DAY);
      }
      await member(sql, 'old', 'Old');
      await put('old', 40, 3, NOW - 31 * DAY);
      await member(sql, 'new', 'Newcomer');
      await put('new', 40, 7, NOW);
      await member(sql, 'guest', 'Guest AB12', true);
      await put('guest', 40, 3, NOW);
      await member(sql, 'banned', 'Banned');
      await put('banned', 40, 3, NOW);
      await sql.run('INSERT INTO bans (account_id, reason, at) VALUES ($1, $2, $3)', ['banned', 'test', NOW]);
      await put('m00', 45, 3, NOW, 'sakura-2');

      const seen: { place: number; account: string; rating: number }[] = [];
      let page = await ratings.leaderboard('koikoi-12', 10);
      for (;;) {
        seen.push(...page.entries);
        if (!page.next) break;
        // Full pages: the guest's and the banned player's ratings, read and left out, are made up for by reading on.
        expect(page.entries).toHaveLength(10);
        page = await ratings.leaderboard('koikoi-12', 10, page.next);
      }
      // Active within 30 days (m00…m24 are 0–24 days old), none provisional, no guest, nobody banned.
      expect(seen.map((e) => e.account).sort()).toEqual(
        Array.from({ length: 25 }, (_, i) => `m${String(i).padStart(2, '0')}`),
      );
      expect(seen.map((e) => e.place)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      const order = [...seen].sort((a, b) => b.rating - a.rating || (a.account < b.account ? 1 : -1));
      expect(seen).toEqual(order);
      expect(seen[0]).toMatchObject({
        account: 'm23',
        name: 'Member23',
        rating: Math.round(shownRating({ mu: 31, sigma: 3 })),
        games: 20,
      });
      expect((await ratings.leaderboard('sakura-2', 10)).entries.map((e) => e.account)).toEqual(['m00']);
    });
  });
}
