/**
 * The arena keeps a game's totals in the game's own units: under Sakura's `victories` a game
 * is won on victories, not points, and the bots' views show them; Nara's and Oi-bana's views
 * name the game's last round as Sakura's and Koi-Koi's do, Oi-bana's bankrolls its payments so far.
 * With `--start-spread` a game starts from drawn totals, which the views show and the wins are judged on.
 */
import { type Bot, greedyChoice } from '@hanafuda/bots';
import { describe, expect, it } from 'vitest';
import {
  type ArenaSpec,
  type SeatingOutcome,
  playDeal,
  playDeals,
  startTotals,
} from '../src/commands/arena-deal.js';
import { type ArenaRun, tally } from '../src/commands/arena.js';

/** The greedy bot, keeping the views it was handed. */
function recording(): { bot: Bot; views: { round: number; lastRound?: number | null; totals: number[] }[] } {
  const views: { round: number; lastRound?: number | null; totals: number[] }[] = [];
  return {
    views,
    bot: { name: 'greedy', choose: (_game, view) => (views.push(view as never), greedyChoice(view)) },
  };
}

describe('arena game totals', () => {
  it("Sakura under victories: a round adds its winner's victories to the game, and the views show them", () => {
    const spec: ArenaSpec = {
      gameId: 'sakura',
      players: 2,
      options: { scoring: 'victories', chu: 'double' },
      botNames: ['greedy', 'greedy'],
      seed: 'v',
      gameRounds: 6,
    };
    const { bot, views } = recording();
    let counted = 0;
    for (let deal = 0; deal < 6; deal++) {
      const outcomes = playDeal(spec, [bot, bot], deal, () => ({ roundsAfter: 2, sideTotals: [3, 1] }));
      for (const o of outcomes) {
        // One side wins the round and counts 1 or 2 (Chu); the points are not the game's.
        expect(o.gamePoints.filter((p) => p > 0)).toHaveLength(1);
        expect(Math.max(...o.gamePoints)).toBeLessThanOrEqual(2);
        expect(o.gamePoints.indexOf(Math.max(...o.gamePoints))).toBe(o.winners[0]);
        counted++;
      }
    }
    expect(counted).toBe(12);
    for (const v of views) expect([v.totals, v.lastRound]).toEqual([[3, 1], v.round + 2]);
  });

  it("Nara: the views show the game's totals (from the starting 1000) and its last round; a round adds its results", () => {
    const spec: ArenaSpec = {
      gameId: 'nara',
      players: 4,
      options: {},
      botNames: ['greedy', 'greedy'],
      seed: 'n',
      gameRounds: 6,
    };
    const { bot, views } = recording();
    const [o] = playDeal(spec, [bot, bot], 0, () => ({ roundsAfter: 0, sideTotals: [40, -10, -20, -10] }));
    expect(views.length).toBeGreaterThan(10);
    for (const v of views) expect([v.totals, v.lastRound]).toEqual([[1040, 990, 980, 990], v.round]);
    expect(o.gamePoints).toEqual(o.scores);
  });

  it("Oi-bana: the views show the bankrolls with the game's payments so far, and its last round; a round adds its payments", () => {
    const spec: ArenaSpec = {
      gameId: 'oibana',
      players: 3,
      options: {},
      botNames: ['greedy', 'greedy'],
      seed: 'o',
      gameRounds: 6,
    };
    const views: { round: number; lastRound: number; bankrolls: number[] }[] = [];
    const bot: Bot = {
      name: 'greedy',
      choose: (_game, view) => (views.push(view as never), greedyChoice(view)),
    };
    const [o] = playDeal(spec, [bot, bot], 0, () => ({ roundsAfter: 3, sideTotals: [200, -50, -150] }));
    expect(views.length).toBeGreaterThan(10);
    for (const v of views) expect([v.bankrolls, v.lastRound]).toEqual([[1200, 950, 850], v.round + 3]);
    expect(o.gamePoints).toEqual(o.scores);
  });

  it('a game is won on its own totals (victories), not on the points', () => {
    const run: ArenaRun = {
      gameId: 'sakura',
      players: 2,
      options: { scoring: 'victories' },
      botNames: ['greedy', 'random'],
      deals: 2,
      seed: 's',
      gameRounds: 2,
    };
    const outcome = (botIndex: number[], scores: number[], gamePoints: number[]): SeatingOutcome => ({
      botIndex,
      scores,
      gamePoints,
      winners: [],
      dealerSide: 0,
      ms: [[], []],
      stopper: null,
      lightsTaken: [0, 0],
    });
    // Bot 0 scores 290 points to 120 and wins a round; bot 1 wins the other with a Chu: 2 victories to 1.
    const outcomes = [
      [outcome([0, 1], [200, 20], [1, 0]), outcome([1, 0], [20, 200], [0, 1])],
      [outcome([0, 1], [90, 100], [0, 2]), outcome([1, 0], [100, 90], [2, 0])],
    ];
    const { stats } = tally(run, outcomes);
    expect(stats.map((s) => [s.games, s.gameWins])).toEqual([
      [2, 0],
      [2, 2],
    ]);
  });

  describe('totals a game starts from (--start-spread)', () => {
    const spec = (startSpread?: number): ArenaSpec => ({
      gameId: 'koikoi',
      players: 2,
      options: {},
      botNames: ['greedy', 'greedy'],
      seed: 'start',
      gameRounds: 1,
      ...(startSpread === undefined ? {} : { startSpread }),
    });

    it('are 0 without a spread; with one, whole points drawn per game and seed, the lowest 0, of about that spread', () => {
      expect(startTotals(spec(), 3)).toEqual([0, 0]);
      expect(startTotals(spec(0), 3)).toEqual([0, 0]);
      expect(startTotals(spec(16), 3)).toEqual(startTotals(spec(16), 3));
      const leads: number[] = [];
      for (let game = 0; game < 2000; game++) {
        const totals = startTotals(spec(16), game);
        expect(Math.min(...totals)).toBe(0);
        for (const t of totals) expect(Number.isInteger(t)).toBe(true);
        leads.push(totals[0] - totals[1]);
      }
      // Two sides each drawn with a spread of 16: their difference has a spread of 16 √2 (22.6) and a mean of 0.
      const mean = leads.reduce((a, b) => a + b, 0) / leads.length;
      const sd = Math.sqrt(leads.reduce((a, b) => a + (b - mean) ** 2, 0) / (leads.length - 1));
      expect(Math.abs(mean)).toBeLessThan(1.5);
      expect(sd).toBeGreaterThan(21);
      expect(sd).toBeLessThan(24.3);
      // Seven sides: each its own draw.
      const seven = startTotals({ ...spec(16), players: 7 }, 0);
      expect(seven).toHaveLength(7);
      expect(new Set(seven).size).toBeGreaterThan(3);
    });

    it('the views of every seating show them, each game its own, and its rounds add to them', async () => {
      const { bot, views } = recording();
      const s = { ...spec(16), gameRounds: 2 };
      const outcomes = playDeals(s, [0, 1, 2, 3], [bot, bot]);
      const starts = [startTotals(s, 0), startTotals(s, 1)];
      expect(starts[0]).not.toEqual(starts[1]);
      // Each deal's views: its game's start, plus (in a game's second deal) what the first deal added in that seating.
      const expected = (deal: number, seating: number) => {
        const start = starts[Math.floor(deal / 2)];
        return deal % 2 === 0
          ? start
          : start.map((t, side) => t + outcomes[deal - 1][seating].gamePoints[side]);
      };
      const shown = new Set(views.map((v) => JSON.stringify(v.totals)));
      const want = new Set(
        [0, 1, 2, 3].flatMap((deal) => [0, 1].map((seating) => JSON.stringify(expected(deal, seating)))),
      );
      expect(shown).toEqual(want);
    });

    it('a game is won on the totals it started from plus its rounds', () => {
      const run: ArenaRun = { ...spec(16), botNames: ['greedy', 'random'], deals: 1 };
      const [t0, t1] = startTotals(run, 0);
      const ahead = t0 > t1 ? 0 : 1;
      const lead = Math.abs(t0 - t1);
      expect(lead).toBeGreaterThan(1);
      // The side behind wins the round by less than the lead: the side ahead wins the game in both seatings.
      const points = [0, 0];
      points[1 - ahead] = lead - 1;
      const outcome = (botIndex: number[]): SeatingOutcome => ({
        botIndex,
        scores: points,
        gamePoints: points,
        winners: [1 - ahead],
        dealerSide: 0,
        ms: [[], []],
        stopper: null,
        lightsTaken: [0, 0],
      });
      const { stats } = tally(run, [[outcome([0, 1]), outcome([1, 0])]]);
      expect(stats.map((s) => [s.games, s.gameWins])).toEqual([
        [2, 1],
        [2, 1],
      ]);
      // From even totals the side behind would have won both.
      expect(
        tally({ ...run, startSpread: 0 }, [[outcome([0, 1]), outcome([1, 0])]]).stats.map((s) => s.gameWins),
      ).toEqual([1, 1]);
    });
  });
});
