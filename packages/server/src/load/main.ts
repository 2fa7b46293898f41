/**
 * `npm run bench:server`: the load suite (see `--help`). The server child is killed, and its
 * temporary data folder removed, on every way out: the end, an error, Ctrl-C.
 */
import { USAGE, type LoadArgs, parseLoadArgs } from './args.js';
import { cleanUp } from './child.js';
import { bots, hints, ladder, sigkill, spectate } from './scenarios.js';

const RUN: Record<Exclude<LoadArgs['command'], 'all'>, (args: LoadArgs) => Promise<void>> = { ladder, bots, hints, spectate, sigkill };

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
    for (const command of commands) await RUN[command](args);
    return 0;
  } catch (e) {
    console.error(`bench:server: ${(e as Error).message}`);
    return 1;
  } finally {
    cleanUp();
  }
}

process.exitCode = await main(process.argv.slice(2));
