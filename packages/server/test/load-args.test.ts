/** The load suite's command line: usage, one line (exit 2) for each bad argument, and no server left behind by Ctrl-C. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseLoadArgs } from '../src/load/args.js';

const MAIN = fileURLToPath(new URL('../dist/load/main.js', import.meta.url));

describe('npm run bench:server arguments', () => {
  it('prints its usage for --help and exits 0', () => {
    const run = spawnSync(process.execPath, [MAIN, '--help'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^npm run bench:server -- \[COMMAND\]/);
    for (const command of ['ladder', 'bots', 'hints', 'spectate', 'sigkill', 'processes']) expect(run.stdout).toContain(`  ${command} `);
  });

  for (const [argv, message] of [
    [['--games', 'abc'], '--games must be a whole number of at least 1 (got "abc")'],
    [['--games', '0'], '--games must be a whole number of at least 1 (got "0")'],
    [['--steps', '50,,1000'], '--steps must be a whole number of at least 1 (got "")'],
    [['--level', 'godlike'], '--level must be one of easy, normal, hard, expert (got "godlike")'],
    [['warp'], 'unknown command "warp": one of ladder, bots, hints, spectate, sigkill, processes, all'],
    [['ladder', 'bots'], 'one command at a time (got ladder, bots)'],
    [['processes', '--processes', '0'], '--processes must be a whole number of at least 1 (got "0")'],
    [['--think', 'soon'], '--think must be a whole number of at least 0 (got "soon")'],
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
    expect(parseLoadArgs([])).toEqual({ help: false, args: { command: 'ladder', steps: [50, 200, 1000], games: 50, rounds: 1, botRooms: 16, level: 'expert', timeoutSeconds: 300, thinkMs: 0, processes: 2 } });
    expect(parseLoadArgs(['spectate', '--sockets', '30', '--games', '5', '--think', '0', '--data', 'here'])).toMatchObject({ args: { command: 'spectate', sockets: 30, games: 5, thinkMs: 0, data: 'here' } });
  });

  it('kills its server and removes its data folder when stopped with Ctrl-C (SIGINT) in the middle of a run', { timeout: 30_000 }, async () => {
    const bench = spawn(process.execPath, [MAIN, 'ladder', '--steps', '400'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const children = `/proc/${bench.pid}/task/${bench.pid}/children`;
    const dataDir = (pid: number) => /--data\0([^\0]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))![1];
    const server = await new Promise<number>((resolve, reject) => {
      bench.once('exit', () => reject(new Error('the bench ended before its server started')));
      // The server child exists once the bench says what it measures; its games are then under way.
      bench.stdout.on('data', () => {
        const pids = readFileSync(children, 'utf8').trim();
        if (pids) resolve(Number(pids.split(' ')[0]));
      });
    });
    const folder = dataDir(server);
    expect(existsSync(folder)).toBe(true);
    const exited = new Promise<number | null>((resolve) => bench.once('exit', (code) => resolve(code)));
    bench.kill('SIGINT');
    expect(await exited).toBe(130);
    // Gone, or at most a zombie waiting for init to reap it.
    const alive = () => existsSync(`/proc/${server}`) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${server}/stat`, 'utf8'));
    await expect.poll(alive, { timeout: 5_000 }).toBe(false);
    expect(existsSync(folder)).toBe(false);
  });
});
