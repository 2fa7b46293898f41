/** `hanafuda arena`: the seatings, short runs through `main`, and two copies of one bot found alike at 3, 4 and 7 seats. */
import { describe, expect, it } from 'vitest';
import { seatingsOf } from '../src/commands/arena.js';
import { runCli } from './support/run.js';

const run = (args: string[]) => runCli(args);

describe('arena seatings', () => {
  it('every bot takes every side once a deal; 2 sides swap', () => {
    expect(seatingsOf('s', 0, 2, 2)).toEqual([
      [0, 1],
      [1, 0],
    ]);
    for (const sides of [3, 4, 7]) {
      const seatings = seatingsOf('s', 5, sides, 3);
      expect(seatings).toHaveLength(sides);
      // Each side sees each place of the lineup once: every column is a permutation of the lineup.
      const lineup = Array.from({ length: sides }, (_, side) => Math.min(side, 2)).sort();
      for (let side = 0; side < sides; side++) expect(seatings.map((s) => s[side]).sort()).toEqual(lineup);
    }
  });

  it('gives a bot every neighbour over the games: the order around the table is drawn per game', () => {
    // Who sits on bot 0's right (plays after it), over 60 games of 4 sides, 4 bots.
    const right = new Set<number>();
    for (let game = 0; game < 60; game++) {
      const [order] = seatingsOf('s', game, 4, 4);
      right.add(order[(order.indexOf(0) + 1) % 4]);
    }
    expect([...right].sort()).toEqual([1, 2, 3]);
  });
});

