/** The load suite's command line: usage, and one line (exit 2) for each bad argument, without starting any server. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseLoadArgs } from '../src/load/args.js';

const MAIN = fileURLToPath(new URL('../dist/load/main.js', import.meta.url));

describe('npm run bench:server arguments', () => {
  it('prints its usage for --help and exits 0', () => {
    const run = spawnSync(process.execPath, [MAIN, '--help'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^npm run bench:server -- \[COMMAND\]/);
    for (const command of ['ladder', 'bots', 'hints', 'spectate', 'sigkill']) expect(run.stdout).toContain(`  ${command} `);
  });

  for (const [argv, message] of [
    [['--games', 'abc'], '--games must be a whole number of at least 1 (got "abc")'],
    [['--games', '0'], '--games must be a whole number of at least 1 (got "0")'],
    [['--steps', '50,,1000'], '--steps must be a whole number of at least 1 (got "")'],
    [['--level', 'godlike'], '--level must be one of easy, normal, hard, expert (got "godlike")'],
    [['warp'], 'unknown command "warp": one of ladder, bots, hints, spectate, sigkill, all'],
    [['ladder', 'bots'], 'one command at a time (got ladder, bots)'],
    [['--bogus'], "Unknown option '--bogus'"],
    [['--games'], "Option '--games <value>' argument missing"],
  ] as const) {
    it(`refuses ${argv.join(' ')} in one line, exit 2`, () => {
      const run = spawnSync(process.execPath, [MAIN, ...argv], { encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`bench:server: ${message} (see --help)\n`);
    });
  }

  it('reads sizes and defaults', () => {
    expect(parseLoadArgs([])).toEqual({ help: false, args: { command: 'ladder', steps: [50, 200, 1000], games: 50, rounds: 1, botRooms: 16, level: 'expert', timeoutSeconds: 300 } });
    expect(parseLoadArgs(['spectate', '--sockets', '30', '--games', '5', '--data', 'here'])).toMatchObject({ args: { command: 'spectate', sockets: 30, games: 5, data: 'here' } });
  });
});
