/** The `hanafuda` command: dispatches to one subcommand per file in commands/, each with its own usage. */
import { readFileSync } from 'node:fs';
import { wantsHelp } from './args.js';
import { arenaCommand } from './commands/arena.js';
import { learnCommand } from './commands/learn.js';
import { playCommand } from './commands/play.js';
import { replayCommand } from './commands/replay.js';
import { reviewCommand } from './commands/review.js';
import { scenarioCommand } from './commands/scenario.js';
import { simulateCommand } from './commands/simulate.js';
import { verifyCommand } from './commands/verify.js';
import { type Io, processIo } from './io.js';

interface Command {
  readonly run: (args: string[], io: Io) => Promise<number> | number;
  /** The command's usage: its synopsis lines, then what it does. */
  readonly usage: string;
}

// Each usage fits 80 columns once indented by two (test/help-width.test.ts): synopses wrap
// under their command, and what a command does is indented 38 spaces.
const COMMANDS: Readonly<Record<string, Command>> = {
  scenario: {
    run: scenarioCommand,
    usage: `hanafuda scenario FILE...             check rule scenarios (ok/FAIL per file)
hanafuda scenario --json FILE         print a scenario's actual outcome as
                                      JSON`,
  },
  simulate: {
    run: simulateCommand,
    usage: `hanafuda simulate --game G [--players N] [--teams 2x2|3x2|2x3]
                  [--options JSON] --rounds N --seed S [--record FILE]
                                      play random legal games and summarise
                                      them`,
  },
  arena: {
    run: arenaCommand,
    usage: `hanafuda arena --game G [--players N] [--teams 2x2|3x2|2x3]
               --bots A,B[,...] [--deals N] --seed S [--budget N]
               [--game-rounds N] [--start-spread N] [--threads N]
               [--baseline DIR] [--record FILE]
                                      bots against bots over duplicate deals,
                                      challenger first (bots: random, greedy,
                                      search, search:N, search:N/M,
                                      easy..expert; baseline:NAME is NAME of
                                      the built checkout DIR; no more bots
                                      than sides; deals on N threads, default
                                      one per core; --start-spread N: each
                                      game starts from totals drawn with a
                                      spread of N points, as the end of a
                                      longer game would; --record FILE: each
                                      game kept there as it ends, and the
                                      same command again plays only the
                                      games it lacks)`,
  },
  replay: {
    run: replayCommand,
    usage: `hanafuda replay FILE                  print a game turn by turn: a record
                                      (simulate --record), a game saved by
                                      the server ({record, fairness}) or a
                                      scenario`,
  },
  review: {
    run: reviewCommand,
    usage: `hanafuda review GAME.json [--seat N] [--budget N]
                                      rate every decision of seat N (default
                                      0) of a finished game from its view:
                                      expected points of the move played
                                      against the best, the worst marked
                                      (budget: simulations per decision)`,
  },
  play: {
    run: playCommand,
    usage: `hanafuda play [--game sakura|koikoi|nara|oibana] [--players N]
              [--teams 2x2|3x2|2x3] [--level easy|normal|hard|expert]
              [--options JSON] [--seat N] [--seed S] [--delay MS]
                                      play one seat against bots in the
                                      terminal`,
  },
  verify: {
    run: verifyCommand,
    usage: `hanafuda verify GAME.json             check a saved online game's seed
                                      commitments and re-deal it
hanafuda verify --round-seed S --hash H
                                      one revealed round seed against its
                                      published hash`,
  },
  learn: {
    run: learnCommand,
    usage: `hanafuda learn [sakura|koikoi|nara] [--delay MS]
                                      a guided first game: a fixed deal, each
                                      step explained`,
  },
};

const indent = (text: string) => text.replace(/^/gm, '  ');

export const USAGE = `hanafuda: hanafuda card games (Sakura, Oi-bana, Koi-Koi, Nara Hana-awase)

usage:
${Object.values(COMMANDS)
  .map((c) => indent(c.usage))
  .join('\n')}
  hanafuda help [COMMAND]               this text, or one command's
  hanafuda COMMAND --help               one command's usage
  hanafuda --version                    the version`;

/** The project's version, from the command's package.json. */
export const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-V' || name === 'version') {
    io.out(`hanafuda ${VERSION}`);
    return 0;
  }
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    // `help help` is the general usage, which says what `help` does.
    const topic =
      name === 'help' && rest[0] !== undefined && rest[0] !== 'help' ? COMMANDS[rest[0]] : undefined;
    if (name === 'help' && rest[0] !== undefined && rest[0] !== 'help' && !topic)
      return unknownCommand(rest[0], io);
    io.out(topic ? `usage:\n${indent(topic.usage)}` : USAGE);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) return unknownCommand(name, io);
  if (wantsHelp(rest)) {
    io.out(`usage:\n${indent(command.usage)}`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    // A bug, not a user error: say so in one line rather than a stack trace.
    io.err(`hanafuda ${name}: internal error: ${(e as Error).message}`);
    return 70;
  }
}

function unknownCommand(name: string, io: Io): number {
  io.err(
    `hanafuda: unknown command "${name}" (commands: ${Object.keys(COMMANDS).join(', ')}; hanafuda help shows their usage)`,
  );
  return 2;
}
