/**
 * `npm run bench:server`: the load suite (see `--help`). The server child is killed, and its
 * temporary data folder removed, on every way out: the end, an error, Ctrl-C.
 */
import { USAGE, type LoadArgs, parseLoadArgs } from './args.js';
import { cleanUp } from './child.js';
import { leaderboard } from './leaderboard.js';
import { lobby } from './lobby.js';
import { processes } from './processes.js';
import { rolling } from './rolling.js';
import { takeover } from './takeover.js';
import { bots, flood, hints, ladder, sigkill, spectate, spectateHolding } from './scenarios.js';

const RUN: Record<
  Exclude<LoadArgs['command'], 'all'>,
  (args: LoadArgs, optional: boolean) => Promise<void>
> = {
  ladder,
  bots,
  hints,
  spectate,
  'spectate-hold': spectateHolding,
  flood,
  sigkill,
  processes,
  lobby,
  takeover,
  rolling,
  leaderboard,
};

export async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseLoadArgs(argv);
  if ('error' in parsed) {
    console.error(`bench:server: ${parsed.error} (see --help)`);
    return 2;
  }
  if (parsed.help) {
    console.log(USAGE);
    return 0;
  }
  const { args } = parsed;
  process.once('exit', cleanUp);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      cleanUp();
      console.error(`bench:server: stopped by ${signal}`);
      process.exit(130);
    });
  }
  try {
    const commands = args.command === 'all' ? (Object.keys(RUN) as (keyof typeof RUN)[]) : [args.command];
    // Under `all`, a scenario that needs what is not set up (processes: DATABASE_URL and REDIS_URL) says so and is skipped.
    for (const command of commands) await RUN[command](args, args.command === 'all');
    return 0;
  } catch (e) {
    console.error(`bench:server: ${(e as Error).message}`);
    return 1;
  } finally {
    cleanUp();
  }
}

process.exitCode = await main(process.argv.slice(2));
