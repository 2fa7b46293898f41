/** A bot level's rating for a table: its rated format's (bot-ladder-ratings.ts, measured by `npm run ratings:bots`), or none. */
import { describe, expect, it } from 'vitest';
import { BOT_LADDER, BOT_LEVELS, POOL_IDS, botRating } from '../src/index.js';

describe('the bots on the ladder', () => {
  it('rates every level in every rated format', () => {
    expect(BOT_LADDER.pools.map((p) => p.pool)).toEqual([...POOL_IDS]);
    for (const p of BOT_LADDER.pools) {
      const shown = BOT_LEVELS.map((level) => p.ratings[level]);
      expect({ pool: p.pool, rated: shown.every((r) => typeof r === 'number') }).toEqual({
        pool: p.pool,
        rated: true,
      });
    }
  });

  it("answers a table of a pool's game, players, teams and house rules with that pool's rating", () => {
    for (const p of BOT_LADDER.pools)
      for (const level of BOT_LEVELS)
        expect(
          botRating({ game: p.game, players: p.players, teams: p.teams, options: p.options }, level),
        ).toBe(p.ratings[level]);
  });

  it('answers a table of other house rules (its defaults filled in) with the first pool of its game, players and teams, and a table no pool is with none', () => {
    const koikoi = BOT_LADDER.pools.filter((p) => p.game === 'koikoi');
    expect(koikoi.length).toBeGreaterThan(1);
    expect(botRating({ game: 'koikoi', players: 2, options: { rounds: 3 } }, 'hard')).toBe(
      koikoi[0].ratings.hard,
    );
    // House rules left out are the game's defaults: a Koi-Koi game of 12 rounds.
    expect(botRating({ game: 'koikoi', players: 2 }, 'hard')).toBe(
      BOT_LADDER.pools.find((p) => p.pool === 'koikoi-12')!.ratings.hard,
    );
    expect(botRating({ game: 'sakura', players: 5 }, 'hard')).toBeUndefined();
    // Four players of Sakura are rated in teams of two alone.
    expect(botRating({ game: 'sakura', players: 4 }, 'hard')).toBeUndefined();
    expect(
      botRating(
        {
          game: 'sakura',
          players: 4,
          teams: [
            [0, 2],
            [1, 3],
          ],
        },
        'hard',
      ),
    ).toBe(BOT_LADDER.pools.find((p) => p.pool === 'sakura-2x2')!.ratings.hard);
  });
});
