/** `npm run bench:strength` reads the arena's paired line; checked here against a real (short) arena run. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RUNGS, pairedLine } from '../src/strength.js';

const CLI = fileURLToPath(new URL('../../cli/bin/hanafuda.js', import.meta.url));

describe('bench:strength', () => {
  it("finds the challenger's paired difference in the arena's output", () => {
    const run = spawnSync(
      process.execPath,
      [
        CLI,
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
        's',
        '--threads',
        '1',
      ],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const line = pairedLine(run.stdout, 'greedy,random');
    expect(line).not.toBeNull();
    expect(line!.diff).toMatch(/^[+-]\d+\.\d\d \[[+-]\d+\.\d\d, [+-]\d+\.\d\d\]$/);
    expect(['better', 'worse', 'no clear difference']).toContain(line!.verdict);
    expect(pairedLine(run.stdout, 'greedy,easy')).toBeNull();
  });

  it('covers every step of the ladder in each of the four tables', () => {
    expect(RUNGS).toHaveLength(20);
    expect(new Set(RUNGS.map((r) => r.table)).size).toBe(4);
  });
});
