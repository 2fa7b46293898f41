/**
 * The bots on the people's ladder: each bot level's rating in each rated format (a lobby pool),
 * on the scale people's ratings are, from rated games among the four levels. Every game is a
 * whole game of the pool's setup (its players, teams and house rules) with a different level at
 * each seat; its places come from the engine's totals as a rated game's do (fair-play/rated-game.ts),
 * and the games are rated one after another, in their order, by the arithmetic and the shown
 * rating people's games use (arithmetic.ts, shown.ts): the bots are rated as four members who
 * play only each other would be, starting where every newcomer starts.
 *
 * Games come in blocks: block b is one deal seed, played once in every seating of distinct
 * levels (2 players: the 12 ordered pairs; 3: 24; 4: the 24 orders of all four), so the luck of
 * the deal cancels within each block. A game's result depends on its pool, its index and the
 * run's seed alone, so games may be played on any number of threads, in any order, over several
 * runs (the command keeps them in a checkpoint), and rated the same.
 */
import { type Action, type GameEvent, gameById, seedRng } from '@hanafuda/engine';
import { botForLevel, playGame } from '@hanafuda/bots';
import { BOT_LEVELS, type Level, type PoolId } from '@hanafuda/protocol';
import { places } from '../fair-play/rated-game.js';
import { POOLS } from '../lobby/pools.js';
import { type Skill, rateGame } from './arithmetic.js';
import { isProvisional, rounded } from './shown.js';

/** One ladder game's outcome. */
export interface LadderGame {
  readonly pool: PoolId;
  readonly index: number;
  /** The level at each seat. */
  readonly levels: readonly Level[];
  /** Each side's final total (the engine's `game-end`): a side is a seat, or a team of the pool's. */
  readonly totals: readonly number[];
}

/** A level's rating in a pool after the ladder's games. */
export interface LadderRating {
  readonly level: Level;
  readonly mu: number;
  readonly sigma: number;
  /** The rating shown, as a person's would be (rounded). */
  readonly shown: number;
  readonly provisional: boolean;
  readonly games: number;
}

/** Every ordering of `size` distinct levels, in a fixed order. */
function arrangements(size: number, from: readonly Level[] = BOT_LEVELS): Level[][] {
  if (size === 0) return [[]];
  return from.flatMap((level) =>
    arrangements(
      size - 1,
      from.filter((l) => l !== level),
    ).map((rest) => [level, ...rest]),
  );
}

/** How many games a block of the pool has: one per seating of distinct levels. */
export function blockSize(pool: PoolId): number {
  return arrangements(POOLS[pool].players).length;
}

/** Game `index` of the pool: the level at each seat, and its deal's seed. */
export function ladderSeating(pool: PoolId, index: number, seed: string): { levels: Level[]; deal: string } {
  const all = arrangements(POOLS[pool].players);
  return { levels: all[index % all.length], deal: `${seed}:${pool}:${Math.floor(index / all.length)}` };
}

/** Plays game `index` of the pool to its end, a bot of its level at each seat (each with its own random stream). */
export function playLadderGame(pool: PoolId, index: number, seed: string): LadderGame {
  const { game: gameId, players, teams, options } = POOLS[pool];
  const game = gameById(gameId);
  if (!game) throw new Error(`pool ${pool}: no game "${gameId}"`);
  const { levels, deal } = ladderSeating(pool, index, seed);
  const played = playGame(
    game,
    { players, ...(teams ? { teams } : {}), ...(options ? { options } : {}), seed: deal },
    levels.map((level) => botForLevel(level)),
    levels.map((_, seat) => seedRng(`${deal}:${index}:bot:${seat}`)),
  );
  return { pool, index, levels, totals: totalsOf(played.end, played.actions) };
}

function totalsOf(end: GameEvent | undefined, actions: readonly Action[]): number[] {
  if (!end || !('totals' in end))
    throw new Error(`a ladder game did not end (${actions.length} actions played)`);
  return (end.totals as number[]).slice();
}

/** The pool's sides: its teams, or each seat alone. */
function sides(pool: PoolId): readonly (readonly number[])[] {
  const { players, teams } = POOLS[pool];
  return teams ?? Array.from({ length: players }, (_, seat) => [seat]);
}

/** Rates a pool's games in the order of their indexes, each level starting as a newcomer; answers every level's rating. */
export function rateLadder(pool: PoolId, games: readonly LadderGame[]): LadderRating[] {
  const skills = new Map<string, Skill>();
  const played = new Map<string, number>();
  const teams = sides(pool);
  for (const g of [...games].filter((g) => g.pool === pool).sort((a, b) => a.index - b.index)) {
    const changes = rateGame(
      {
        format: pool,
        game: `${pool}:${g.index}`,
        teams: teams.map((side) => side.map((seat) => g.levels[seat])),
        ranks: places(
          g.totals,
          g.totals.map(() => false),
        ),
        forfeited: [],
        endedAt: 0,
      },
      skills,
    );
    for (const c of changes) {
      skills.set(c.account, c.after);
      played.set(c.account, (played.get(c.account) ?? 0) + 1);
    }
  }
  return BOT_LEVELS.flatMap((level) => {
    const skill = skills.get(level);
    return skill
      ? [
          {
            level,
            mu: skill.mu,
            sigma: skill.sigma,
            shown: rounded(skill),
            provisional: isProvisional(skill),
            games: played.get(level) ?? 0,
          },
        ]
      : [];
  });
}
