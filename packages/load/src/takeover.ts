/**
 * How fast the other processes take a dead process's rooms over: --rooms live rooms (default
 * 100,000) on --processes server processes (default 3) sharing DATABASE_URL and REDIS_URL,
 * the first owning 40% of them (the others rebuild theirs from the database at start-up, as
 * after a restart; the first's are written as its own, since only PostgreSQL's view of them
 * matters once it is killed), then SIGKILL of that first process: how long until every one of its
 * rooms has a live owner again, counted in PostgreSQL every 100 ms, run after run (--repeat).
 * Its rooms are open Koi-Koi rooms with one seat taken (load/bulk-rooms.ts); they are marked
 * abandoned at the end of each run (kept, never rebuilt, like any abandoned room).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { openPostgres } from '@hanafuda/server';
import { ALIVE, LIVE } from '@hanafuda/server/tools';
import type { LoadArgs } from './args.js';
import { writeRooms } from './bulk-rooms.js';
import { type ServerChild, clusterDatabaseUrl, removeFolder, startServer, temporaryFolder } from './child.js';

const say = (line: string) => console.log(line);
/** The share of the rooms the process killed holds. */
const KILLED_SHARE = 0.4;
/** Give up on a run after this long without every room owned. */
const GIVE_UP_MS = 300_000;

export async function takeover(args: LoadArgs, optional = false): Promise<void> {
  const databaseUrl = clusterDatabaseUrl('takeover', optional);
  if (databaseUrl === null) return;
  const N = Math.max(2, args.processes);
  const killed = Math.round(args.rooms * KILLED_SHARE);
  say(
    `takeover: ${args.rooms} live rooms on ${N} processes (PostgreSQL + Redis), ${killed} of them on the first; ` +
      `SIGKILL of the first, ${args.repeat} run(s): time until every room has a live owner again`,
  );
  // The schema, as a server makes it.
  await (await openPostgres(databaseUrl)).close();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const seconds: number[] = [];
  try {
    for (let run = 1; run <= args.repeat; run++)
      seconds.push(await once(db, databaseUrl, args.rooms, killed, N, run));
    say(
      `  every room owned again ${seconds.map((s) => `${s.toFixed(2)} s`).join(', ')} after the SIGKILL (target < 10 s)`,
    );
  } finally {
    await db.end();
  }
}

async function once(
  db: pg.Client,
  url: string,
  rooms: number,
  killed: number,
  N: number,
  run: number,
): Promise<number> {
  const prefix = `takeover${randomBytes(3).toString('hex')}-`;
  const orphans = async () =>
    (
      await db.query(
        `SELECT count(*)::int AS n FROM rooms WHERE id LIKE $1 AND ${LIVE} AND (owner IS NULL OR owner NOT IN (${ALIVE}))`,
        [`${prefix}%`],
      )
    ).rows[0].n as number;
  const dataDir = temporaryFolder();
  const servers: ServerChild[] = [];
  try {
    // The others' rooms first, free to take: they split them at their start-up, as after a restart.
    await writeRooms(db, prefix, rooms - killed, null, killed);
    const started = performance.now();
    const others = await Promise.all(Array.from({ length: N - 1 }, () => startServer(dataDir, url)));
    const othersStart = (performance.now() - started) / 1000;
    // Then the first's, written as its own (it never reads them: it is killed, and only PostgreSQL's view of them matters to the others).
    const first = await startServer(dataDir, url);
    servers.push(first, ...others);
    if (!first.node) throw new Error('takeover: the first process did not say its id');
    await writeRooms(db, prefix, killed, first.node);
    const { rows } = await db.query(
      'SELECT owner, count(*)::int AS n FROM rooms WHERE id LIKE $1 GROUP BY owner ORDER BY owner',
      [`${prefix}%`],
    );
    const held = servers.map((s) => (rows.find((r) => r.owner === s.node)?.n as number | undefined) ?? 0);
    const load = loadavg()[0];

    const killedAt = performance.now();
    await servers[0].stop('SIGKILL');
    const timeline: string[] = [];
    let left = await orphans();
    let nextMark = 1;
    while (left > 0) {
      if (performance.now() - killedAt > GIVE_UP_MS)
        throw new Error(
          `takeover: ${left} rooms still without an owner ${GIVE_UP_MS / 1000} s after the SIGKILL`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = await orphans();
      const at = (performance.now() - killedAt) / 1000;
      if (at >= nextMark) {
        timeline.push(`${left} at ${nextMark} s`);
        nextMark++;
      }
    }
    const took = (performance.now() - killedAt) / 1000;
    const after = await db.query(
      'SELECT owner, count(*)::int AS n FROM rooms WHERE id LIKE $1 GROUP BY owner',
      [`${prefix}%`],
    );
    const memory = servers.slice(1).map((s) => `${Math.round((s.peakMemory() ?? Number.NaN) / 2 ** 20)} MiB`);
    say(
      `  run ${run}: the first holds ${held[0]} rooms, the others ${held.slice(1).join(' + ')} (rebuilt at their start-up in ${othersStart.toFixed(1)} s); ` +
        `SIGKILL of the first: every room owned again after ${took.toFixed(2)} s` +
        `${timeline.length > 0 ? ` (without an owner: ${timeline.join(', ')})` : ''}; ` +
        `the survivors hold ${after.rows.map((r) => r.n as number).join(' + ')}, peak memory ${memory.join(', ')}; load average ${load.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
    );
    return took;
  } finally {
    // Abandoned first: the processes stopped after them take nothing over.
    await db.query("UPDATE rooms SET status = 'abandoned', owner = NULL WHERE id LIKE $1", [`${prefix}%`]);
    for (const server of servers) await server.stop('SIGKILL');
    removeFolder(dataDir);
  }
}
