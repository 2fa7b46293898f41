/** The load suite's command line: usage, one line (exit 2) for each bad argument, and no server left behind by Ctrl-C. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseLoadArgs } from '../src/args.js';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

describe('npm run bench:server arguments', () => {
  it('prints its usage for --help and exits 0', () => {
    const run = spawnSync(process.execPath, [MAIN, '--help'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^npm run bench:server -- \[COMMAND\]/);
    for (const command of [
      'ladder',
      'bots',
      'hints',
      'spectate',
      'spectate-hold',
      'flood',
      'sigkill',
      'processes',
    ])
      expect(run.stdout).toContain(`  ${command} `);
  });

  for (const [argv, message] of [
    [['--games', 'abc'], '--games must be a whole number of at least 1 (got "abc")'],
    [['--games', '0'], '--games must be a whole number of at least 1 (got "0")'],
    [['--steps', '50,,1000'], '--steps must be a whole number of at least 1 (got "")'],
    [['--level', 'godlike'], '--level must be one of easy, normal, hard, expert (got "godlike")'],
    [
      ['warp'],
      'unknown command "warp": one of ladder, bots, hints, spectate, spectate-hold, flood, sigkill, processes, lobby, takeover, rolling, leaderboard, all',
    ],
    [['ladder', 'bots'], 'one command at a time (got ladder, bots)'],
    [['processes', '--processes', '0'], '--processes must be a whole number of at least 1 (got "0")'],
    [['processes', '--repeat', '0'], '--repeat must be a whole number of at least 1 (got "0")'],
    [['processes', '--warm-up', 'some'], '--warm-up must be a whole number of at least 0 (got "some")'],
    [['--think', 'soon'], '--think must be a whole number of at least 0 (got "soon")'],
    [['--workers', '0'], '--workers must be a whole number of at least 1 (got "0")'],
    [['--profile', ''], '--profile must name a folder'],
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
    expect(parseLoadArgs([])).toEqual({
      help: false,
      args: {
        command: 'ladder',
        steps: [50, 200, 1000],
        games: 50,
        rounds: 1,
        botRooms: 16,
        level: 'expert',
        timeoutSeconds: 300,
        thinkMs: 0,
        workers: Math.max(2, availableParallelism()),
        processes: 2,
        repeat: 3,
        players: 2000,
        rooms: 100_000,
        arriveSeconds: 60,
      },
    });
    expect(parseLoadArgs(['lobby', '--players', '300', '--arrive', '10'])).toMatchObject({
      args: { command: 'lobby', processes: 3, players: 300, arriveSeconds: 10 },
    });
    expect(parseLoadArgs(['leaderboard'])).toMatchObject({
      args: { command: 'leaderboard', players: 10_000, repeat: 3 },
    });
    expect(parseLoadArgs(['takeover', '--rooms', '5000'])).toMatchObject({
      args: { command: 'takeover', processes: 3, rooms: 5000 },
    });
    expect(parseLoadArgs(['rolling'])).toMatchObject({
      args: { command: 'rolling', processes: 3, games: 60, rounds: 3 },
    });
    expect(parseLoadArgs(['processes', '--repeat', '5', '--warm-up', '0'])).toMatchObject({
      args: { command: 'processes', repeat: 5, warmUpGames: 0 },
    });
    expect(
      parseLoadArgs(['spectate', '--sockets', '30', '--games', '5', '--think', '0', '--data', 'here']),
    ).toMatchObject({
      args: { command: 'spectate', sockets: 30, games: 5, thinkMs: 0, data: 'here' },
    });
  });

  it(
    "runs a small ladder: prints the latency, the generator threads' delay and the server's CPU time, and with --profile the server's CPU profiles",
    { timeout: 60_000 },
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'hanafuda-profile-'));
      try {
        const run = spawnSync(
          process.execPath,
          [MAIN, 'ladder', '--steps', '3', '--workers', '2', '--profile', dir],
          { encoding: 'utf8' },
        );
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
        expect(run.stdout).toMatch(/from sending `act` to receiving the update answering it/);
        // Three games send fewer than the 100 actions a p99 needs: it prints "-" rather than the maximum.
        expect(run.stdout).toMatch(
          / 3 at once: 3 games, 0 failed, .* latency p50 [\d.]+ ms p99 ([\d.]+ ms|-) .*generator loop delay p99 [\d.]+ ms \(worst of 2 threads\); server CPU [\d.]+ s\n/,
        );
        const profiles = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
        // The main thread, the SQLite writer and the search threads each write one.
        expect(profiles.length).toBeGreaterThanOrEqual(2);
        for (const f of profiles)
          expect(JSON.parse(readFileSync(join(dir, f), 'utf8'))).toMatchObject({
            nodes: expect.any(Array),
            samples: expect.any(Array),
          });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'kills its server and removes its data folder when stopped with Ctrl-C (SIGINT) in the middle of a run',
    { timeout: 30_000 },
    async () => {
      const bench = spawn(process.execPath, [MAIN, 'ladder', '--steps', '400'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const children = `/proc/${bench.pid}/task/${bench.pid}/children`;
      const dataDir = (pid: number) =>
        /--data\0([^\0]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1];
      bench.stdout.resume();
      const server = await new Promise<number>((resolve, reject) => {
        // The server child appears soon after the bench says what it measures (once it has run the server's program,
        // its command line names the data folder); there is no event for it, so it is looked for.
        const look = setInterval(() => {
          const pid = Number(readFileSync(children, 'utf8').trim().split(' ')[0]);
          if (!pid || !dataDir(pid)) return;
          clearInterval(look);
          resolve(pid);
        }, 20);
        bench.once('exit', () => {
          clearInterval(look);
          reject(new Error('the bench ended before its server started'));
        });
      });
      const folder = dataDir(server)!;
      expect(existsSync(folder)).toBe(true);
      const exited = new Promise<number | null>((resolve) => bench.once('exit', (code) => resolve(code)));
      bench.kill('SIGINT');
      expect(await exited).toBe(130);
      // Gone, or at most a zombie waiting for init to reap it.
      const alive = () =>
        existsSync(`/proc/${server}`) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${server}/stat`, 'utf8'));
      await expect.poll(alive, { timeout: 5_000 }).toBe(false);
      expect(existsSync(folder)).toBe(false);
    },
  );
});
