/** `hanafuda play`: a person plays one seat against bots, in the terminal, one line per answer. */
import { randomBytes } from 'node:crypto';
import { LEVELS, type Level } from '@hanafuda/bots';
import { type TableConfig, botRating } from '@hanafuda/protocol';
import { botSeatName, Table } from '@hanafuda/table';
import { parseFlags, wholeNumber } from '../args.js';
import type { Io } from '../io.js';
import { PlaySession } from '../play/session.js';
import { isInteractive, processTerminal } from '../play/terminal.js';
import { parseTableFlags } from '../table-flags.js';

const FLAGS = ['game', 'players', 'teams', 'level', 'options', 'seat', 'seed', 'delay'];
/** The pause before each bot move at a terminal, so people can follow the play. */
export const INTERACTIVE_DELAY_MS = 500;

export interface PlaySettings {
  readonly config: TableConfig;
  readonly seat: number;
  readonly seed: string;
  readonly delayMs: number | undefined;
}

/** Reads the flags into a table config; every mistake is a one-line message. */
export function playSettings(args: string[]): PlaySettings | { error: string } {
  const parsed = parseFlags(args, FLAGS);
  if ('error' in parsed) return parsed;
  const { flags } = parsed;
  // An Oi-bana auction between two is no auction: a person gets two bots to bid against.
  const table = parseTableFlags(flags, {
    game: 'sakura',
    players: (g) => (g.id === 'oibana' ? 3 : g.minPlayers),
  });
  if ('error' in table) return table;
  const { game, players, teams, options } = table;
  const level = flags.level ?? 'normal';
  if (!(LEVELS as readonly string[]).includes(level)) {
    // Each with its rating on the people's ladder where this table is a rated format's.
    const rated = (l: Level) => botRating({ game: game.id, players, teams, options }, l);
    return {
      error: `--level must be one of ${LEVELS.map((l) => (rated(l) === undefined ? l : `${l} (≈ ${rated(l)})`)).join(', ')}`,
    };
  }
  const seat = wholeNumber(flags.seat ?? '0', 'seat', 0);
  if (typeof seat !== 'number') return seat;
  if (seat >= players) return { error: `--seat must be a seat of the table, 0 to ${players - 1}` };
  const delay = flags.delay === undefined ? undefined : wholeNumber(flags.delay, 'delay', 0);
  if (typeof delay === 'object') return delay;
  const seats = Array.from({ length: players }, (_, s) =>
    s === seat
      ? { kind: 'human' as const, name: 'You' }
      : { kind: 'bot' as const, name: botSeatName(s, seat), level: level as Level },
  );
  const config: TableConfig = { game: game.id, players, ...(teams ? { teams } : {}), options, seats };
  return { config, seat, seed: flags.seed ?? randomBytes(4).toString('hex'), delayMs: delay };
}

export async function playCommand(args: string[], io: Io): Promise<number> {
  const settings = playSettings(args);
  if ('error' in settings) {
    io.err(`hanafuda play: ${settings.error}`);
    return 2;
  }
  const delayMs = settings.delayMs ?? (isInteractive() ? INTERACTIVE_DELAY_MS : 0);
  const created = Table.create(settings.config, settings.seed, { botDelayMs: delayMs });
  if (!created.ok) {
    io.err(`hanafuda play: ${created.error.message}`);
    return 2;
  }
  const { term, close } = processTerminal();
  const names = (s: number) => (s === settings.seat ? 'You' : botSeatName(s, settings.seat));
  const session = new PlaySession(created.value, settings.seat, term, names);
  try {
    const code = await session.run();
    if (code === 0) io.out(`(seed ${settings.seed}: play the same deals again with --seed ${settings.seed})`);
    return code;
  } finally {
    created.value.close();
    close();
  }
}
