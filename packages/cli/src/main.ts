/** The `hanafuda` command: dispatches to one subcommand per file in commands/. */
import { arenaCommand } from './commands/arena.js';
import { playCommand } from './commands/play.js';
import { replayCommand } from './commands/replay.js';
import { scenarioCommand } from './commands/scenario.js';
import { simulateCommand } from './commands/simulate.js';
import { verifyCommand } from './commands/verify.js';
import { type Io, processIo } from './io.js';

const USAGE = `hanafuda: hanafuda card games (Sakura, Oi-bana, Koi-Koi, Nara Hana-awase)

usage:
  hanafuda scenario FILE...             check rule scenarios (ok/FAIL per file)
  hanafuda scenario --json FILE         print a scenario's actual outcome as JSON
  hanafuda simulate --game G --players N [--teams 2x2|3x2|2x3] [--options JSON]
                    --rounds N --seed S [--record FILE]
                                        play random legal games and summarise them
  hanafuda arena --game G [--players N] [--teams 2x2] --bots A,B[,...] [--deals N] --seed S [--budget N]
                                        bots against bots over duplicate deals (bots: random, greedy, search, easy..expert)
  hanafuda replay FILE                  print a recorded game (or a scenario) turn by turn
  hanafuda play --game sakura|koikoi|nara|oibana [--players N] [--teams 2x2]
                [--level easy|normal|hard|expert] [--options JSON] [--seat N]
                [--seed S] [--delay MS]
                                        play one seat against bots in the terminal
  hanafuda verify GAME.json             check an online game's seed commitments and re-deal it
  hanafuda help                         this text`;

const COMMANDS: Record<string, (args: string[], io: Io) => Promise<number> | number> = {
  scenario: scenarioCommand,
  simulate: simulateCommand,
  replay: replayCommand,
  play: playCommand,
  arena: arenaCommand,
  verify: verifyCommand,
};

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.out(USAGE);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`hanafuda: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  try {
    return await command(rest, io);
  } catch (e) {
    // A bug, not a user error: say so in one line rather than a stack trace.
    io.err(`hanafuda ${name}: internal error: ${(e as Error).message}`);
    return 70;
  }
}
