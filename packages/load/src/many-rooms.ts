/**
 * 100,000 live rooms on one PostgreSQL with its default settings: creates, joins and moves
 * still work. The rooms are written straight into the database, owned by a live process of the
 * cluster (this script holds a process's lease, as a server would), then a real server process
 * on the same database creates, joins and plays games to their end; the figures say how long
 * each took and how many locks PostgreSQL held (one per process, not one per room). Then the
 * process holding the rooms goes, and a player joins one of them through the server.
 *
 *   DATABASE_URL=postgres://… node packages/load/dist/many-rooms.js [--rooms 100000] [--games 20]
 *
 * The rooms it wrote are marked abandoned at the end (kept, never rebuilt, like any abandoned room).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres } from '@hanafuda/server';
import { LIVE, openLog, roomKeys, RoomLeases } from '@hanafuda/server/tools';
import { writeRooms } from './bulk-rooms.js';
import { cleanUp, removeFolder, startServer, temporaryFolder } from './child.js';
import { Peer } from './peer.js';
import { playGames } from './people.js';
import { ms, percentile } from './stats.js';

const say = (line: string) => console.log(line);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { rooms: { type: 'string', default: '100000' }, games: { type: 'string', default: '20' } },
  });
  const rooms = Number(values.rooms);
  const games = Number(values.games);
  const url = process.env.DATABASE_URL;
  if (!url || !Number.isInteger(rooms) || rooms < 1 || !Number.isInteger(games) || games < 1) {
    console.error(
      'usage: DATABASE_URL=postgres://… node packages/load/dist/many-rooms.js [--rooms 100000] [--games 20]',
    );
    process.exitCode = 2;
    return;
  }
  // The schema, as a server makes it.
  await (await openPostgres(url)).close();
  const node = `many-rooms-${randomBytes(4).toString('hex')}`;
  const holder = await RoomLeases.open(
    url,
    node,
    () => undefined,
    () => [],
    openLog('warn'),
  );
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const prefix = `bulk${randomBytes(3).toString('hex')}-`;
  const dataDir = temporaryFolder();
  try {
    const writing = performance.now();
    await writeRooms(db, prefix, rooms, node);
    const live = (await db.query(`SELECT count(*)::int AS n FROM rooms WHERE ${LIVE}`)).rows[0].n as number;
    say(
      `${rooms} rooms written in ${((performance.now() - writing) / 1000).toFixed(1)} s, owned by process ${node} (alive); ${live} live rooms in the database`,
    );

    const server = await startServer(dataDir, url);
    try {
      const opened = performance.now();
      const result = await playGames(server.wsUrl, games, { rounds: 1, timeoutMs: 120_000, thinkMs: 0 });
      const seconds = (performance.now() - opened) / 1000;
      const failed = result.failures.reduce((n, [, count]) => n + count, 0);
      const locks = (await db.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'"))
        .rows[0].n as number;
      const liveNow = (await db.query(`SELECT count(*)::int AS n FROM rooms WHERE ${LIVE}`)).rows[0]
        .n as number;
      say(
        `beside them, one server process: ${games} 4-player games created, joined and played to the end, ${failed} failed` +
          `${failed > 0 ? ` (${result.failures.map(([why, n]) => `${n}× ${why}`).join(', ')})` : ''}, in ${seconds.toFixed(1)} s; ` +
          `${result.latencies.length} moves, p50 ${ms(percentile(result.latencies, 0.5))} p99 ${ms(percentile(result.latencies, 0.99))}; ` +
          `${liveNow} live rooms; ${locks} advisory lock(s) held in PostgreSQL; server peak memory ${Math.round((server.peakMemory() ?? Number.NaN) / 2 ** 20)} MiB`,
      );
      // The process holding the 100,000 rooms goes: a player joining one of them is served at once (taken over on demand).
      await holder.close();
      const late = await Peer.open(server.wsUrl);
      const asked = performance.now();
      // Both awaited from before the join is sent: the deal may come in the same breath as the seat.
      const answered = late.next(['joined', 'error']);
      const dealt = late.next(['update', 'error']);
      // Every bulk room's host token hash is 'x': its invite key follows from it.
      late.send({ type: 'join', room: `${prefix}${rooms >> 1}`, key: roomKeys('x').invite, name: 'Late' });
      const answer = await answered;
      const started = answer.type === 'joined' ? await dealt : answer;
      late.close();
      say(
        `their process gone, a join into one of them (the seat that fills it): ${answer.type === 'joined' ? 'joined' : `error ${String(answer.code)}`}, ` +
          `${started.type === 'update' ? 'its game dealt' : 'no game'} in ${ms(performance.now() - asked)}`,
      );
      if (failed > 0 || started.type !== 'update') process.exitCode = 1;
    } finally {
      await server.stop();
    }
  } finally {
    await db.query("UPDATE rooms SET status = 'abandoned', owner = NULL WHERE id LIKE $1", [`${prefix}%`]);
    await db.end();
    await holder.close().catch(() => undefined);
    removeFolder(dataDir);
  }
}

main().catch((e: Error) => {
  console.error(`many-rooms: ${e.message}`);
  cleanUp();
  process.exitCode = 1;
});
