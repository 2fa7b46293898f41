/**
 * The server under test, a child process (as people run it). Every child is killed, and
 * every temporary data folder removed, on every way out of the load suite: its end, an
 * error, Ctrl-C, SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../server/bin/hanafuda-server.js', import.meta.url));
const live = new Set<ChildProcess>();
const folders = new Set<string>();

/** A new temporary data folder, removed by `cleanUp` if not before. */
/**
 * The PostgreSQL a several-process command (`command`) shares, with Redis beside it: its URL, or
 * null when either is not set and the command is `optional` (said to be skipped); else it throws.
 */
export function clusterDatabaseUrl(command: string, optional: boolean): string | null {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl && process.env.REDIS_URL) return databaseUrl;
  const why = `${command}: needs DATABASE_URL and REDIS_URL (the processes share one PostgreSQL and one Redis)`;
  if (!optional) throw new Error(why);
  console.log(`${why}: skipped`);
  return null;
}

export function temporaryFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hanafuda-load-'));
  folders.add(dir);
  return dir;
}

export function removeFolder(dir: string): void {
  folders.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}

/** Kills every child still running and removes the temporary folders (synchronous: it also runs from process.on('exit')). */
export function cleanUp(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
  for (const dir of folders) removeFolder(dir);
}

export interface ServerChild {
  readonly wsUrl: string;
  /** Its id among processes on one PostgreSQL (as its log says it). */
  readonly node?: string;
  /** Its Prometheus metrics, when started with `--metrics-port`. */
  readonly metricsUrl?: string;
  /** Its peak resident memory so far (bytes; Linux's /proc), or null where that cannot be read. */
  peakMemory(): number | null;
  /** CPU time the server has used so far, all its threads, user and system (seconds; Linux's /proc), or null where that cannot be read. */
  cpuSeconds(): number | null;
  /** Kills the server (SIGKILL: a crash; SIGTERM: a clean stop) and waits for it to be gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `hanafuda-server` on a free loopback port over `dataDir` (or DATABASE_URL when
 * `databaseUrl` is given); with `profileDir`, each of its threads writes a CPU profile
 * there when it stops (open it in Chrome's DevTools, Performance panel); `args` are more of its own
 * (a later `--port` wins over the free one), `moreEnv` more of its environment.
 */
export function startServer(
  dataDir: string,
  databaseUrl?: string,
  profileDir?: string,
  args: readonly string[] = [],
  moreEnv: Readonly<Record<string, string>> = {},
): Promise<ServerChild> {
  // The load balancer (when there is one) is on loopback and names each player's address.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HANAFUDA_BOT_DELAY_MS: '0',
    HANAFUDA_TRUSTED_PROXIES: '127.0.0.1',
    ...moreEnv,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const child = spawn(
    process.execPath,
    [...profile, BIN, '--port', '0', '--data', dataDir, '--web', dataDir, ...args],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  live.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => live.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    const collect = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /game server at (ws:\/\/[^\s;]+)/.exec(out);
      // With metrics, their address is said just after.
      const metrics = /metrics at (http:\/\/[^\s"]+)/.exec(out);
      if (!m || (args.includes('--metrics-port') && !metrics)) return;
      // From now on the output is only drained (a full pipe would stall the server).
      child.stdout!.off('data', collect);
      child.stdout!.resume();
      const node = /"process":"([0-9a-f]+)"/.exec(out)?.[1];
      resolve({
        wsUrl: m[1],
        ...(node ? { node } : {}),
        ...(metrics ? { metricsUrl: metrics[1] } : {}),
        peakMemory: () => peakMemory(child.pid),
        cpuSeconds: () => cpuSeconds(child.pid),
        async stop(signal: NodeJS.Signals = 'SIGTERM') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code, signal) =>
      reject(
        new Error(
          `the server stopped (${signal ?? code}) before it listened: ${out.trim().split('\n').at(-1) ?? ''}`,
        ),
      ),
    );
  });
}

function peakMemory(pid: number | undefined): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** User and system time from /proc/PID/stat (fields 14 and 15, in clock ticks of 1/100 s on Linux). */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
