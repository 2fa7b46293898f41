/** The load suite's command line: one scenario and its sizes; a bad argument is one line of error (exit 2). */
import { parseArgs } from 'node:util';
import { LEVELS, type Level } from '@hanafuda/bots';
import { defaultWorkers } from './phase.js';

/** Rated players on the leaderboard scenario's board by default. */
export const DEFAULT_PLAYERS = 10_000;

export const COMMANDS = [
  'ladder',
  'bots',
  'hints',
  'spectate',
  'spectate-hold',
  'flood',
  'sigkill',
  'processes',
  'lobby',
  'takeover',
  'rolling',
  'leaderboard',
  'all',
] as const;
export type Command = (typeof COMMANDS)[number];

export interface LoadArgs {
  readonly command: Command;
  /** ladder: how many games are opened at once, step by step. */
  readonly steps: readonly number[];
  /** Games of people played beside the disturbance (bots, hints, spectate) or killed mid-play (sigkill). */
  readonly games: number;
  readonly rounds: number;
  readonly botRooms: number;
  readonly level: Level;
  /** Disturbing sockets; unset: 16 for hints and flood, 300 for spectate and spectate-hold. */
  readonly sockets?: number;
  readonly timeoutSeconds: number;
  /** A person's mean pause before each move (ms; 0: at once, a test of throughput). */
  readonly thinkMs: number;
  /** processes: how many server processes share the load in the largest setup. */
  readonly processes: number;
  /** takeover: live rooms on the processes. */
  readonly rooms: number;
  /** lobby: simulated people entering the pools; leaderboard: rated players on the board. */
  readonly players: number;
  /** lobby: the seconds over which they enter. */
  readonly arriveSeconds: number;
  /** processes: rounds of every setup in turn. */
  readonly repeat: number;
  /** processes: games played to warm the processes up before measuring (unset: 4 × games). */
  readonly warmUpGames?: number;
  /** Where the server keeps its SQLite file (default: a new temporary folder, removed at the end). */
  readonly data?: string;
  /** Threads the games of people are spread over. */
  readonly workers: number;
  /** Where the server writes CPU profiles of its threads when it stops. */
  readonly profile?: string;
}

export const USAGE = `npm run bench:server -- [COMMAND] [options]: the game server under load, over real WebSockets on
loopback against a real server process (SQLite on disk in a temporary folder, or DATABASE_URL).
Every seat of a "game of people" is a socket playing random legal moves; latency is an action's
round trip, measured by the socket that sent it (act sent -> the update answering it received).
The sockets are spread over --workers threads; each phase also prints the worst of their own
event-loop delays (p99): when it nears the latency, the generator, not the server, was slow.

commands:
  ladder     (default) N 4-player games opened at once, for each N of --steps: failed games, games/s, p50/p99 latency
  bots       --games games of people alone, then beside --bot-rooms rooms of --level bots: p99 of the people, ratio
  hints      --games games of people alone, then beside --sockets sockets asking for hints: p99 ratio
  spectate   --games games of people alone, then beside --sockets sockets re-sending spectate: p99 ratio, room messages
  spectate-hold  --games games of people alone, then beside --sockets sockets watching their rooms and staying: p99 ratio
  flood      --games games of people alone, then beside --sockets sockets sending large messages: p99 ratio
  sigkill    --games games killed mid-play with SIGKILL and restarted: acknowledged actions lost (must be 0);
             on SQLite, and also on PostgreSQL when DATABASE_URL is set
  processes  --games games on 1, 2, … --processes server processes sharing DATABASE_URL and REDIS_URL,
             behind HAProxy (deploy/haproxy.cfg; without haproxy, each game's sockets spread over them):
             games/s, p99, memory, server CPU per action, the share of actions relayed between processes
             (target < 5%), and the ratios to one process; the processes are warmed up first, their idle
             CPU is subtracted, and the setups take turns for --repeat rounds; needs DATABASE_URL and REDIS_URL
  lobby      --players guests enter the lobby's pools over --arrive seconds through HAProxy to --processes (default 3)
             processes on DATABASE_URL and REDIS_URL; the pairing authority's process SIGKILLed half-way: time to
             pair (median, p99), how long pairing stopped, double pairings (must be 0) counted by players and in the database
  takeover   --rooms live rooms on --processes (default 3) processes on DATABASE_URL and REDIS_URL, 40% of them on
             the first, which is SIGKILLed: time until every room has a live owner again (target < 10 s), --repeat runs
  rolling    --games (default 60) 2-player games of people (--rounds, default 3; --think, default 300) through HAProxy on
             --processes (default 3) processes on DATABASE_URL and REDIS_URL, each process in turn stopped with SIGTERM
             and started again: the longest any room waited on the server (target < 2 s), --repeat runs
  leaderboard  --players rated members (default 10000) of one pool on DATABASE_URL (a database of its own there, dropped
             after), about 20 rated games each: the whole leaderboard paged over HTTP, --repeat passes: ms a page
             (median, p95, max; target < 50 ms)
  all        every command above with its defaults (processes, lobby, takeover and rolling only when DATABASE_URL and REDIS_URL are set,
             leaderboard only when DATABASE_URL is)

options:
  --steps LIST        ladder sizes, comma-separated (default 50,200,1000)
  --games N           games of people (default 50)
  --rounds N          rounds per game of people (default 1)
  --bot-rooms N       bots: rooms of four bots (default 16)
  --level LEVEL       bots: their level, ${LEVELS.join(', ')} (default expert)
  --processes N       processes: server processes in the largest setup (default 2); lobby, takeover, rolling: processes (default 3)
  --rooms N           takeover: live rooms (default 100000)
  --players N         lobby: simulated people (default 2000); leaderboard: rated players (default 10000)
  --arrive SECONDS    lobby: the time over which they enter (default 60)
  --repeat N          processes: rounds of every setup in turn; takeover, rolling: runs; leaderboard: passes (default 3)
  --warm-up N         processes: games played first to warm the processes up, not measured (default 4 × --games)
  --sockets N         hints: sockets asking (default 16); spectate, spectate-hold: sockets watching (default 300);
                      flood: sockets sending large messages (default 16)
  --think MS          a person's mean pause before each move, drawn between 0 and twice it (default 0:
                      at once, so latency is mostly queueing; 1000 is closer to people)
  --timeout SECONDS   a game not over by then is failed (default 300)
  --data DIR          the server's data folder (default: a new temporary folder, removed at the end)
  --workers N         threads the games of people are spread over (default ${defaultWorkers()}: one per core, at least 2)
  --profile DIR       the server writes a CPU profile of each of its threads into DIR when it stops
                      (.cpuprofile: Chrome DevTools, Performance panel; processes: DIR/0, DIR/1, … per process)
  -h, --help          this text`;

