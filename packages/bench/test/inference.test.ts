/** `npm run bench:inference` and what it measures: the cost of Koi-Koi's hidden hand to a search's decisions. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { card } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { handLosses, handPositions } from '../src/hidden-hand.js';

const cli = fileURLToPath(new URL('../dist/inference.js', import.meta.url));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('hidden-hand positions', () => {
  const positions = handPositions(3, 'test');

  it('are hand plays after the opponent’s first, each with the opponent’s hand the view hides', () => {
    expect(positions.length).toBeGreaterThan(10);
    for (const { view, opponentHand } of positions) {
      const they = 1 - view.viewer!;
      expect(view.phase).toBe('hand');
      expect(view.plays.some((p) => p.seat === they)).toBe(true);
      expect(opponentHand).toHaveLength(view.handSizes[they]);
      const shown = new Set([...view.hand, ...view.field, ...view.captured.flat()].map(card));
      for (const c of opponentHand) expect(shown.has(c)).toBe(false);
    }
    expect(handPositions(3, 'test')).toEqual(positions);
  });

  it('price a search shown the hand below one that samples it, and never below zero', () => {
    const [shown, uniform] = handLosses(
      positions,
      [{ budget: { iterations: 100 }, shown: true }, { budget: { iterations: 100 } }],
      { iterations: 1000 },
    );
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    for (const loss of [...shown, ...uniform]) expect(loss).toBeGreaterThanOrEqual(0);
    expect(mean(shown)).toBeLessThan(mean(uniform));
  });
});

describe('bench:inference', () => {
  it('prints a line per sampler and the two paired differences', () => {
    const out = run('--games', '2', '--budget', '50', '--reference', '200');
    expect(out.status).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(
      /^Koi-Koi, \d+ hand plays after the opponent's first, in the first round of 2 games of expert against itself \(seed 1\); search:50 \(50 simulations\)'s decisions priced by search:200 shown/,
    );
    const figure = /-?\d+\.\d{3} \[-?\d+\.\d{3}, -?\d+\.\d{3}\]$/;
    for (const line of lines.slice(1)) expect(line).toMatch(figure);
    expect(lines[5]).toContain('the inference wins back (uniform − inferring), paired');
  });

  it('refuses an unknown argument or a bad number with the usage and exit code 2', () => {
    const unknown = run('--deals', '3');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('bench: unknown argument "--deals"');
    expect(unknown.stderr).toContain('usage: npm run bench:inference');
    const bad = run('--games', '0');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--games must be a whole number ≥ 1');
  });
});
