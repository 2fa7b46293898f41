/**
 * The rating arithmetic against the openskill library's own reference values: its test suite
 * at the release we use (openskill.js v5.0.1, src/__tests__/rate.test.ts, default model
 * Plackett-Luce with default constants). Each case names the library's test it copies. Our
 * code's part is turning a RatedResult (teams, places, forfeiters) into the library's call.
 */
import { describe, expect, it } from 'vitest';
import { BadRatedResult, NEWCOMER, type Skill, rateGame, ratedPlaces } from '../src/ratings/arithmetic.js';
import type { RatedResult } from '../src/ratings/result.js';
import { BASE, isProvisional, shownRating } from '../src/ratings/shown.js';

const game = (teams: string[][], ranks: number[], forfeited: string[] = []): RatedResult => ({
  format: 'test',
  game: 'g1',
  teams,
  ranks,
  forfeited,
  endedAt: 0,
});
/** The skills after the game, by account. */
const after = (result: RatedResult, skills: Record<string, Skill> = {}) =>
  Object.fromEntries(rateGame(result, new Map(Object.entries(skills))).map((c) => [c.account, c.after]));

// The library's fixture players (rate.test.ts, top of its describe).
const a1 = { mu: 29.182, sigma: 4.782 };
const b1 = { mu: 27.174, sigma: 4.922 };
const c1 = { mu: 16.672, sigma: 6.217 };

describe('rating arithmetic (openskill reference values)', () => {
  it('two players, newcomers: the winner up, the loser down ("reverses rank")', () => {
    expect(after(game([['ana'], ['ben']], [2, 1]))).toStrictEqual({
      ben: { mu: 27.635389493140497, sigma: 8.06590141354368 },
      ana: { mu: 22.364610506859503, sigma: 8.06590141354368 },
    });
  });

  it('a 4-player free-for-all, in seat order ("rate accepts and runs a placket-luce model by default")', () => {
    expect(after(game([['a'], ['b'], ['c'], ['d']], [1, 2, 3, 4]), { a: a1, b: b1, c: c1 })).toStrictEqual({
      a: { mu: 30.210227447000438, sigma: 4.765617924939384 },
      b: { mu: 27.644725221915632, sigma: 4.883479590134575 },
      c: { mu: 17.4036218889969, sigma: 6.101259408259549 },
      d: { mu: 19.21460876538932, sigma: 7.854669920480409 },
    });
  });

  it('2x2 teams ("… by default for teams")', () => {
    expect(
      after(
        game(
          [
            ['a', 'b'],
            ['c', 'd'],
          ],
          [1, 2],
        ),
        { a: a1, b: b1, c: c1 },
      ),
    ).toStrictEqual({
      a: { mu: 29.607340941337068, sigma: 4.755311788972862 },
      b: { mu: 27.624602782532037, sigma: 4.892807828777459 },
      c: { mu: 15.953170429143093, sigma: 6.125902065139878 },
      d: { mu: 23.70858117648013, sigma: 8.111707446126035 },
    });
  });

  it('draws: two players ("treats equal zero ranks as a draw (1v1)"), four ("four-way-tie with newbies"), and a shared second ("allows ties")', () => {
    expect(after(game([['ana'], ['ben']], [1, 1]))).toStrictEqual({
      ana: { mu: 25, sigma: 8.06590141354368 },
      ben: { mu: 25, sigma: 8.06590141354368 },
    });
    const tie = { mu: 25, sigma: 8.263571791259416 };
    expect(after(game([['a'], ['b'], ['c'], ['d']], [1, 1, 1, 1]))).toStrictEqual({
      a: tie,
      b: tie,
      c: tie,
      d: tie,
    });
    expect(
      after(game([['x'], ['y'], ['z']], [1, 2, 2]), {
        x: { mu: 10, sigma: 8 },
        y: { mu: 5, sigma: 10 },
        z: { mu: 0, sigma: 12 },
      }),
    ).toStrictEqual({
      x: { mu: 11.942996666741225, sigma: 7.926888197620324 },
      y: { mu: 2.9381178546315034, sigma: 9.653804487570165 },
      z: { mu: -1.4024317012198733, sigma: 11.323641575516767 },
    });
  });

  it('an abandonment: the forfeiter is rated last whatever the table said ("reverses rank", "accepts a misordered rank ordering")', () => {
    // Ana was ahead when she left: she loses, exactly as a plain loss to Ben.
    expect(after(game([['ana'], ['ben']], [1, 2], ['ana']))).toStrictEqual({
      ben: { mu: 27.635389493140497, sigma: 8.06590141354368 },
      ana: { mu: 22.364610506859503, sigma: 8.06590141354368 },
    });
    // Four newcomers placed 2, 1, 3, 4; the third seat left: rated as places 2, 1, 4, 3.
    expect(ratedPlaces(game([['a'], ['b'], ['c'], ['d']], [2, 1, 3, 4], ['c']))).toEqual([2, 1, 4, 3]);
    expect(after(game([['a'], ['b'], ['c'], ['d']], [2, 1, 3, 4], ['c']))).toStrictEqual({
      a: { mu: 26.55291815138952, sigma: 8.17961798837266 },
      b: { mu: 27.795252672501135, sigma: 8.263571791259416 },
      c: { mu: 20.962412806387245, sigma: 8.084127880168786 },
      d: { mu: 24.689416369722096, sigma: 8.084127880168786 },
    });
  });

  it('refuses a result it cannot rate, rather than guess', () => {
    expect(() => rateGame(game([['a']], [1]), new Map())).toThrow(BadRatedResult);
    expect(() => rateGame(game([['a'], ['b']], [1]), new Map())).toThrow(BadRatedResult);
    expect(() => rateGame(game([['a'], ['a']], [1, 2]), new Map())).toThrow(BadRatedResult);
    expect(() => rateGame(game([['a'], ['b']], [0, 1]), new Map())).toThrow(BadRatedResult);
    expect(() => rateGame(game([['a'], ['b']], [1, 2], ['c']), new Map())).toThrow(BadRatedResult);
  });

  it('shows a newcomer 1000, provisional; a rating that has narrowed is not', () => {
    expect(shownRating(NEWCOMER)).toBe(BASE);
    expect(BASE).toBe(1000);
    expect(isProvisional(NEWCOMER)).toBe(true);
    expect(isProvisional({ mu: 25, sigma: 6 })).toBe(false);
  });
});
