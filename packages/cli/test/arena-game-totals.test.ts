/**
 * The arena keeps a game's totals in the game's own units: under Sakura's `victories` a game
 * is won on victories, not points, and the bots' views show them; Nara's and Oi-bana's views
 * name the game's last round as Sakura's and Koi-Koi's do, Oi-bana's bankrolls its payments so far.
 */
import { type Bot, greedyChoice } from '@hanafuda/bots';
import { describe, expect, it } from 'vitest';
import { type ArenaSpec, type SeatingOutcome, playDeal } from '../src/commands/arena-deal.js';
import { type ArenaRun, tally } from '../src/commands/arena.js';

/** The greedy bot, keeping the views it was handed. */
function recording(): { bot: Bot; views: { round: number; lastRound?: number | null; totals: number[] }[] } {
  const views: { round: number; lastRound?: number | null; totals: number[] }[] = [];
  return { views, bot: { name: 'greedy', choose: (_game, view) => (views.push(view as never), greedyChoice(view)) } };
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
    const spec: ArenaSpec = { gameId: 'nara', players: 4, options: {}, botNames: ['greedy', 'greedy'], seed: 'n', gameRounds: 6 };
    const { bot, views } = recording();
    const [o] = playDeal(spec, [bot, bot], 0, () => ({ roundsAfter: 0, sideTotals: [40, -10, -20, -10] }));
    expect(views.length).toBeGreaterThan(10);
    for (const v of views) expect([v.totals, v.lastRound]).toEqual([[1040, 990, 980, 990], v.round]);
    expect(o.gamePoints).toEqual(o.scores);
  });

  it("Oi-bana: the views show the bankrolls with the game's payments so far, and its last round; a round adds its payments", () => {
    const spec: ArenaSpec = { gameId: 'oibana', players: 3, options: {}, botNames: ['greedy', 'greedy'], seed: 'o', gameRounds: 6 };
    const views: { round: number; lastRound: number; bankrolls: number[] }[] = [];
    const bot: Bot = { name: 'greedy', choose: (_game, view) => (views.push(view as never), greedyChoice(view)) };
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
});
