/**
 * Several server processes against one: the same games of people on 1, 2, … N processes
 * sharing one PostgreSQL and one Redis, behind the repository's HAProxy configuration (each
 * player opening the room's address, so the load balancer sends the room's players to one
 * process), with the CPU each process spent per action and the share of actions relayed
 * between processes. Without haproxy, each game's sockets are spread over the processes
 * instead (most players then reach their room through another process).
 *
 * A fair comparison: the N processes are started once and warmed up (a fresh process spends
 * its first thousands of actions compiling; N fresh processes would pay that N times on 1/N
 * of the actions each); setup n is the first n of them behind a balancer of its own; each
 * process's idle CPU (health checks, takeover sweeps) is measured first and subtracted; and
 * the setups take turns, round after round, so the other work on shared cores weighs on each.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { LoadArgs } from './args.js';
import { type ServerChild, clusterDatabaseUrl, removeFolder, startServer, temporaryFolder } from './child.js';
import { HAPROXY, type LoadBalancer, startLoadBalancer } from './haproxy.js';
import { actPaths } from './metric-samples.js';
import { playPhase } from './phase.js';
import { type PhaseResult, ms, percentile } from './stats.js';

const say = (line: string) => console.log(line);
const mib = (bytes: number | null) => (bytes === null ? '-' : `${Math.round(bytes / 2 ** 20)} MiB`);
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const spread = (xs: readonly number[], digits = 2) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

interface Setup {
  readonly label: string;
  readonly servers: readonly ServerChild[];
  readonly balancer: LoadBalancer | null;
  readonly games: number;
}

interface Measured {
  readonly result: PhaseResult;
  /** Server CPU per action (ms): every process of the setup, less its idle CPU over the phase. */
  readonly cpuPerAction: number;
  readonly relayed: number;
}

/** Each process's count of its sockets' actions so far (its metrics): played in a room of its own, or relayed to another process. */
const actionPaths = (server: ServerChild) => actPaths(server.metricsUrl!);

/** Each process's CPU seconds per second while no game is played (its timers, the load balancer's health checks). */
async function idleCpu(servers: readonly ServerChild[], seconds: number): Promise<number[]> {
  const before = servers.map((s) => s.cpuSeconds() ?? 0);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return servers.map((s, i) => ((s.cpuSeconds() ?? 0) - before[i]) / seconds);
}

async function measure(args: LoadArgs, setup: Setup, idle: readonly number[]): Promise<Measured> {
  const before = setup.servers.map((s) => s.cpuSeconds() ?? Number.NaN);
  const pathsBefore = await Promise.all(setup.servers.map(actionPaths));
  const result = await playOn(args, setup, setup.games);
  const cpu = setup.servers.reduce(
    (sum, s, i) => sum + (s.cpuSeconds() ?? Number.NaN) - before[i] - idle[i] * result.seconds,
    0,
  );
  const paths = await Promise.all(setup.servers.map(actionPaths));
  const local = paths.reduce((sum, p, i) => sum + p.local - pathsBefore[i].local, 0);
  const relayed = paths.reduce((sum, p, i) => sum + p.relayed - pathsBefore[i].relayed, 0);
  return {
    result,
    cpuPerAction: (1000 * cpu) / result.latencies.length,
    relayed: relayed / Math.max(1, local + relayed),
  };
}

function playOn(args: LoadArgs, setup: Setup, games: number): Promise<PhaseResult> {
  return playPhase(
    setup.balancer ? setup.balancer.wsUrl : setup.servers.map((s) => s.wsUrl),
    games,
    {
      rounds: args.rounds,
      timeoutMs: args.timeoutSeconds * 1000,
      thinkMs: args.thinkMs,
      byRoom: setup.balancer !== null,
    },
    args.workers,
  );
}