export type Parsed =
  { readonly help: true } | { readonly help: false; readonly args: LoadArgs } | { readonly error: string };

function count(name: string, raw: string | undefined, fallback: number, min = 1): number | string {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  return /^\d+$/.test(raw) && Number.isSafeInteger(n) && n >= min
    ? n
    : `--${name} must be a whole number of at least ${min} (got "${raw}")`;
}

export function parseLoadArgs(argv: readonly string[]): Parsed {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        steps: { type: 'string' },
        games: { type: 'string' },
        rounds: { type: 'string' },
        'bot-rooms': { type: 'string' },
        level: { type: 'string' },
        sockets: { type: 'string' },
        processes: { type: 'string' },
        repeat: { type: 'string' },
        players: { type: 'string' },
        rooms: { type: 'string' },
        arrive: { type: 'string' },
        'warm-up': { type: 'string' },
        timeout: { type: 'string' },
        think: { type: 'string' },
        data: { type: 'string' },
        workers: { type: 'string' },
        profile: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    return { error: (e as Error).message.split(/\.( |$)/)[0] };
  }
  const { values: v, positionals } = parsed;
  if (v.help) return { help: true };
  if (positionals.length > 1) return { error: `one command at a time (got ${positionals.join(', ')})` };
  const command = positionals[0] ?? 'ladder';
  if (!(COMMANDS as readonly string[]).includes(command))
    return { error: `unknown command "${command}": one of ${COMMANDS.join(', ')}` };
  const steps = (v.steps ?? '50,200,1000').split(',').map((s) => count('steps', s.trim(), 0));
  const numbers = {
    games: count('games', v.games, command === 'rolling' ? 60 : 50),
    // A rolling restart's games last through every restart.
    rounds: count('rounds', v.rounds, command === 'rolling' ? 3 : 1),
    botRooms: count('bot-rooms', v['bot-rooms'], 16),
    sockets: v.sockets === undefined ? undefined : count('sockets', v.sockets, 0),
    timeoutSeconds: count('timeout', v.timeout, 300),
    processes: count(
      'processes',
      v.processes,
      command === 'lobby' || command === 'takeover' || command === 'rolling' ? 3 : 2,
    ),
    rooms: count('rooms', v.rooms, 100_000),
    players: count('players', v.players, command === 'leaderboard' ? DEFAULT_PLAYERS : 2000, 2),
    arriveSeconds: count('arrive', v.arrive, 60),
    repeat: count('repeat', v.repeat, 3),
    warmUpGames: v['warm-up'] === undefined ? undefined : count('warm-up', v['warm-up'], 0, 0),
    thinkMs: count('think', v.think, 0, 0),
    workers: count('workers', v.workers, defaultWorkers()),
  };
  const bad = [...steps, ...Object.values(numbers)].find((x) => typeof x === 'string');
  if (typeof bad === 'string') return { error: bad };
  if (v.level !== undefined && !(LEVELS as readonly string[]).includes(v.level))
    return { error: `--level must be one of ${LEVELS.join(', ')} (got "${v.level}")` };
  if (v.data === '') return { error: '--data must name a folder' };
  if (v.profile === '') return { error: '--profile must name a folder' };
  return {
    help: false,
    args: {
      command: command as Command,
      steps: steps as number[],
      games: numbers.games as number,
      rounds: numbers.rounds as number,
      botRooms: numbers.botRooms as number,
      level: (v.level ?? 'expert') as Level,
      ...(numbers.sockets !== undefined ? { sockets: numbers.sockets as number } : {}),
      timeoutSeconds: numbers.timeoutSeconds as number,
      thinkMs: numbers.thinkMs as number,
      workers: numbers.workers as number,
      processes: numbers.processes as number,
      repeat: numbers.repeat as number,
      players: numbers.players as number,
      rooms: numbers.rooms as number,
      arriveSeconds: numbers.arriveSeconds as number,
      ...(numbers.warmUpGames !== undefined ? { warmUpGames: numbers.warmUpGames as number } : {}),
      ...(v.data !== undefined ? { data: v.data } : {}),
      ...(v.profile !== undefined ? { profile: v.profile } : {}),
    },
  };
}
