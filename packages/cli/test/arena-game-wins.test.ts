/**
 * The arena's paired game-win line: game g is the same deals in every seating, so the
 * challenger's share of game g's wins minus the base bot's is one pair. Expected values are
 * worked out by hand below from constructed outcomes (a tied game is a win for each side in it).
 */
import { describe, expect, it } from 'vitest';
import type { SeatingOutcome } from '../src/commands/arena-deal.js';
import { type ArenaRun, formatArena, tally } from '../src/commands/arena.js';

const outcome = (botIndex: number[], gamePoints: number[]): SeatingOutcome => ({
  botIndex,
  scores: gamePoints,
  gamePoints,
  winners: [],
  dealerSide: 0,
  ms: [[], []],
  stopper: null,
  lightsTaken: [0, 0],
});

const gameWinsLine = (run: ArenaRun, outcomes: SeatingOutcome[][]): string => {
  const lines = formatArena(run, { ...tally(run, outcomes), names: run.botNames.slice() });
  return lines.find((l) => l.includes('game wins') && l.includes(' - '))!;
};

describe('arena paired game wins', () => {
  it('2 sides: a pair per game over the two seatings, ties a win for both', () => {
    const run: ArenaRun = {
      gameId: 'koikoi',
      players: 2,
      options: {},
      botNames: ['a', 'b'],
      deals: 4,
      seed: 's',
      gameRounds: 1,
    };
    // Seating 0: a is side 0; seating 1: b is side 0.
    const outcomes = [
      [outcome([0, 1], [5, 2]), outcome([1, 0], [3, 4])], // a wins both: 1 - 0 = +1
      [outcome([0, 1], [2, 5]), outcome([1, 0], [5, 2])], // b wins both: 0 - 1 = -1
      [outcome([0, 1], [3, 3]), outcome([1, 0], [1, 4])], // a 2/2, b 1/2 (the tie): +0.5
      [outcome([0, 1], [4, 1]), outcome([1, 0], [4, 1])], // one each: 0
    ];
    // Pairs +1, -1, +0.5, 0: mean 0.125; sample variance (0.875² + 1.125² + 0.375² + 0.125²) / 3 = 2.1875 / 3;
    // Student's t with 3 degrees of freedom (3.1824): half-width 3.1824 * sqrt(2.1875 / 12) = 1.3588: [-1.2338, +1.4838].
    // Four games are too few for a verdict (@hanafuda/stats MIN_PAIRS, 10).
    expect(gameWinsLine(run, outcomes)).toBe(
      'a - b: game wins +12.5% [-123.4, +148.4], paired over 4 games (too few games for a verdict: use --deals 10 or more)',
    );
  });

  it('2 sides: better when the whole interval is above zero; an unfinished game is no pair', () => {
    const run: ArenaRun = {
      gameId: 'koikoi',
      players: 2,
      options: {},
      botNames: ['a', 'b'],
      deals: 25,
      seed: 's',
      gameRounds: 2,
    };
    const win = (a: number) => [
      outcome([0, 1], a === 0 ? [1, 0] : [0, 1]),
      outcome([1, 0], a === 0 ? [0, 1] : [1, 0]),
    ];
    const split = [outcome([0, 1], [1, 0]), outcome([1, 0], [1, 0])];
    // Games of 2 deals: a wins games 0..10 in both seatings (+1 each), game 11 in one (0); deal 24 starts a 13th game that never ends.
    const outcomes = [...Array.from({ length: 22 }, () => win(0)), split, split, win(1)];
    // Pairs eleven +1 and one 0: mean 11/12; sample variance (11 (1/12)² + (11/12)²) / 11 = 1/12, standard error 1/12;
    // Student's t with 11 degrees of freedom (2.2010): half-width 0.1834: [+0.7333, +1.1001].
    expect(gameWinsLine(run, outcomes)).toBe(
      'a - b: game wins +91.7% [+73.3, +110.0], paired over 12 games (better)',
    );
  });

  it("3 sides: the challenger against the base bot's mean over its sides", () => {
    const run: ArenaRun = {
      gameId: 'oibana',
      players: 3,
      options: {},
      botNames: ['a', 'b'],
      deals: 2,
      seed: 's',
      gameRounds: 1,
    };
    const o3 = (botIndex: number[], points: number[]): SeatingOutcome => ({
      ...outcome(botIndex, points),
      ms: [[], []],
    });
    const outcomes = [
      // a wins in seatings 0 and 1, ties side 0 (b) in seating 2: a 3/3, b 1 of its 6 sides: 5/6.
      [o3([0, 1, 1], [5, 1, 1]), o3([1, 1, 0], [1, 1, 5]), o3([1, 0, 1], [2, 2, 0])],
      // a loses twice, wins once: 1/3; b wins 2 of its 6: 1/3. Pair 0.
      [o3([0, 1, 1], [1, 5, 1]), o3([1, 1, 0], [5, 1, 1]), o3([1, 0, 1], [1, 5, 3])],
    ];
    // Pairs 1 - 1/6 = 5/6 and 0: mean 5/12; sample sd (5/6) / sqrt(2), standard error 5/12; t with 1 degree of
    // freedom (12.706): half-width 5.2943: [-4.8776, +5.7109].
    expect(gameWinsLine(run, outcomes)).toBe(
      'a - b: game wins +41.7% [-487.8, +571.1], paired over 2 games (too few games for a verdict: use --deals 10 or more)',
    );
  });
});