export async function processes(args: LoadArgs, optional = false): Promise<void> {
  const databaseUrl = clusterDatabaseUrl('processes', optional);
  if (databaseUrl === null) return;
  const how = HAPROXY
    ? "behind HAProxy (deploy/haproxy.cfg), each player opening its room's address"
    : "each game's sockets spread over the processes (haproxy is not installed)";
  const N = args.processes;
  const warmUp = args.warmUpGames ?? 4 * args.games;
  say(
    `processes: ${args.games} 4-player Sakura games of people (${args.rounds} round(s)) opened at once, on 1 to ${N} processes, PostgreSQL + Redis, ${how}; ` +
      `${warmUp} games to warm the processes up first, then ${args.repeat} rounds of every setup in turn`,
  );
  const dataDir = temporaryFolder();
  const servers: ServerChild[] = [];
  const setups: Setup[] = [];
  try {
    // With --profile, each process's profiles go to a folder of its own: DIR/<i> (warm-up included).
    for (let i = 0; i < N; i++)
      servers.push(
        await startServer(dataDir, databaseUrl, args.profile && join(args.profile, String(i)), [
          '--metrics-port',
          '0',
        ]),
      );
    for (let n = 1; n <= N; n++) {
      const these = servers.slice(0, n);
      const balancer = HAPROXY ? await startLoadBalancer(these.map((s) => new URL(s.wsUrl).host)) : null;
      setups.push({
        label: `${n} process${n === 1 ? '' : 'es'}`,
        servers: these,
        balancer,
        games: args.games,
      });
    }
    // One process as busy as each of N's is: how much of N's CPU per action is only each process being less busy.
    const share = Math.round(args.games / N);
    if (N > 1 && share >= 1)
      setups.push({
        label: `1 process, ${share} games`,
        servers: servers.slice(0, 1),
        balancer: setups[0].balancer,
        games: share,
      });

    const idle = await idleCpu(servers, 3);
    say(
      `  idle: ${idle.map((c) => `${(1000 * c).toFixed(1)} ms`).join(', ')} of CPU per second per process (subtracted from each phase)`,
    );
    // Warmed through every setup, the largest first (so every process is), not measured.
    if (warmUp > 0) for (const setup of setups.slice(0, N).reverse()) await playOn(args, setup, warmUp);

    const rounds = setups.map((): Measured[] => []);
    for (let r = 0; r < args.repeat; r++) {
      const order = setups.map((_, i) => i);
      if (r % 2 === 1) order.reverse();
      for (const i of order) rounds[i].push(await measure(args, setups[i], idle));
      say(
        `  round ${r + 1}: ` +
          setups
            .map(
              (s, i) =>
                `${s.label} ${rounds[i][r].cpuPerAction.toFixed(2)} ms/action${i > 0 ? ` (×${(rounds[i][r].cpuPerAction / rounds[0][r].cpuPerAction).toFixed(2)})` : ''}`,
            )
            .join(', ') +
          `; load average ${loadavg()[0].toFixed(1)}`,
      );
    }
    for (const [i, setup] of setups.entries()) {
      const perAction = rounds[i].map((m) => m.cpuPerAction);
      const ratios = rounds[i].map((m, r) => m.cpuPerAction / rounds[0][r].cpuPerAction);
      const rates = rounds[i].map((m) => m.result.games / m.result.seconds);
      const oneRates = rounds[0].map((m) => m.result.games / m.result.seconds);
      const failed = rounds[i].reduce((sum, m) => sum + m.result.failed, 0);
      const actions = rounds[i].reduce((sum, m) => sum + m.result.latencies.length, 0);
      const relayed =
        rounds[i].reduce((sum, m) => sum + m.relayed * m.result.latencies.length, 0) / Math.max(1, actions);
      say(
        `  ${setup.label}: server CPU ${spread(perAction)} ms per action (median, min–max of ${args.repeat})` +
          (i > 0 ? `, ×${spread(ratios)} one process's${i < N ? ' (target ≤ ×1.10)' : ''}` : '') +
          `; ${(100 * relayed).toFixed(1)}% of actions relayed (target < 5%); ${spread(rates, 1)} games/s` +
          (i > 0 && i < N
            ? ` (×${(median(rates) / median(oneRates)).toFixed(2)} one's; target ≥ ×1.5 with 2, given the cores)`
            : '') +
          `; p99 ${ms(median(rounds[i].map((m) => percentile(m.result.latencies, 0.99))))}; ${failed} games failed`,
      );
    }
    say(`  peak memory ${servers.map((s) => mib(s.peakMemory())).join(', ')}`);
  } finally {
    for (const setup of setups.slice(0, N)) await setup.balancer?.stop();
    for (const server of servers) await server.stop();
    removeFolder(dataDir);
  }
}
