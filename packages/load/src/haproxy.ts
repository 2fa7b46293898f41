/**
 * The repository's load balancer configuration (deploy/haproxy.cfg) run by Debian's HAProxy
 * in front of a test's or a benchmark's server processes: the same file with only its addresses
 * changed (its port, each process's, its admin socket). `HAPROXY` is false where haproxy is not installed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installed } from './installed.js';

const CONFIG = fileURLToPath(new URL('../../../deploy/haproxy.cfg', import.meta.url));

export const HAPROXY = installed('haproxy', '-v');

export interface LoadBalancer {
  readonly url: string;
  readonly wsUrl: string;
  /** Its log (health checks, servers going down and up). */
  output(): string;
  /** Whether the server of `address` (one of those it was started with) is in, as its health checks see it now. */
  isUp(address: string): Promise<boolean>;
  stop(): Promise<void>;
}

export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Starts HAProxy with the repository's configuration in front of these `host:port` addresses; resolves once it answers. */
export async function startLoadBalancer(servers: readonly string[]): Promise<LoadBalancer> {
  const dir = mkdtempSync(join(tmpdir(), 'hanafuda-haproxy-'));
  const port = await freePort();
  const lines = readFileSync(CONFIG, 'utf8').split('\n');
  const config = lines
    .filter((line) => !/^\s*server s\d+ /.test(line))
    .map((line) =>
      line
        .replace(/bind 127\.0\.0\.1:\d+/, `bind 127.0.0.1:${port}`)
        .replace('/run/haproxy-hanafuda.sock', join(dir, 'admin.sock')),
    );
  const backend = config.findIndex((line) => line.startsWith('backend game'));
  const last = config.findLastIndex((line, i) => i > backend && line.trim() !== '');
  config.splice(last + 1, 0, ...servers.map((address, i) => `    server s${i + 1} ${address}`));
  writeFileSync(join(dir, 'haproxy.cfg'), config.join('\n'));
  const child: ChildProcess = spawn('haproxy', ['-f', join(dir, 'haproxy.cfg'), '-db'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}): ${out}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not answer in 10 s: ${out}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    output: () => out,
    isUp: async (address) => {
      const i = servers.indexOf(address);
      if (i < 0) throw new Error(`haproxy: no server ${address}`);
      // The admin socket's `show stat` is CSV: proxy, server name, …, status (UP, DOWN, MAINT, …) in the 18th column.
      const stat = await adminCommand(join(dir, 'admin.sock'), 'show stat');
      const row = stat.split('\n').find((line) => line.startsWith(`game,s${i + 1},`));
      return row?.split(',')[17] === 'UP';
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One command on HAProxy's admin socket: its whole answer. */
function adminCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const connection = createConnection(socket, () => connection.end(`${command}\n`));
    connection.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}
