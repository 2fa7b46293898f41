/** The new-game form's settings: game, players, teams, seats and house rules; remembered in localStorage. */
import { LEVELS, type Level } from '@hanafuda/bots';
import { GAMES, TEAM_LAYOUTS, gameById, type OptionSpec } from '@hanafuda/engine';
import {
  DEFAULT_TURN_SECONDS,
  type RoomSeatSetup,
  type RoomSetup,
  type TableConfig,
} from '@hanafuda/protocol';
import { botSeatName } from '@hanafuda/table';

export interface NewGameSettings {
  readonly game: string;
  readonly name: string;
  /** Per game: player count, team layout ('' for none) and house rules. */
  readonly players: Readonly<Record<string, number>>;
  readonly teams: Readonly<Record<string, string>>;
  readonly options: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The level of each bot seat (seat 1 onwards). */
  readonly levels: readonly Level[];
  /** Online rooms: seat 1 onwards, open for a person or a bot of a level; the turn timer (seconds, 0 for none). */
  /** `public`: anyone with the room's id may watch and join (otherwise only its links open it). */
  readonly online: {
    readonly seats: readonly OnlineSeat[];
    readonly turnSeconds: number;
    readonly public?: boolean;
  };
}

export type OnlineSeat = 'open' | Level;
/** The turn timers offered for online rooms (seconds; 0: none). */
export const TURN_TIMERS = [0, 30, 60, 120, 300] as const;

const KEY = 'hanafuda.new-game.v1';

/** The player count a game starts with: 2 where it can, else its minimum (Nara: 4). */
const defaultPlayers = (game: string) => Math.max(2, gameById(game)?.minPlayers ?? 2);

export const DEFAULT_SETTINGS: NewGameSettings = {
  game: 'sakura',
  name: '',
  players: Object.fromEntries(GAMES.map((g) => [g.id, defaultPlayers(g.id)])),
  teams: {},
  options: {},
  levels: ['normal', 'normal', 'normal', 'normal', 'normal', 'normal'],
  online: { seats: ['open', 'open', 'open', 'open', 'open', 'open'], turnSeconds: DEFAULT_TURN_SECONDS },
};

/** A stored value that is not right for the game falls back to its default, never an error. */
export function sanitize(raw: unknown): NewGameSettings {
  const s = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<NewGameSettings>;
  const game = typeof s.game === 'string' && gameById(s.game) ? s.game : DEFAULT_SETTINGS.game;
  const players: Record<string, number> = { ...DEFAULT_SETTINGS.players };
  for (const g of GAMES) {
    const n = s.players?.[g.id];
    if (Number.isInteger(n) && n! >= g.minPlayers && n! <= g.maxPlayers) players[g.id] = n!;
  }
  const options: Record<string, Record<string, unknown>> = {};
  for (const g of GAMES) {
    const stored = s.options?.[g.id] ?? {};
    options[g.id] = Object.fromEntries(
      Object.entries(stored).filter(([name, value]) =>
        validValue(
          g.optionSpecs.find((o) => o.name === name),
          value,
        ),
      ),
    );
  }
  const levels = DEFAULT_SETTINGS.levels.map((d, i) =>
    LEVELS.includes(s.levels?.[i] as Level) ? (s.levels![i] as Level) : d,
  );
  const teams = Object.fromEntries(Object.entries(s.teams ?? {}).filter(([, v]) => typeof v === 'string'));
  const seats = DEFAULT_SETTINGS.online.seats.map((d, i) => {
    const seat = s.online?.seats?.[i];
    return seat === 'open' || LEVELS.includes(seat as Level) ? (seat as OnlineSeat) : d;
  });
  const turnSeconds = TURN_TIMERS.includes(s.online?.turnSeconds as never)
    ? s.online!.turnSeconds
    : DEFAULT_TURN_SECONDS;
  const open = s.online?.public === true;
  return {
    game,
    name: typeof s.name === 'string' ? s.name.slice(0, 40) : '',
    players,
    teams,
    options,
    levels,
    online: { seats, turnSeconds, ...(open ? { public: true } : {}) },
  };
}

export function validValue(spec: OptionSpec | undefined, value: unknown): boolean {
  if (!spec) return false;
  switch (spec.kind) {
    case 'enum':
      return typeof value === 'string' && spec.values.includes(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return (
        Number.isInteger(value) &&
        (value as number) >= spec.min &&
        (spec.max === undefined || (value as number) <= spec.max)
      );
    case 'length':
      return typeof value === 'string' && /^(rounds|target):[1-9][0-9]*$/.test(value);
  }
}

export function loadSettings(): NewGameSettings {
  try {
    return sanitize(JSON.parse(localStorage.getItem(KEY) ?? '{}'));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(settings: NewGameSettings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Not remembered this time; the game still starts.
  }
}

/** The team layouts offered for a game and player count (Sakura: RULES.md 3.1). */
export function teamLayouts(game: string, players: number): Record<string, readonly (readonly number[])[]> {
  return game === 'sakura' ? { ...(TEAM_LAYOUTS[players] ?? {}) } : {};
}

/** The game, players, teams and house rules the settings choose. */
export function tableOf(s: NewGameSettings) {
  const game = gameById(s.game)!;
  const players = s.players[s.game] ?? defaultPlayers(s.game);
  const layout = teamLayouts(s.game, players)[s.teams[s.game] ?? ''];
  const options = Object.fromEntries(
    Object.entries(s.options[s.game] ?? {}).filter(([name]) => game.optionSpecs.some((o) => o.name === name)),
  );
  return { game: s.game, players, ...(layout ? { teams: layout.map((t) => t.slice()) } : {}), options };
}

/** The online room the settings describe: the host's seat 0 open (the host takes it), the others open or bots. */
export function roomSetupOf(s: NewGameSettings): RoomSetup {
  const table = tableOf(s);
  const seats: RoomSeatSetup[] = Array.from({ length: table.players }, (_, i) => {
    const seat = i === 0 ? 'open' : (s.online.seats[i - 1] ?? 'open');
    return seat === 'open' ? { kind: 'open' } : { kind: 'bot', level: seat, name: botSeatName(i) };
  });
  return { ...table, seats, turnSeconds: s.online.turnSeconds, ...(s.online.public ? { public: true } : {}) };
}

/** A custom seek in the lobby: the settings' game, teams, house rules and turn timer, every seat open for the people it pairs. */
export function seekSetupOf(s: NewGameSettings): RoomSetup {
  const table = tableOf(s);
  return {
    ...table,
    seats: Array.from({ length: table.players }, () => ({ kind: 'open' as const })),
    turnSeconds: s.online.turnSeconds,
  };
}

/** The table the settings describe: the player in seat 0, bots in the others. */
export function tableConfigOf(s: NewGameSettings, youName: string): TableConfig {
  const { players } = tableOf(s);
  const seats = Array.from({ length: players }, (_, i) =>
    i === 0
      ? { kind: 'human' as const, name: s.name.trim() || youName }
      : { kind: 'bot' as const, name: botSeatName(i), level: s.levels[i - 1] ?? 'normal' },
  );
  return { ...tableOf(s), seats };
}
