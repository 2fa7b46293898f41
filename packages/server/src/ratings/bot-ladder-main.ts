/**
 * `npm run ratings:bots`: rates each bot level on the people's ladder in every rated format
 * (ratings/bot-ladder.ts), prints the table, and writes it where the pickers read it
 * (packages/protocol/src/bot-ladder-ratings.ts). Every game played is appended to a checkpoint
 * (one JSON line each) as it ends: a run stopped part way goes on from there when started again
 * with the same seed, and a run with more games plays only the new ones. The figures depend on
 * the seed and the games alone, not on the threads or the runs. A bad argument is one line of
 * error (exit 2).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { type BotLadder, POOL_IDS, type PoolId } from '@hanafuda/protocol';
import { POOLS } from '../lobby/pools.js';
import { type LadderGame, type LadderRating, blockSize, rateLadder } from './bot-ladder.js';

const USAGE = `usage: npm run ratings:bots -- [--games N] [--seed S] [--pools ID,ID] [--threads T] [--checkpoint FILE] [--out FILE]
  --games       games per pool, rounded up to whole blocks (one deal in every seating of the levels); default 240
  --seed        the run's seed; default "ladder"
  --pools       the pools to rate; default every one (${POOL_IDS.join(', ')})
  --threads     games played at once; default the machine's cores
  --checkpoint  the games played so far, one JSON line each; default docs/experiments/bot-ladder-games.jsonl
  --out         the ratings module written; default packages/protocol/src/bot-ladder-ratings.ts`;

interface LadderArgs {
  games: number;
  seed: string;
  pools: PoolId[];
  threads: number;
  checkpoint: string;
  out: string;
}

function parseLadderArgs(argv: readonly string[]): LadderArgs | { error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        games: { type: 'string', default: '240' },
        seed: { type: 'string', default: 'ladder' },
        pools: { type: 'string' },
        threads: { type: 'string', default: String(availableParallelism()) },
        checkpoint: { type: 'string', default: 'docs/experiments/bot-ladder-games.jsonl' },
        out: { type: 'string', default: 'packages/protocol/src/bot-ladder-ratings.ts' },
      },
      strict: true,
    }));
  } catch (e) {
    return { error: (e as Error).message };
  }
  const games = Number(values.games);
  const threads = Number(values.threads);
  if (!Number.isInteger(games) || games < 1)
    return { error: `--games must be a whole number of 1 or more, not "${values.games}"` };
  if (!Number.isInteger(threads) || threads < 1)
    return { error: `--threads must be a whole number of 1 or more, not "${values.threads}"` };
  const pools = values.pools === undefined ? [...POOL_IDS] : values.pools.split(',');
  const unknown = pools.filter((p) => !(POOL_IDS as readonly string[]).includes(p));
  if (unknown.length > 0) return { error: `no pool "${unknown[0]}": the pools are ${POOL_IDS.join(', ')}` };
  return {
    games,
    seed: values.seed,
    pools: pools as PoolId[],
    threads,
    checkpoint: values.checkpoint,
    out: values.out,
  };
}

/** The checkpoint's text ('' if there is none yet). */
const checkpointText = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/** The checkpoint's games of this seed (a line of another seed, or torn by a stop mid-write, is skipped). */
function readCheckpoint(text: string, seed: string): LadderGame[] {
  return text.split('\n').flatMap((line) => {
    try {
      const g = JSON.parse(line) as LadderGame & { seed: string };
      return g.seed === seed ? [{ pool: g.pool, index: g.index, levels: g.levels, totals: g.totals }] : [];
    } catch {
      return [];
    }
  });
}

/** The thread's script; under the test runner (TypeScript source) the build's. */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/ratings/bot-ladder-worker.js', import.meta.url)
  : new URL('./bot-ladder-worker.js', import.meta.url);

