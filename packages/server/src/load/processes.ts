/**
 * Several server processes against one: the same games of people on one process, then on N
 * processes sharing one PostgreSQL and one Redis (each game's four sockets spread over them,
 * as a load balancer would, so most players reach their room through another process).
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { LoadArgs } from './args.js';
import { type ServerChild, removeFolder, startServer, temporaryFolder } from './child.js';
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
    for (let i = 0; i < n; i++) servers.push(await startServer(dataDir, databaseUrl));
    const cpuBefore = servers.map((s) => s.cpuSeconds() ?? 0);
    const machineBefore = machineTicks();
    const ownBefore = process.cpuUsage();
    const result = await playPhase(
      servers.map((s) => s.wsUrl),
      args.games,
      { rounds: args.rounds, timeoutMs: args.timeoutSeconds * 1000, thinkMs: args.thinkMs },
      args.workers,
    );
    const own = process.cpuUsage(ownBefore);
    const machineAfter = machineTicks();
    return {
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
  say(`processes: ${args.games} 4-player Sakura games of people (${args.rounds} round(s)) opened at once, on 1 process then on ${args.processes}, PostgreSQL + Redis`);
  const one = await onProcesses(args, 1, databaseUrl);
  const cpu = (r: typeof one) => `CPU ${r.cpu.map((c) => `${c.toFixed(1)} s`).join(', ')} in ${r.result.seconds.toFixed(1)} s (load generator ${r.generatorCpu.toFixed(1)} s), the machine's ${cpus().length} cores ${(100 * r.machineBusy).toFixed(0)}% busy`;
  say(`${describePhase('  1 process  ', one.result)}; peak memory ${mib(one.memory[0])}; ${cpu(one)}`);
  const many = await onProcesses(args, args.processes, databaseUrl);
  say(`${describePhase(`  ${args.processes} processes`, many.result)}; peak memory ${many.memory.map(mib).join(', ')}; ${cpu(many)}`);
  const rate = (r: typeof one.result) => r.games / r.seconds;
  say(
    `  ${args.processes} processes: ×${(rate(many.result) / rate(one.result)).toFixed(2)} the games/s of one (target ≥ ×1.5 with 2), ` +
      `p99 ${ms(percentile(many.result.latencies, 0.99))} against ${ms(percentile(one.result.latencies, 0.99))}`,
  );
}
