/** `hanafuda arena`: the interval arithmetic on known inputs, the seating rotation, and short runs through `main`. */
import { describe, expect, it } from 'vitest';
import { botOfSide, meanInterval, quantile, wilson } from '../src/commands/arena.js';
import { runCli } from './support/run.js';

const run = (args: string[]) => runCli(args);

describe('arena arithmetic', () => {
  it('the mean with its normal 95% interval', () => {
    // mean 5, sample sd sqrt(2.5), n 5: half-width 1.96 * sqrt(2.5 / 5) = 1.3859
    const i = meanInterval([3, 4, 5, 6, 7]);
    expect(i.mean).toBe(5);
    expect(i.lo).toBeCloseTo(3.6141, 4);
    expect(i.hi).toBeCloseTo(6.3859, 4);
    // One value says nothing of the spread: no interval, not a zero-width one.
    expect(meanInterval([2])).toEqual({ mean: 2, lo: -Infinity, hi: Infinity });
  });

  it('the Wilson score interval', () => {
    // Textbook values: 8 of 10 -> [0.4902, 0.9433]; 0 of 10 -> [0, 0.2775]; 50 of 100 -> [0.4038, 0.5962]
    const a = wilson(8, 10);
    expect(a.mean).toBe(0.8);
    expect(a.lo).toBeCloseTo(0.4902, 4);
    expect(a.hi).toBeCloseTo(0.9433, 4);
    expect(wilson(0, 10).lo).toBeCloseTo(0, 10);
    expect(wilson(0, 10).hi).toBeCloseTo(0.2775, 4);
    expect(wilson(50, 100).lo).toBeCloseTo(0.4038, 4);
    expect(wilson(50, 100).hi).toBeCloseTo(0.5962, 4);
  });

  it('quantiles by nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(sorted, 0.5)).toBe(50);
    expect(quantile(sorted, 0.99)).toBe(99);
    expect(quantile([7], 0.99)).toBe(7);
  });

  it('every side takes every place: 2 sides swap; a challenger visits each of 4 seats', () => {
    expect([0, 1].map((seating) => [0, 1].map((side) => botOfSide(side, seating, 2, 2)))).toEqual([[0, 1], [1, 0]]);
    const challenger = [0, 1, 2, 3].map((seating) => [0, 1, 2, 3].findIndex((side) => botOfSide(side, seating, 4, 2) === 0));
    expect(challenger.sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('hanafuda arena', () => {
  it('plays duplicate deals and prints a line per bot and the paired difference; the same seed prints the same numbers', async () => {
    const args = ['arena', '--game', 'sakura', '--players', '2', '--bots', 'greedy,random', '--deals', '6', '--seed', 't', '--game-rounds', '3'];
    const a = await run(args);
    expect(a.code).toBe(0);
    expect(a.out[0]).toContain('6 deals x 2 seatings');
    expect(a.out[2]).toMatch(/^greedy\s+12\s/);
    expect(a.out[3]).toMatch(/^random\s+12\s/);
    expect(a.out[4]).toMatch(/^greedy - random: [+-]\d+\.\d\d \[/);
    expect(a.out[5]).toMatch(/^greedy - random: game wins [+-]\d+\.\d% \[[+-]\d+\.\d, [+-]\d+\.\d\], paired over 2 games \((better|worse|no clear difference)\)$/);
    expect(a.out[6]).toMatch(/^greedy: stopped while behind in the last round: \d+ in 4 games \([\d.]+ a game\); point cards thrown to the field and taken next turn: \d+ in 12 rounds \([\d.]+ a round\)$/);
    expect(a.out[7]).toMatch(/^random: stopped while behind/);
    const b = await run(args);
    // Everything but the decision times repeats.
    const strip = (lines: string[]) => lines.map((l) => l.replace(/\s+[\d.]+ [\d.]+$/, ''));
    expect(strip(b.out)).toEqual(strip(a.out));
  });

  it('runs teams, Koi-Koi, Nara and Oi-bana', async () => {
    for (const args of [
      ['--game', 'sakura', '--players', '4', '--teams', '2x2', '--bots', 'easy,random'],
      ['--game', 'koikoi', '--bots', 'search,greedy', '--budget', '16'],
      ['--game', 'nara', '--players', '4', '--bots', 'greedy,random'],
      ['--game', 'oibana', '--players', '3', '--bots', 'greedy,random,random'],
    ]) {
      const r = await run(['arena', ...args, '--deals', '2', '--seed', 's']);
      expect(r.err).toMatch(/^\(\d/);
      expect(r.code).toBe(0);
    }
  });

  it('with one deal, prints no interval and no verdict; with fewer deals than a game, no game wins', async () => {
    const r = await run(['arena', '--game', 'sakura', '--players', '2', '--bots', 'greedy,random', '--deals', '1', '--seed', 'one', '--game-rounds', '3']);
    expect(r.code).toBe(0);
    const [, , greedy, random, diff, gameDiff] = r.out;
    for (const row of [greedy, random]) {
      expect(row).toMatch(/\s[+-]\d+\.\d\d \[n\/a\]\s/);
      // round wins have a rate (2 rounds); game wins, with no game finished, do not
      expect(row).toMatch(/%.*\sn\/a\s/);
    }
    expect(diff).toContain('[n/a]');
    expect(diff).toContain('too few deals for an interval');
    expect(diff).not.toMatch(/better|worse/);
    expect(gameDiff).toBe('greedy - random: game wins n/a, paired over 0 games (too few games for an interval: use --deals 6 or more)');
  });

  it('refuses more bots than sides, before playing', async () => {
    const r = await run(['arena', '--game', 'sakura', '--players', '2', '--bots', 'greedy,random,easy', '--seed', '1']);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toContain('3 bots for 2 sides');
    expect(r.out).toEqual([]);
    expect((await run(['arena', '--game', 'sakura', '--players', '4', '--teams', '2x2', '--bots', 'greedy,random,easy', '--seed', '1'])).err).toContain('3 bots for 2 sides');
  });

  it('says what is wrong in one line', async () => {
    expect((await run(['arena', '--game', 'sakura', '--bots', 'greedy', '--seed', '1'])).err).toContain('two or more bots');
    expect((await run(['arena', '--game', 'sakura', '--bots', 'greedy,wizard', '--seed', '1'])).err).toContain('unknown bot "wizard"');
    expect((await run(['arena', '--game', 'sakura', '--bots', 'greedy,random'])).err).toContain('--seed is required');
    expect((await run(['arena', '--game', 'koikoi', '--players', '3', '--bots', 'greedy,random', '--seed', '1'])).err).toContain('Koi-Koi is for 2 players');
  });
});
