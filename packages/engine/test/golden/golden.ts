/**
 * Golden replays: for each game and table size, what three seeds deal and one whole game
 * played from a seed by a seeded random policy, kept as files (fixtures/). Replaying them must
 * give the same deals and the same round and game results: a change that alters either is a
 * change of the rules, and needs a new RULES_VERSION (packages/engine/src/core/rules-version.ts).
 *
 * `UPDATE_GOLDEN=1 npx vitest run packages/engine/test/golden` writes the files again, and
 * refuses to change one whose rules version is still the engine's.
 */
import { type GameModule, type GameRecord, type GameEvent, GAMES, RULES_VERSION, replayRecord } from '../../src/index.js';
import { playRandom } from '../support/random-play.js';

/** What a seed deals: each seat's hand and the field, as their views show them after newGame. */
export interface GoldenDeal {
  readonly seed: string;
  readonly hands: readonly (readonly string[])[];
  readonly field: readonly string[];
}

export interface Golden {
  readonly rules: number;
  readonly game: string;
  readonly players: number;
  readonly deals: readonly GoldenDeal[];
  /** One whole game: its record, and every round's and the game's result (public events). */
  readonly record: GameRecord;
  readonly results: readonly GameEvent[];
}

export const DEAL_SEEDS = ['golden-1', 'golden-2', 'golden-3'];
const RESULT_EVENTS = new Set(['round-end', 'game-end', 'redeal', 'misdeal']);

/** Every game at every table size it allows. */
export const GOLDEN_CASES: { game: GameModule; players: number }[] = GAMES.flatMap((game) =>
  Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => ({ game, players: game.minPlayers + i })),
);

export const fixtureName = (game: string, players: number): string => `${game}-${players}p.json`;

function dealOf(game: GameModule, players: number, seed: string): GoldenDeal {
  const start = game.newGame({ players, seed });
  if (!start.ok) throw new Error(`${game.id} ${players}p: ${start.error.message}`);
  const seen = (viewer: number | null) => game.view(start.value.state, viewer) as { hand?: string[]; field?: string[] };
  return { seed, hands: Array.from({ length: players }, (_, seat) => seen(seat).hand ?? []), field: seen(null).field ?? [] };
}

const resultsOf = (events: readonly { public: GameEvent }[]): GameEvent[] => events.map((e) => e.public).filter((e) => RESULT_EVENTS.has(e.type));

/** The golden file of one case, played afresh by the current engine. */
export function makeGolden(game: GameModule, players: number): Golden {
  const played = playRandom(game, { players, seed: `golden:${game.id}:${players}` }, `golden-policy:${game.id}:${players}`);
  return {
    rules: RULES_VERSION,
    game: game.id,
    players,
    deals: DEAL_SEEDS.map((seed) => dealOf(game, players, seed)),
    record: played.record,
    results: played.steps.flatMap((step) => resultsOf(step.events)),
  };
}

/** Replays a golden file with the current engine: what it deals and how its game ends, to compare with the file. */
export function replayGolden(game: GameModule, golden: Golden): { deals: GoldenDeal[]; results: GameEvent[] | string } {
  const deals = golden.deals.map((d) => dealOf(game, golden.players, d.seed));
  const steps = replayRecord(game, golden.record);
  const results = steps.ok ? steps.value.flatMap((step) => resultsOf(step.events)) : steps.error.message;
  // As the file holds them: JSON (a score of -0 is written 0).
  return JSON.parse(JSON.stringify({ deals, results })) as { deals: GoldenDeal[]; results: GameEvent[] | string };
}
