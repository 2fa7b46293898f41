/**
 * `hanafuda-server` refuses to start with one clear line on stderr and a non-zero exit (no
 * stack trace): a port in use, a host that is not this machine's, a PostgreSQL that does not
 * answer or is not PostgreSQL, a data folder it cannot write.
 */
import { spawn, spawnSync } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { type AddressInfo, type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from './support/child.js';
import { createDatabase } from './support/database.js';
import { PG_CTL, type PgCluster, startCluster } from './support/pg-cluster.js';
import { REDIS_SERVER, type RedisServer, startRedis } from './support/redis.js';

/** Runs the server to its exit: the exit code and what it wrote on stderr. */
/** Runs the server to its exit. One still running after `ms` is killed (no process outlives the test), and its output says so. */
function run(
  args: string[],
  env: Record<string, string> = {},
  ms = 20_000,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const late = setTimeout(() => {
    stderr += `(the server was still running after ${ms} ms, and was killed)\n`;
    child.kill('SIGKILL');
  }, ms);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(late);
      resolve({ code, stderr });
    }),
  );
}

/** Exactly one line, starting with the command's name. */
function expectOneLine(result: { code: number | null; stderr: string }, pattern: RegExp): void {
  expect(result.code).toBe(1);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^hanafuda-server: /);
  expect(lines[0]).toMatch(pattern);
}

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

describe('start-up errors', { timeout: 30_000 }, () => {
  const dirs: string[] = [];
  const servers: Server[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hanafuda-startup-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const s of servers.splice(0)) s.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('names a port already in use', async () => {
    const taken = createServer();
    servers.push(taken);
    const port = await listen(taken);
    expectOneLine(
      await run(['--port', String(port), '--data', dataDir()]),
      new RegExp(`port ${port} is already in use on 127\\.0\\.0\\.1`),
    );
  });

  it("names a host that is not this machine's, and one that does not exist", async () => {
    expectOneLine(
      await run(['--port', '0', '--host', '203.0.113.9', '--data', dataDir()]),
      /203\.0\.113\.9 is not an address of this machine/,
    );
    expectOneLine(
      await run(['--port', '0', '--host', 'no-such-host.invalid', '--data', dataDir()]),
      /there is no host "no-such-host\.invalid"/,
    );
  });

  it('names a PostgreSQL that refuses the connection, without its password', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const result = await run(['--port', '0'], {
      DATABASE_URL: `postgres://user:secret@127.0.0.1:${port}/games`,
    });
    expectOneLine(
      result,
      new RegExp(`cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port} \\(connection refused\\)`),
    );
    expect(result.stderr).not.toMatch(/secret/);
  });

  it('names a DATABASE_URL that is not PostgreSQL, or not a postgres:// URL', async () => {
    const notPostgres = createServer((socket) =>
      socket.on('data', () => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n')),
    );
    servers.push(notPostgres);
    const port = await listen(notPostgres);
    expectOneLine(
      await run(['--port', '0'], { DATABASE_URL: `postgres://user@127.0.0.1:${port}/games` }),
      /is not PostgreSQL/,
    );
    expectOneLine(
      await run(['--port', '0'], { DATABASE_URL: 'mysql://user@127.0.0.1/games' }),
      /DATABASE_URL must be a postgres:\/\/ URL/,
    );
  });

  it('refuses REDIS_URL without DATABASE_URL, and one that is not a redis:// URL (exit 2)', async () => {
    const alone = await run(['--port', '0', '--data', dataDir()], { REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(alone).toEqual({
      code: 2,
      stderr:
        'hanafuda-server: REDIS_URL needs DATABASE_URL: several processes share one PostgreSQL database (SQLite is for one process)\n',
    });
    const wrong = await run(['--port', '0'], {
      DATABASE_URL: 'postgres://user@127.0.0.1:1/games',
      REDIS_URL: 'http://127.0.0.1:6379',
    });
    expect(wrong).toEqual({
      code: 2,
      stderr: 'hanafuda-server: REDIS_URL must be a redis:// or rediss:// URL (got "http:…")\n',
    });
  });

  it('refuses a HANAFUDA_SQLITE_SYNC that is neither full nor normal (exit 2)', async () => {
    const result = await run(['--port', '0', '--data', dataDir()], { HANAFUDA_SQLITE_SYNC: 'off' });
    expect(result).toEqual({
      code: 2,
      stderr: 'hanafuda-server: HANAFUDA_SQLITE_SYNC must be full or normal (not "off")\n',
    });
  });

  it('refuses a log level or a metrics port it does not know (exit 2)', async () => {
    const result = await run(['--port', '0', '--data', dataDir(), '--log-level', 'loud'], {});
    expect(result).toEqual({
      code: 2,
      stderr:
        'hanafuda-server: --log-level / HANAFUDA_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (not "loud")\n',
    });
    const port = await run(['--port', '0', '--data', dataDir()], { HANAFUDA_METRICS_PORT: 'public' });
    expect(port).toEqual({
      code: 2,
      stderr:
        'hanafuda-server: --metrics-port / HANAFUDA_METRICS_PORT must be a port number (not "public")\n',
    });
  });

  it('refuses a data folder it cannot write', async (context) => {
    const dir = dataDir();
    // root writes through permissions: a read-only file system is the real case there.
    const root = process.getuid?.() === 0;
    try {
      if (root) execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir], { stdio: 'ignore' });
      else chmodSync(dir, 0o555);
    } catch {
      context.skip('cannot make a read-only folder here (mounting is not allowed)');
    }
    try {
      expectOneLine(
        await run(['--port', '0', '--data', dir]),
        new RegExp(
          `cannot write to the data folder ${dir} \\((it is on a read-only file system|permission denied)\\)`,
        ),
      );
    } finally {
      if (root) execFileSync('umount', [dir]);
      else chmodSync(dir, 0o755);
    }
  });

  // Node's recursive mkdir spins for ever on these, at full CPU and deaf to SIGTERM: each must end at once, with its reason.
  it('refuses a data folder it cannot make: under /proc, under a link to nothing, under a file', async (context) => {
    if (!existsSync('/proc/self')) context.skip('no /proc here');
    const dir = dataDir();
    const link = join(dir, 'unmounted');
    symlinkSync(join(dir, 'gone'), link);
    const file = join(dir, 'notes.txt');
    writeFileSync(file, '');
    const [proc, dangling, underFile] = await Promise.all([
      run(['--port', '0', '--data', '/proc/x']),
      run(['--port', '0', '--data', join(link, 'data')]),
      run(['--port', '0', '--data', join(file, 'data')]),
    ]);
    expectOneLine(proc, /cannot write to the data folder \/proc\/x \(\/proc cannot hold new folders\)/);
    expectOneLine(
      dangling,
      new RegExp(
        `cannot write to the data folder ${link}/data \\(${link} is a link to something that does not exist\\)`,
      ),
    );
    expectOneLine(
      underFile,
      new RegExp(`cannot write to the data folder ${file}/data \\(${file} is not a folder\\)`),
    );
  });
});

