/**
 * Several server processes against one: the same games of people on 1, 2, … N processes
 * sharing one PostgreSQL and one Redis, behind the repository's HAProxy configuration (each
 * player opening the room's address, so the load balancer sends the room's players to one
 * process), with the CPU each process spent per action and the share of actions relayed
 * between processes. Without haproxy, each game's sockets are spread over the processes
 * instead (most players then reach their room through another process).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import type { LoadArgs } from './args.js';
import { type ServerChild, removeFolder, startServer, temporaryFolder } from './child.js';
import { HAPROXY, type LoadBalancer, startLoadBalancer } from './haproxy.js';
import { playPhase } from './phase.js';
import { describePhase, percentile, ms } from './stats.js';

const say = (line: string) => console.log(line);

/** The machine's CPU time, busy and in all (Linux's /proc/stat, every process of every user: the cores are shared). */
function machineTicks(): { busy: number; all: number } | null {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const ticks = fields.map(Number);
    const all = ticks.reduce((a, b) => a + b, 0);
    // idle and iowait are not busy.
    return { busy: all - ticks[3] - ticks[4], all };
  } catch {
    return null;
  }
}
const mib = (bytes: number | null) => (bytes === null ? '-' : `${Math.round(bytes / 2 ** 20)} MiB`);

/** The phase's games on `n` fresh processes; answers the phase's figures and each process's peak memory. */
async function onProcesses(args: LoadArgs, n: number, databaseUrl: string) {
  const dataDir = temporaryFolder();
  const servers: ServerChild[] = [];
  try {
    // With --profile, each process's profiles go to a folder of its own: DIR/<n>-processes/<i>.
    for (let i = 0; i < n; i++) servers.push(await startServer(dataDir, databaseUrl, args.profile && join(args.profile, `${n}-processes`, String(i))));
    const balancer: LoadBalancer | null = HAPROXY ? await startLoadBalancer(servers.map((s) => new URL(s.wsUrl).host)) : null;
    const cpuBefore = servers.map((s) => s.cpuSeconds() ?? 0);
    const machineBefore = machineTicks();
    const ownBefore = process.cpuUsage();
    const result = await playPhase(
      balancer ? balancer.wsUrl : servers.map((s) => s.wsUrl),
      args.games,
      { rounds: args.rounds, timeoutMs: args.timeoutSeconds * 1000, thinkMs: args.thinkMs, byRoom: balancer !== null },
      args.workers,
    );
    const own = process.cpuUsage(ownBefore);
    const machineAfter = machineTicks();
    await balancer?.stop();
    // Each process's count of its sockets' actions: played in a room of its own, or relayed to another process.
    const paths = await Promise.all(
      servers.map(
        async (s) =>
          ((await (await fetch(s.wsUrl.replace(/^ws/, 'http').replace(/\/ws$/, '/api/health'))).json()) as { actions: { local: number; relayed: number } })
            .actions,
      ),
    );
    return {
      relayed:
        paths.reduce((sum, p) => sum + p.relayed, 0) /
        Math.max(
          1,
          paths.reduce((sum, p) => sum + p.local + p.relayed, 0),
        ),
      result,
      memory: servers.map((s) => s.peakMemory()),
      // Where the time went: each process's CPU seconds during the phase, and the load generator's (on the same cores).
      cpu: servers.map((s, i) => (s.cpuSeconds() ?? Number.NaN) - cpuBefore[i]),
      generatorCpu: (own.user + own.system) / 1e6,
      machineBusy: machineBefore && machineAfter ? (machineAfter.busy - machineBefore.busy) / (machineAfter.all - machineBefore.all) : Number.NaN,
    };
  } finally {
    for (const server of servers) await server.stop();
    removeFolder(dataDir);
  }
}

export async function processes(args: LoadArgs, optional = false): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !process.env.REDIS_URL) {
    const why = 'processes: needs DATABASE_URL and REDIS_URL (the processes share one PostgreSQL and one Redis)';
    if (optional) return say(`${why}: skipped`);
    throw new Error(why);
  }
  const how = HAPROXY
    ? "behind HAProxy (deploy/haproxy.cfg), each player opening its room's address"
    : "each game's sockets spread over the processes (haproxy is not installed)";
  say(
    `processes: ${args.games} 4-player Sakura games of people (${args.rounds} round(s)) opened at once, on 1 to ${args.processes} processes, PostgreSQL + Redis, ${how}`,
  );
  const cpu = (r: Awaited<ReturnType<typeof onProcesses>>) =>
    `CPU ${r.cpu.map((c) => `${c.toFixed(1)} s`).join(', ')} in ${r.result.seconds.toFixed(1)} s (load generator ${r.generatorCpu.toFixed(1)} s), the machine's ${cpus().length} cores ${(100 * r.machineBusy).toFixed(0)}% busy`;
  const perAction = (r: Awaited<ReturnType<typeof onProcesses>>) => (1000 * r.cpu.reduce((a, b) => a + b, 0)) / r.result.latencies.length;
  const rate = (r: Awaited<ReturnType<typeof onProcesses>>) => r.result.games / r.result.seconds;
  let one: Awaited<ReturnType<typeof onProcesses>> | null = null;
  for (let n = 1; n <= args.processes; n++) {
    const r = await onProcesses(args, n, databaseUrl);
    one ??= r;
    say(`${describePhase(`  ${n} process${n === 1 ? '  ' : 'es'}`, r.result)}; peak memory ${r.memory.map(mib).join(', ')}; ${cpu(r)}`);
    say(
      `  ${n} process${n === 1 ? '' : 'es'}: ${(100 * r.relayed).toFixed(1)}% of actions relayed (target < 5%), server CPU ${perAction(r).toFixed(2)} ms per action` +
        (n > 1
          ? ` (×${(perAction(r) / perAction(one)).toFixed(2)} one process's, target ≤ ×1.10); ×${(rate(r) / rate(one)).toFixed(2)} the games/s of one (target ≥ ×1.5 with 2, given the cores), p99 ${ms(percentile(r.result.latencies, 0.99))} against ${ms(percentile(one.result.latencies, 0.99))}`
          : ''),
    );
  }
}
