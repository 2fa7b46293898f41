/** The status line of long runs at a terminal: the count, the time so far, the time left; arena's counts every deal. */
import { describe, expect, it } from 'vitest';
import { main } from '../src/main.js';
import { progressLine } from '../src/progress.js';
import { memoryIo } from './support/run.js';

describe('progress', () => {
  it('estimates the time left from the pace so far', () => {
    // 25 of 100 in 10 s: 75 more at 0.4 s each is 30 s.
    expect(progressLine('arena', 25, 100, 'deals', 10_000)).toBe(
      `arena [${'#'.repeat(8)}${'.'.repeat(22)}] 25/100 deals, 10 s so far, about 30 s left`,
    );
    // 1 of 40 in 2 min: 78 min left.
    expect(progressLine('reviewing', 1, 40, 'decisions', 120_000)).toMatch(/120 s so far|2 min so far/);
    expect(progressLine('reviewing', 1, 40, 'decisions', 120_000)).toMatch(/about 78 min left$/);
    expect(progressLine('arena', 4, 4, 'deals', 5000)).toBe(`arena [${'#'.repeat(30)}] 4/4 deals`);
  });

  it('arena shows its deals counted up to the last, then clears the line', async () => {
    const m = memoryIo();
    const shown: (string | null)[] = [];
    const code = await main(
      [
        'arena',
        '--game',
        'sakura',
        '--players',
        '2',
        '--bots',
        'greedy,random',
        '--deals',
        '12',
        '--seed',
        'p',
        '--game-rounds',
        '3',
        '--threads',
        '2',
      ],
      { ...m.io, progress: (l) => shown.push(l) },
    );
    expect(code).toBe(0);
    expect(shown.at(-1)).toBeNull();
    expect(shown.at(-2)).toBe(`arena [${'#'.repeat(30)}] 12/12 deals`);
    expect(shown.slice(0, -2).every((l) => /^arena \[#*\.*\] \d+\/12 deals/.test(l!))).toBe(true);
  });
});