describe('hanafuda arena', () => {
  it('plays duplicate deals and prints a line per bot and the paired difference; the same seed prints the same numbers', async () => {
    const args = [
      'arena',
      '--game',
      'sakura',
      '--players',
      '2',
      '--bots',
      'greedy,random',
      '--deals',
      '6',
      '--seed',
      't',
      '--game-rounds',
      '3',
    ];
    const a = await run(args);
    expect(a.code).toBe(0);
    expect(a.out[0]).toContain('6 deals x 2 seatings');
    expect(a.out[2]).toMatch(/^greedy\s+12\s/);
    expect(a.out[3]).toMatch(/^random\s+12\s/);
    expect(a.out[4]).toMatch(/^greedy - random: [+-]\d+\.\d\d \[/);
    expect(a.out[5]).toMatch(
      /^greedy - random: game wins [+-]\d+\.\d% \[(n\/a|[+-]\d+\.\d, [+-]\d+\.\d)\], paired over 2 games \(too few games for a verdict: use --deals 30 or more\)$/,
    );
    expect(a.out[6]).toMatch(
      /^greedy: stopped while behind in the last round: \d+ in 4 games \([\d.]+ a game\); point cards thrown to the field and taken next turn: \d+ in 12 rounds \([\d.]+ a round\)$/,
    );
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
    const r = await run([
      'arena',
      '--game',
      'sakura',
      '--players',
      '2',
      '--bots',
      'greedy,random',
      '--deals',
      '1',
      '--seed',
      'one',
      '--game-rounds',
      '3',
    ]);
    expect(r.code).toBe(0);
    const [, , greedy, random, diff, gameDiff] = r.out;
    for (const row of [greedy, random]) {
      expect(row).toMatch(/\s[+-]\d+\.\d\d \[n\/a\]\s/);
      // round wins have a rate (2 rounds); game wins, with no game finished, do not
      expect(row).toMatch(/%.*\sn\/a\s/);
    }
    expect(diff).toContain('[n/a]');
    expect(diff).toContain('too few deals for a verdict: use --deals 10 or more');
    expect(diff).not.toMatch(/better|worse/);
    expect(gameDiff).toBe(
      'greedy - random: game wins n/a, paired over 0 games (too few games for a verdict: use --deals 30 or more)',
    );
  });

  it('gives no verdict on 3 deals (the issue\'s "+100.0% [+100.0, +100.0] (better)"), and one on 10', async () => {
    const r = await run([
      'arena',
      '--game',
      'sakura',
      '--players',
      '2',
      '--bots',
      'greedy,random',
      '--deals',
      '3',
      '--seed',
      '1',
      '--game-rounds',
      '1',
    ]);
    expect(r.code).toBe(0);
    const [points, games] = r.out.filter((l) => l.startsWith('greedy - random'));
    expect(points).toMatch(/paired over 3 deals \(too few deals for a verdict: use --deals 10 or more\)$/);
    expect(games).toMatch(/paired over 3 games \(too few games for a verdict/);
    const r10 = await run([
      'arena',
      '--game',
      'sakura',
      '--players',
      '2',
      '--bots',
      'greedy,random',
      '--deals',
      '10',
      '--seed',
      '1',
      '--game-rounds',
      '1',
    ]);
    expect(r10.out.find((l) => l.startsWith('greedy - random') && l.includes('per round'))).toMatch(
      /\((better|worse|no clear difference)\)$/,
    );
  });

  it.each([
    { players: 3, bots: 'greedy,random,greedy', deals: 300, same: 'greedy#1 - greedy#3' },
    { players: 4, bots: 'greedy,random,easy,greedy', deals: 300, same: 'greedy#1 - greedy#4' },
    { players: 7, bots: 'greedy,random,greedy', deals: 200, same: 'greedy#1 - greedy#3' },
  ])(
    'finds two copies of greedy alike at $players seats: "no clear difference" (rotations alone said "worse")',
    async ({ players, bots, deals, same }) => {
      const r = await run([
        'arena',
        '--game',
        'sakura',
        '--players',
        String(players),
        '--bots',
        bots,
        '--deals',
        String(deals),
        '--seed',
        '2',
        '--threads',
        '2',
      ]);
      expect(r.code).toBe(0);
      const lines = r.out.filter((l) => l.startsWith(`${same}:`));
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(line).toMatch(/\(no clear difference\)$/);
    },
    120_000,
  );

  it('refuses more bots than sides, before playing', async () => {
    const r = await run([
      'arena',
      '--game',
      'sakura',
      '--players',
      '2',
      '--bots',
      'greedy,random,easy',
      '--seed',
      '1',
    ]);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toContain('3 bots for 2 sides');
    expect(r.out).toEqual([]);
    expect(
      (
        await run([
          'arena',
          '--game',
          'sakura',
          '--players',
          '4',
          '--teams',
          '2x2',
          '--bots',
          'greedy,random,easy',
          '--seed',
          '1',
        ])
      ).err,
    ).toContain('3 bots for 2 sides');
  });

  it('says what is wrong in one line', async () => {
    expect(
      (
        await run([
          'arena',
          '--game',
          'sakura',
          '--bots',
          'greedy,random',
          '--deals',
          '1000000000',
          '--seed',
          '1',
        ])
      ).err,
    ).toBe(
      "hanafuda arena: --deals must be at most 100,000: a run keeps every deal's outcome in memory; run more seeds for more deals",
    );
    expect((await run(['arena', '--game', 'sakura', '--bots', 'greedy', '--seed', '1'])).err).toContain(
      'two or more bots',
    );
    expect(
      (await run(['arena', '--game', 'sakura', '--bots', 'greedy,wizard', '--seed', '1'])).err,
    ).toContain('unknown bot "wizard"');
    expect((await run(['arena', '--game', 'sakura', '--bots', 'greedy,random'])).err).toContain(
      '--seed is required',
    );
    expect(
      (await run(['arena', '--game', 'koikoi', '--players', '3', '--bots', 'greedy,random', '--seed', '1']))
        .err,
    ).toContain('Koi-Koi is for 2 players');
    expect(
      (
        await run([
          'arena',
          '--game',
          'koikoi',
          '--bots',
          'greedy,random',
          '--seed',
          '1',
          '--start-spread',
          '-3',
        ])
      ).err,
    ).toBe('hanafuda arena: --start-spread must be a whole number from 0 to 100,000, not "-3"');
    expect(
      (
        await run([
          'arena',
          '--game',
          'koikoi',
          '--bots',
          'greedy,random',
          '--seed',
          '1',
          '--start-spread',
          '200000',
        ])
      ).err,
    ).toBe(
      'hanafuda arena: --start-spread must be at most 100,000: it is the spread, in game points, of the totals each game starts from',
    );
  });
});
