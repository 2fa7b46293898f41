/**
 * The lobby across processes under load: --players guests (2,000) enter the pools over
 * --arrive seconds (60), each through HAProxy in front of --processes server processes (3) on
 * DATABASE_URL and REDIS_URL. Half-way through the arrivals, the pairing authority's process is
 * SIGKILLed; its players' sockets close, and they connect again and seek again. Printed: the
 * time to pair (median, p99: from a person's seek to their `paired`), how long pairing stopped
 * (the kill to the new authority's first pairing), and the double pairings, counted by the
 * players (`paired` messages) and in the database (accounts in two groups, rooms with the wrong
 * number of people): they must be 0. Bounded: it stops --timeout seconds after the last arrival.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { seedRng, shuffled } from '@hanafuda/engine';
import { POOL_IDS, type PoolId } from '@hanafuda/protocol';
import { POOLS } from '@hanafuda/server/tools';
import type { LoadArgs } from './args.js';
import { type ServerChild, removeFolder, startServer, temporaryFolder } from './child.js';
import { HAPROXY, type LoadBalancer, startLoadBalancer } from './haproxy.js';
import { LobbyPlayer } from './lobby-player.js';
import { ms, percentile } from './stats.js';

const say = (line: string) => console.log(line);
/** The pools the players spread over (koikoi-12 is koikoi-6 again, longer). */
const LOAD_POOLS: readonly PoolId[] = POOL_IDS.filter((p) => p !== 'koikoi-12');

/** Each player's pool, shuffled (the same way each run): whole groups of each pool in turn, so every one of them can be paired. */
export function poolsFor(players: number, pools: readonly PoolId[] = LOAD_POOLS): PoolId[] {
  const out: PoolId[] = [];
  for (let i = 0; out.length < players; i++) {
    const left = players - out.length;
    const pool = pools[i % pools.length];
    const size = POOLS[pool].players;
    // A group that would leave one person over (no pool pairs one) waits for a pool that fits.
    if (size <= left && left - size !== 1) out.push(...Array<PoolId>(size).fill(pool));
  }
  return shuffled(seedRng('load:lobby'), out);
}

export async function lobby(args: LoadArgs, optional = false): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const missing = [
    !databaseUrl && 'DATABASE_URL',
    !process.env.REDIS_URL && 'REDIS_URL',
    !HAPROXY && 'haproxy',
  ].filter(Boolean);
  if (missing.length > 0) {
    const why = `lobby: needs ${missing.join(', ')} (processes on one PostgreSQL and one Redis, behind HAProxy)`;
    if (optional) return say(`${why}: skipped`);
    throw new Error(why);
  }
  if (args.processes < 2) throw new Error('lobby: needs at least 2 processes (one is killed)');
  say(
    `lobby: ${args.players} guests enter ${LOAD_POOLS.join(', ')} over ${args.arriveSeconds} s, through HAProxy to ${args.processes} processes ` +
      `(PostgreSQL + Redis); the pairing authority's process SIGKILLed half-way`,
  );
  const dataDir = temporaryFolder();
  const servers: ServerChild[] = [];
  let balancer: LoadBalancer | null = null;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const players: LobbyPlayer[] = [];
  try {
    for (let i = 0; i < args.processes; i++) servers.push(await startServer(dataDir, databaseUrl));
    balancer = await startLoadBalancer(servers.map((s) => new URL(s.wsUrl).host));
    const lb = balancer;
    for (const pool of poolsFor(args.players)) players.push(new LobbyPlayer(lb.url, lb.wsUrl, pool));

    const start = Date.now();
    const spreadMs = args.arriveSeconds * 1000;
    const entered = players.map(
      (p, i) =>
        new Promise<void>((resolve, reject) =>
          setTimeout(
            () => void p.enter().then(resolve, reject),
            start + (i * spreadMs) / players.length - Date.now(),
          ),
        ),
    );
    // Half-way: the authority now, and its process killed.
    await new Promise((resolve) => setTimeout(resolve, spreadMs / 2));
    const { rows } = await db.query<{ node: string; epoch: string }>(
      'SELECT node, epoch FROM lobby_authority',
    );
    const oldEpoch = Number(rows[0].epoch);
    const victim = servers.find((s) => s.node === rows[0].node);
    if (!victim) throw new Error(`lobby: the authority ${rows[0].node} is none of the processes started`);
    const pairedBefore = players.filter((p) => p.pairings.length > 0).length;
    const killedAt = Date.now();
    await victim.stop('SIGKILL');
    say(
      `  killed the authority (epoch ${oldEpoch}) at ${((killedAt - start) / 1000).toFixed(1)} s, ${pairedBefore} players paired by then`,
    );

    await Promise.all(entered);
    const deadline = new Promise<'late'>((resolve) =>
      setTimeout(() => resolve('late'), args.timeoutSeconds * 1000).unref(),
    );
    const done = await Promise.race([
      Promise.all(players.map((p) => p.paired)).then(() => 'all' as const),
      deadline,
    ]);
    // A last moment for a second `paired` (there must be none) to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const p of players) p.stop();
    await report(db, players, oldEpoch, killedAt, done === 'all');
  } finally {
    for (const p of players) p.stop();
    await db.end();
    await balancer?.stop();
    for (const server of servers) await server.stop();
    removeFolder(dataDir);
  }
}

