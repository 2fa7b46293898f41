/** `hanafuda arena --record FILE`: a run stopped part way goes on from its record and tallies what one whole run tallies. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './support/run.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'arena-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 4 games of 2 deals each, unless `flags` say otherwise. */
const arena = (record: string, flags: Record<string, string> = {}) =>
  runCli([
    'arena',
    ...Object.entries({
      game: 'koikoi',
      bots: 'greedy,random',
      deals: '8',
      'game-rounds': '2',
      seed: 'rec',
      threads: '1',
      record,
      ...flags,
    }).flatMap(([flag, value]) => [`--${flag}`, value]),
  ]);

/** The output without its decision times (the only figures a resumed run takes from two runs' clocks). */
const untimed = (out: string[]) => out.map((line) => line.replace(/\s+(?:[\d.]+|-) (?:[\d.]+|-)$/, ''));

/** A record's games without their decision times. */
const gamesIn = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const game = JSON.parse(line) as { game: number; outcomes: { ms?: unknown }[][] };
      for (const deal of game.outcomes) for (const o of deal) delete o.ms;
      return game;
    })
    .sort((a, b) => a.game - b.game);

describe('arena --record', () => {
  it('a run cut short, run again, plays only the games it lacks and prints what a whole run prints', async () => {
    const whole = join(dir, 'whole.jsonl');
    const full = await arena(whole);
    expect(full.code).toBe(0);
    expect(full.err).toContain('0 of 4 games kept');
    const lines = readFileSync(whole, 'utf8').split('\n');
    expect(lines).toHaveLength(6); // the run, 4 games, the last newline
    expect(JSON.parse(lines[0])).toMatchObject({
      arena: 1,
      run: { seed: 'rec', botNames: ['greedy', 'random'] },
    });

    // Killed in the middle of writing its third game.
    const cut = join(dir, 'cut.jsonl');
    writeFileSync(cut, `${lines.slice(0, 3).join('\n')}\n${lines[3].slice(0, 40)}`);
    const resumed = await arena(cut, { threads: '2' });
    expect(resumed.code).toBe(0);
    expect(resumed.err).toContain('2 of 4 games kept');
    expect(untimed(resumed.out)).toEqual(untimed(full.out));
    expect(gamesIn(cut)).toEqual(gamesIn(whole));

    // Whole now: nothing is played again, so even the decision times are the record's.
    const before = readFileSync(cut, 'utf8');
    const again = await arena(cut);
    expect(again.err).toContain('4 of 4 games kept');
    expect(again.out).toEqual(resumed.out);
    expect(readFileSync(cut, 'utf8')).toBe(before);
  }, 120_000);

  it("refuses another run's record, saying what differs, and a file that is no record", async () => {
    const path = join(dir, 'other.jsonl');
    expect((await arena(path, { deals: '2' })).code).toBe(0);
    const other = await arena(path, { deals: '2', seed: 'another' });
    expect(other.code).toBe(2);
    expect(other.err).toContain('seed: "rec", not "another"');
    // Someone's notes, given by mistake, are refused and left as they were (even an unfinished last line).
    for (const text of ['my notes\n', 'my notes\nand more', 'one line']) {
      const notes = join(dir, 'notes.txt');
      writeFileSync(notes, text);
      const wrong = await arena(notes);
      expect(wrong.code).toBe(2);
      expect(wrong.err).toMatch(/line 1 of .* is not JSON|is not an arena record/);
      expect(readFileSync(notes, 'utf8')).toBe(text);
    }
  });

  it("names a baseline by its checkout's commit, not where it sits: the same checkout by another path goes on, a changed one is refused", async () => {
    // A checkout of its own (git's) whose built packages are this one's.
    const checkout = join(dir, 'baseline');
    mkdirSync(checkout);
    for (const part of ['packages', 'node_modules']) symlinkSync(join(ROOT, part), join(checkout, part));
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', checkout, ...args], { encoding: 'utf8' }).trim();
    git('init', '-q');
    writeFileSync(join(checkout, 'README.md'), 'the baseline\n');
    git('add', 'README.md');
    git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'baseline');
    const commit = git('rev-parse', 'HEAD');

    const path = join(dir, 'baseline.jsonl');
    const flags = { bots: 'greedy,baseline:greedy', deals: '4' };
    expect((await arena(path, { ...flags, baseline: checkout })).code).toBe(0);
    const text = readFileSync(path, 'utf8');
    expect(JSON.parse(text.split('\n')[0])).toMatchObject({ run: { baseline: commit } });
    expect(text).not.toContain(dir);

    const moved = join(dir, 'moved');
    symlinkSync(checkout, moved);
    const again = await arena(path, { ...flags, baseline: moved });
    expect(again.code).toBe(0);
    expect(again.err).toContain('2 of 2 games kept');

    writeFileSync(join(checkout, 'README.md'), 'the baseline, changed\n');
    const changed = await arena(path, { ...flags, baseline: checkout });
    expect(changed.code).toBe(2);
    expect(changed.err).toContain(`baseline: "${commit}", not "${commit}+changes"`);
  }, 60_000);
});
