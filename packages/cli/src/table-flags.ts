/** The flags every command that sets up a table shares: --game, --players, --teams, --options. */
import { GAMES, type GameModule, TEAM_LAYOUTS, gameById } from '@hanafuda/engine';
import { type Flags, parseFlags, wholeNumber } from './args.js';

export interface TableFlags {
  readonly game: GameModule;
  readonly players: number;
  readonly teams?: readonly (readonly number[])[];
  readonly options: Record<string, unknown>;
}

/** A command's flags, with the table read from them (arena, simulate), or the one-line mistake. */
export function parseTableCommand(
  args: string[],
  known: readonly string[],
): { flags: Flags; table: TableFlags } | { error: string } {
  const parsed = parseFlags(args, known);
  if ('error' in parsed) return parsed;
  const table = parseTableFlags(parsed.flags);
  return 'error' in table ? table : { flags: parsed.flags, table };
}

/** Reads the table flags; `defaults` fill in what a command does not require. Every mistake is a one-line message. */
export function parseTableFlags(
  flags: Flags,
  defaults: { game?: string; players?: (game: GameModule) => number } = {},
): TableFlags | { error: string } {
  const id = flags.game ?? defaults.game;
  if (id === undefined) return { error: '--game is required (e.g. --game sakura)' };
  const game = gameById(id);
  if (!game) return { error: `unknown game "${id}" (games: ${GAMES.map((g) => g.id).join(', ')})` };
  const players = wholeNumber(
    flags.players ?? String(defaults.players?.(game) ?? game.minPlayers),
    'players',
    1,
  );
  if (typeof players !== 'number') return players;
  if (players < game.minPlayers || players > game.maxPlayers) {
    const range =
      game.minPlayers === game.maxPlayers ? `${game.minPlayers}` : `${game.minPlayers} to ${game.maxPlayers}`;
    return { error: `${game.title} is for ${range} players, not ${players}` };
  }
  const teams = parseTeams(flags.teams, players);
  if (teams && 'error' in teams) return teams;
  const options = parseOptions(flags.options);
  if ('error' in options) return options;
  return { game, players, ...(teams ? { teams } : {}), options: options.value };
}

/** `2x2` names a layout of RULES.md 3.1; a JSON list gives seats explicitly. */
function parseTeams(
  text: string | undefined,
  players: number,
): readonly (readonly number[])[] | undefined | { error: string } {
  if (text === undefined) return undefined;
  const named = TEAM_LAYOUTS[players]?.[text];
  if (named) return named;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (Array.isArray(parsed)) return parsed as number[][];
  } catch {
    // fall through to the message below
  }
  const names = Object.keys(TEAM_LAYOUTS[players] ?? {});
  return {
    error: `--teams ${text}: ${names.length ? `use ${names.join(' or ')} for ${players} players, or a JSON list of seats` : `no team layout for ${players} players`}`,
  };
}

function parseOptions(text: string | undefined): { value: Record<string, unknown> } | { error: string } {
  if (text === undefined) return { value: {} };
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return { value: parsed as Record<string, unknown> };
  } catch {
    // fall through to the message below
  }
  return { error: `--options must be a JSON object, e.g. '{"gajiClaim":"transfer"}'` };
}
