/** The load suite's scenarios; each prints what it measures, then its figures. */
import type { LoadArgs } from './args.js';
import { type ServerChild, removeFolder, startServer, temporaryFolder } from './child.js';
import {
  type Disturbance,
  botRooms,
  hintFlood,
  largeMessages,
  spectateHold,
  spectateStorm,
} from './disturb.js';
import { PeopleGame, type RoomLink } from './people.js';
import { playPhase } from './phase.js';
import { Peer } from './peer.js';
import { type PhaseResult, describePhase, describeRatio } from './stats.js';

const say = (line: string) => console.log(line);

/** A server over a data folder of its own (kept if the user named one); stopped, and the folder removed, whatever happens. */
async function withServer<T>(
  args: LoadArgs,
  databaseUrl: string | undefined,
  body: (server: ServerChild, dataDir: string) => Promise<T>,
): Promise<T> {
  const dataDir = args.data ?? temporaryFolder();
  const server = await startServer(dataDir, databaseUrl, args.profile);
  try {
    return await body(server, dataDir);
  } finally {
    await server.stop();
    if (!args.data) removeFolder(dataDir);
  }
}

const storeName = (databaseUrl: string | undefined) =>
  databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `SQLite on disk (HANAFUDA_SQLITE_SYNC=${process.env.HANAFUDA_SQLITE_SYNC || 'full'})`;
const gameOptions = (args: LoadArgs) => ({
  rounds: args.rounds,
  timeoutMs: args.timeoutSeconds * 1000,
  thinkMs: args.thinkMs,
});
const pace = (args: LoadArgs) =>
  args.thinkMs > 0 ? `people think ${args.thinkMs} ms on average` : 'people move at once';
const measured = (args: LoadArgs) =>
  `  latency: per socket, from sending \`act\` to receiving the update answering it; the sockets are spread over ${args.workers} generator thread(s), whose own event-loop delay is shown beside it`;

export async function ladder(args: LoadArgs): Promise<void> {
  const db = process.env.DATABASE_URL || undefined;
  say(
    `ladder: ${args.steps.join(', ')} 4-player Sakura games of people (${args.rounds} round(s)) opened at once, ${pace(args)}, each step on a fresh server, ${storeName(db)}`,
  );
  say(measured(args));
  for (const step of args.steps) {
    await withServer(args, db, async (server) => {
      const cpuBefore = server.cpuSeconds();
      const result = await playPhase(server.wsUrl, step, gameOptions(args), args.workers);
      const cpuAfter = server.cpuSeconds();
      const cpu =
        cpuBefore === null || cpuAfter === null ? '' : `; server CPU ${(cpuAfter - cpuBefore).toFixed(1)} s`;
      say(describePhase(`  ${step} at once`, result) + cpu);
    });
  }
}

/**
 * A phase, and the server's CPU time (all its threads) per action of the people over it: what
 * a disturbance costs the server, which the latency shows only through the machine's noise.
 */
async function cpuPerAction(
  server: ServerChild,
  phase: () => Promise<PhaseResult>,
): Promise<PhaseResult & { cpu: string }> {
  const before = server.cpuSeconds();
  const result = await phase();
  const after = server.cpuSeconds();
  const cpu =
    before === null || after === null
      ? ''
      : `; server CPU ${(((after - before) * 1000) / result.latencies.length).toFixed(2)} ms per action`;
  return { ...result, cpu };
}

/** The people's games alone, then again beside a disturbance, on one server. */
async function sideBySide(
  title: string,
  args: LoadArgs,
  disturb: (wsUrl: string, rooms: RoomLink[]) => Disturbance,
  extra?: (label: string, r: Awaited<ReturnType<typeof playPhase>>) => string,
): Promise<void> {
  const db = process.env.DATABASE_URL || undefined;
  say(
    `${title}; ${args.games} games of people opened at once, ${pace(args)}, first alone then beside it (after as many unmeasured, so that both phases find the server warm), ${storeName(db)}`,
  );
  say(measured(args));
  await withServer(args, db, async (server) => {
    // A fresh server's first games run its code cold (unoptimised, its caches empty): measured, they would make the baseline the slower phase.
    await playPhase(server.wsUrl, args.games, gameOptions(args), args.workers, undefined, 2 * args.games);
    const baseline = await cpuPerAction(server, () =>
      playPhase(server.wsUrl, args.games, gameOptions(args), args.workers),
    );
    say(describePhase('  alone  ', baseline) + baseline.cpu + (extra ? extra('alone', baseline) : ''));
    const rooms: RoomLink[] = [];
    const disturbance = disturb(server.wsUrl, rooms);
    try {
      // Let the disturbance get going before the people start.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const loaded = await cpuPerAction(server, () =>
        playPhase(
          server.wsUrl,
          args.games,
          gameOptions(args),
          args.workers,
          (room) => rooms.push(room),
          args.games,
        ),
      );
      say(describePhase('  beside ', loaded) + loaded.cpu + (extra ? extra('beside', loaded) : ''));
      say(`  ${describeRatio(baseline, loaded)}`);
    } finally {
      disturbance.stop();
      say(`  the disturbance: ${disturbance.done()}`);
    }
  });
}

