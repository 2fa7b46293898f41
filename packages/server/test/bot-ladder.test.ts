/**
 * `npm run ratings:bots` as an operator runs it (a child process, real bots, real games): each
 * game seats distinct levels, every seating of a block once; the ratings written are the
 * openskill library's own updates of the games in order, shown as a person's are; a run stopped
 * part way goes on from its checkpoint, playing only what is missing; the threads change
 * nothing; and a bad argument is one line of error.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ordinal, rate, rating } from 'openskill';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../dist/ratings/bot-ladder-main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'bot-ladder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', timeout: 240_000 });
interface Played {
  seed: string;
  pool: string;
  index: number;
  levels: string[];
  totals: number[];
}
/** The checkpoint's games, in the order of their indexes (a torn line skipped). */
const lines = (file: string): Played[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Played];
      } catch {
        return [];
      }
    })
    .sort((a, b) => a.index - b.index);
/** The module written, its data read back. */
const written = (file: string) => {
  const text = readFileSync(file, 'utf8');
  return JSON.parse(text.slice(text.indexOf('= {') + 2, text.lastIndexOf(';'))) as {
    seed: string;
    pools: { pool: string; game: string; players: number; ratings: Record<string, number> }[];
  };
};

describe('the bot ladder command', { timeout: 300_000 }, () => {
  const checkpoint = join(dir, 'games.jsonl');
  const out = join(dir, 'ratings.ts');

  it('plays a block of Sakura duels, every ordered pair of levels once, and rates them as openskill does, shown as a person is', () => {
    const first = run(
      '--games',
      '12',
      '--pools',
      'sakura-2',
      '--threads',
      '2',
      '--checkpoint',
      checkpoint,
      '--out',
      out,
    );
    expect(first.status, first.stderr).toBe(0);
    const games = lines(checkpoint);
    expect(games).toHaveLength(12);
    const pairs = games.map((g) => g.levels.join('-')).sort();
    expect(new Set(pairs).size).toBe(12);
    for (const g of games) expect(new Set(g.levels).size).toBe(2);

    // The library's own updates, game by game in order; places from the totals (higher first, equal a draw).
    const skills = new Map<string, ReturnType<typeof rating>>();
    for (const g of [...games].sort((a, b) => a.index - b.index)) {
      const before = g.levels.map((l) => [skills.get(l) ?? rating()]);
      const ranks = g.totals.map((t) => 1 + g.totals.filter((o) => o > t).length);
      rate(before, { rank: ranks }).forEach(([after], seat) => skills.set(g.levels[seat], after));
    }
    const expected = Object.fromEntries(
      [...skills].map(([level, s]) => [level, Math.round(1000 + 40 * ordinal(s))]),
    );
    const module = written(out);
    expect(module.pools).toHaveLength(1);
    expect(module.pools[0]).toMatchObject({
      pool: 'sakura-2',
      game: 'sakura',
      players: 2,
      ratings: expected,
    });
    expect(first.stdout).toMatch(/\| sakura-2 \| 6 \|/);
  });

  it('goes on from its checkpoint, playing only the games missing (after a torn last line), and the threads change nothing', () => {
    const firstTwelve = lines(checkpoint);
    // The same 12 games on one thread, from nothing: the same outcomes, the same ratings.
    const alone = join(dir, 'alone.jsonl');
    const aloneOut = join(dir, 'alone.ts');
    const single = run(
      '--games',
      '12',
      '--pools',
      'sakura-2',
      '--threads',
      '1',
      '--checkpoint',
      alone,
      '--out',
      aloneOut,
    );
    expect(single.status, single.stderr).toBe(0);
    expect(lines(alone)).toEqual(firstTwelve);
    expect(written(aloneOut)).toEqual(written(out));

    // A run stopped mid-write (its last line torn), then asked for 24 games: it plays the 12 missing.
    writeFileSync(checkpoint, readFileSync(checkpoint, 'utf8') + '{"seed":"ladder","pool":"sak');
    const more = run(
      '--games',
      '24',
      '--pools',
      'sakura-2',
      '--threads',
      '2',
      '--checkpoint',
      checkpoint,
      '--out',
      out,
    );
    expect(more.status, more.stderr).toBe(0);
    expect(more.stderr).toContain('12 of 24 games in');
    const all = lines(checkpoint);
    expect(all.map((g) => g.index)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(all.slice(0, 12)).toEqual(firstTwelve);

    // Nothing left to play: the same ratings written again.
    const before = written(out);
    const again = run('--games', '24', '--pools', 'sakura-2', '--checkpoint', checkpoint, '--out', out);
    expect(again.stderr).toContain('24 of 24 games in');
    expect(written(out)).toEqual(before);
  });

  it('refuses a bad argument in one line, with the usage (exit 2)', () => {
    const zero = run('--games', '0');
    expect(zero.status).toBe(2);
    expect(zero.stderr.split('\n')[0]).toBe('--games must be a whole number of 1 or more, not "0"');
    const chess = run('--pools', 'chess');
    expect(chess.status).toBe(2);
    expect(chess.stderr.split('\n')[0]).toMatch(/^no pool "chess": the pools are koikoi-6, /);
    const unknown = run('--fast');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('usage: npm run ratings:bots');
  });
});