/** Plays `games` on `threads` threads, calling `done` with each as it ends. */
async function playAll(
  seed: string,
  games: [PoolId, number][],
  threads: number,
  done: (g: LadderGame) => void,
): Promise<void> {
  const shares = Array.from({ length: Math.min(threads, games.length) }, (_, t) =>
    games.filter((_, i) => i % threads === t),
  );
  await Promise.all(
    shares.map(
      (share) =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(WORKER_URL, { workerData: { seed, games: share } });
          worker.on('message', (m: LadderGame | { error: string }) =>
            'error' in m ? reject(new Error(m.error)) : done(m),
          );
          worker.once('error', reject);
          worker.once('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`a ladder thread exited (${code})`)),
          );
        }),
    ),
  );
}

/** The module the pickers read: each pool's setup and every level's shown rating in it. */
function ratingsModule(
  seed: string,
  rated: readonly { pool: PoolId; ratings: readonly LadderRating[] }[],
): string {
  const pools = rated.map(({ pool, ratings }) => {
    const { game, players, teams, options } = POOLS[pool];
    const shown = Object.fromEntries(ratings.map((r) => [r.level, r.shown]));
    return {
      pool,
      game,
      players,
      teams: teams ?? null,
      options: options ?? {},
      games: Math.max(0, ...ratings.map((r) => r.games)),
      ratings: shown,
    };
  });
  const ladder = { seed, pools } satisfies BotLadder;
  return `// Written by \`npm run ratings:bots\` (packages/server/src/ratings/bot-ladder-main.ts): run it again rather than edit this.
import type { BotLadder } from './bot-ratings.js';

/** Each rated format's setup, and each bot level's rating there (seed "${seed}"). */
export const BOT_LADDER: BotLadder = ${JSON.stringify(ladder, null, 2)};
`;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const args = parseLadderArgs(argv);
  if ('error' in args) {
    console.error(`${args.error}\n${USAGE}`);
    return 2;
  }
  const text = checkpointText(args.checkpoint);
  const played = readCheckpoint(text, args.seed);
  const have = new Set(played.map((g) => `${g.pool}:${g.index}`));
  const wanted = args.pools.flatMap((pool) => {
    const size = blockSize(pool);
    return Array.from({ length: Math.ceil(args.games / size) * size }, (_, index): [PoolId, number] => [
      pool,
      index,
    ]);
  });
  const todo = wanted.filter(([pool, index]) => !have.has(`${pool}:${index}`));
  console.error(
    `bot ladder, seed "${args.seed}": ${wanted.length - todo.length} of ${wanted.length} games in ${args.checkpoint}; playing ${todo.length} on ${args.threads} thread(s)`,
  );
  // A line torn by a stop mid-write is left as it is, on a line of its own.
  if (text !== '' && !text.endsWith('\n')) appendFileSync(args.checkpoint, '\n');
  let ended = 0;
  await playAll(args.seed, todo, args.threads, (g) => {
    appendFileSync(args.checkpoint, `${JSON.stringify({ seed: args.seed, ...g })}\n`);
    played.push(g);
    if (++ended % 20 === 0 || ended === todo.length) console.error(`  ${ended} of ${todo.length} played`);
  });
  const inRun = new Set(wanted.map(([pool, index]) => `${pool}:${index}`));
  const games = played.filter((g) => inRun.has(`${g.pool}:${g.index}`));
  const rated = args.pools.map((pool) => ({ pool, ratings: rateLadder(pool, games) }));
  console.log('| pool | games a level | ' + rated[0].ratings.map((r) => r.level).join(' | ') + ' |');
  console.log('|---|---|' + rated[0].ratings.map(() => '---|').join(''));
  for (const { pool, ratings } of rated)
    console.log(
      `| ${pool} | ${ratings[0]?.games ?? 0} | ${ratings.map((r) => `${r.shown} (μ ${r.mu.toFixed(2)}, σ ${r.sigma.toFixed(2)})`).join(' | ')} |`,
    );
  writeFileSync(args.out, ratingsModule(args.seed, rated));
  console.error(`written: ${args.out}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (e: Error) => {
    console.error(e.stack ?? e.message);
    process.exitCode = 1;
  },
);