export const bots = (args: LoadArgs) =>
  sideBySide(`bots: ${args.botRooms} rooms of four ${args.level} bots`, args, (url) =>
    botRooms(url, args.botRooms, args.level, 12),
  );

export const hints = (args: LoadArgs) =>
  sideBySide(`hints: ${args.sockets ?? 16} sockets asking for hints`, args, (url) =>
    hintFlood(url, args.sockets ?? 16),
  );

export const spectate = (args: LoadArgs) =>
  sideBySide(
    `spectate: ${args.sockets ?? 300} sockets re-sending spectate for the people's rooms`,
    args,
    (url, rooms) => spectateStorm(url, args.sockets ?? 300, rooms),
    (_label, r) => `; ${r.roomMessagesPerPlayer.toFixed(1)} room messages per seated player`,
  );

export const flood = (args: LoadArgs) =>
  sideBySide(
    `flood: ${args.sockets ?? 16} sockets sending large messages (15 KiB, and 64 KiB cut off) as fast as they are read`,
    args,
    (url) => largeMessages(url, args.sockets ?? 16),
  );

export const spectateHolding = (args: LoadArgs) =>
  sideBySide(
    `spectate-hold: ${args.sockets ?? 300} sockets watching the people's rooms and staying`,
    args,
    (url, rooms) => spectateHold(url, args.sockets ?? 300, rooms, args.games),
  );

/** Kills the server with SIGKILL in mid-play, restarts it on the same data, and compares each game's stored actions with those its players were told of. */
export async function sigkill(args: LoadArgs): Promise<void> {
  const stores: (string | undefined)[] = [undefined];
  if (process.env.DATABASE_URL) stores.push(process.env.DATABASE_URL);
  for (const db of stores) {
    say(
      `sigkill: ${args.games} games of people killed mid-play with SIGKILL, then the server restarted, ${storeName(db)}: acknowledged actions lost (must be 0)`,
    );
    await withServer(args, db, async (first, dataDir) => {
      const games = Array.from(
        { length: args.games },
        (_, i) => new PeopleGame(first.wsUrl, i, { ...gameOptions(args), rounds: Math.max(args.rounds, 4) }),
      );
      const playing = games.map((g) => g.play());
      // Mid-play: once every game has had some actions acknowledged (or ended early).
      const deadline = Date.now() + args.timeoutSeconds * 1000;
      while (games.some((g) => !g.settled && g.acknowledged < 8) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      await first.stop('SIGKILL');
      await Promise.all(playing);
      const second = await startServer(dataDir, db);
      try {
        let lost = 0;
        let acknowledged = 0;
        let unreadable = 0;
        for (const game of games) {
          if (!game.room) continue;
          acknowledged += game.acknowledged;
          const stored = await storedActions(second.wsUrl, game.room);
          if (stored === null) unreadable++;
          else lost += Math.max(0, game.acknowledged - stored);
        }
        say(
          `  ${acknowledged} actions acknowledged before the kill; lost after the restart: ${lost}${unreadable ? `; ${unreadable} rooms not found again` : ''}`,
        );
      } finally {
        await second.stop();
      }
    });
  }
}

/** How many actions the restarted server holds for a room: the update number a spectator is shown, or a finished game's record. */
async function storedActions(wsUrl: string, { room, key }: RoomLink): Promise<number | null> {
  let peer: Peer | null = null;
  try {
    peer = await Peer.open(wsUrl);
    const answer = peer.next(['update', 'error']);
    peer.send({ type: 'spectate', room, key });
    const m = await answer;
    if (m.type === 'update') return m.seq as number;
    const finished = await fetch(
      `${wsUrl.replace(/^ws/, 'http').replace(/\/ws$/, '')}/api/games/${encodeURIComponent(room)}?key=${key}`,
    );
    if (!finished.ok) return null;
    return ((await finished.json()) as { record: { actions: unknown[] } }).record.actions.length;
  } catch {
    return null;
  } finally {
    peer?.close();
  }
}
