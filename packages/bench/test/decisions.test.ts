/** `npm run bench:decisions` and what it counts: a budget's decisions against a larger search's. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { koikoi } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { agreement } from '../src/agreement.js';
import { firstDecisions } from '../src/positions.js';

const cli = fileURLToPath(new URL('../dist/decisions.js', import.meta.url));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('agreement', () => {
  const views = firstDecisions(koikoi, 6);

  it('a search against itself on the same samples agrees everywhere and loses nothing', () => {
    const a = agreement(views, { iterations: 60 }, { iterations: 60 }, 'agreement');
    expect(a).toEqual({ positions: 6, differ: 0, meanLoss: 0, capped: 0 });
  });

  it('a tiny search differs from a large one somewhere, at a cost, and a moves cap that cuts is counted', () => {
    const a = agreement(views, { iterations: 2 }, { iterations: 600 });
    expect(a.positions).toBe(6);
    expect(a.differ).toBeGreaterThan(0);
    expect(a.meanLoss).toBeGreaterThan(0);
    expect(a.capped).toBe(0);
    // A round's first plays simulate far more than 20 moves at 60 simulations.
    expect(agreement(views, { iterations: 60, moves: 20 }, { iterations: 60 }).capped).toBe(6);
  });
});

describe('bench:decisions', () => {
  it('prints a line for the first decisions of a round and one for the later ones', () => {
    const out = run('--positions', '2', '--reference', '40', '--budget', '20/400');
    expect(out.status).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    const line =
      /^koikoi 2p search:20\/400 \(20 simulations or 400 moves\) against search:40, (first decisions of a round|later decisions): \d+ of (\d+) differ; mean loss \d+\.\d{3} points a decision by the reference's values; \d+ cut by the moves cap$/;
    expect(lines[0]).toMatch(line);
    expect(lines[0]).toContain('first decisions of a round: ');
    expect(lines[0]).toContain(' of 2 differ');
    expect(lines[1]).toContain('later decisions: ');
    expect(lines[1]).toContain(' of 4 differ');
  }, 60_000);

  it('names the level and its budget in the game', () => {
    const out = run('--game', 'nara', '--positions', '1', '--reference', '20');
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(
      /^nara 4p hard \(100 simulations or 2000 moves\) against search:20, first decisions of a round: /,
    );
  }, 60_000);

  it.each([
    [['--level', 'easy'], /--level must be hard or expert/],
    [['--budget', '10/x'], /--budget must be N or N\/M/],
    [['--game', 'chess'], /--game must be koikoi, sakura or nara/],
    [['--positions', '0'], /--positions must be a whole number/],
    [['--reference'], /--reference needs a value/],
    [['--deals', '3'], /unknown argument "--deals"/],
  ])('%j is refused in one line with the usage, exit 2', (args, message) => {
    const out = run(...args);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(new RegExp(`^bench: ${message.source}`));
    expect(out.stderr).toContain('usage: npm run bench:decisions');
    expect(out.stdout).toBe('');
  });
});