describe('--help', () => {
  it('names every environment variable the server reads', () => {
    const read = new Set(
      readFileSync(new URL('../src/main.ts', import.meta.url), 'utf8').match(/(?<=\benv\.)[A-Z][A-Z0-9_]+/g),
    );
    expect(read.size).toBeGreaterThan(10);
    const help = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect([...read].filter((name) => !new RegExp(`\\b${name}\\b`).test(help.stdout))).toEqual([]);
  });
});

const missing = [!PG_CTL && 'postgres', !REDIS_SERVER && 'redis-server'].filter(Boolean);

describe.skipIf(missing.length > 0)(
  'start-up errors of a process of a cluster (PostgreSQL and Redis)',
  { timeout: 60_000 },
  () => {
    let pgCluster: PgCluster;
    let redis: RedisServer;
    let env: Record<string, string>;
    const taken = createServer();
    beforeAll(async () => {
      pgCluster = startCluster();
      redis = startRedis();
      env = {
        DATABASE_URL: (await createDatabase(pgCluster.url, 'hanafuda_startup')).url,
        REDIS_URL: redis.url,
      };
    }, 120_000);
    afterAll(() => {
      taken.close();
      redis?.destroy();
      pgCluster?.destroy();
    });

    it('names a port already in use and exits: what it opened before listening (Redis, PostgreSQL, restored rooms) is closed', async () => {
      const port = await listen(taken);
      expectOneLine(
        await run(['--port', String(port)], env),
        new RegExp(`port ${port} is already in use on 127\\.0\\.0\\.1`),
      );
    });
  },
);