async function report(
  db: pg.Client,
  players: readonly LobbyPlayer[],
  oldEpoch: number,
  killedAt: number,
  allPaired: boolean,
): Promise<void> {
  const accounts = players.map((p) => p.account);
  const moved = players.filter((p) => p.reconnects > 0);
  const steady = players.filter((p) => p.reconnects === 0 && p.pairings.length > 0);
  const times = (ps: readonly LobbyPlayer[]) =>
    ps.filter((p) => p.pairings.length > 0).map((p) => p.pairings[0].at - p.soughtAt);
  say(
    `  time to pair: median ${ms(percentile(times(steady), 0.5))}, p99 ${ms(percentile(times(steady), 0.99))} (${steady.length} players who sought once); ` +
      `${moved.length} players lost their socket with the killed process and sought again: median ${ms(percentile(times(moved), 0.5))}, ` +
      `longest ${times(moved).length > 0 ? ms(Math.max(...times(moved))) : '-'}`,
  );
  const { rows: fresh } = await db.query<{ id: string }>(
    "SELECT id FROM seeks WHERE status = 'paired' AND epoch > $1 AND account = ANY($2::text[])",
    [oldEpoch, accounts],
  );
  const byNew = new Set(fresh.map((r) => r.id));
  const firstAfter = Math.min(
    ...players.flatMap((p) => p.pairings.filter((x) => byNew.has(x.seek)).map((x) => x.at)),
  );
  say(
    `  pairing resumed ${Number.isFinite(firstAfter) ? ms(firstAfter - killedAt) : 'never'} after the kill (the new authority's first pairing, as its players were told)`,
  );

  const told = players.filter((p) => p.pairings.length > 1).length;
  const unpaired = players.filter((p) => p.pairings.length === 0);
  const { rows: twice } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM (SELECT account FROM seeks WHERE status = 'paired' AND account = ANY($1::text[]) GROUP BY account HAVING count(*) > 1) a",
    [accounts],
  );
  const { rows: rooms } = await db.query<{ players: number; seated: number }>(
    "SELECT min(players) AS players, count(*)::int AS seated FROM seeks WHERE status = 'paired' AND account = ANY($1::text[]) GROUP BY room",
    [accounts],
  );
  const wrong = rooms.filter((r) => r.seated !== r.players).length;
  // Paired in the database but never told (the `paired` died with the killed process): they sought again, one too many for their pool.
  const { rows: untold } = await db.query<{ n: number }>(
    "SELECT count(DISTINCT account)::int AS n FROM seeks WHERE status = 'paired' AND account = ANY($1::text[])",
    [unpaired.map((p) => p.account)],
  );
  say(
    `  double pairings: ${told} players told twice, ${twice[0].n} accounts in two groups, ${wrong} rooms of ${rooms.length} with the wrong number of people (each must be 0); ` +
      `${players.length - unpaired.length} of ${players.length} players paired${allPaired ? '' : ` (${unpaired.length} never told: ${untold[0].n} of them paired in the database, their \`paired\` lost with the killed process; ${unpaired[0]?.error ?? 'no error said'})`}; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
  );
}
