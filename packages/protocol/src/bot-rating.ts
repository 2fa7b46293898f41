/**
 * What a bot level is rated on the people's ladder (docs/strength.md, The bots on the people's ladder),
 * for the pickers that offer a bot ("Hard ≈ 1650"): the rating of the rated format (lobby pool)
 * the table's game is, or the nearest one of its game, players and teams. The figures are
 * measured and written by `npm run ratings:bots` (bot-ladder-ratings.ts).
 */
import { gameById, validateOptions } from '@hanafuda/engine';
import { BOT_LADDER } from './bot-ladder-ratings.js';
import type { BotTable } from './bot-ratings.js';
import type { Level } from './levels.js';

/** The game's house rules in full (every default filled in), to compare; undefined if they are not the game's. */
function fullOptions(
  game: string,
  options: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  const module = gameById(game);
  const full = module && validateOptions(module.optionSpecs, options ?? {}, module.presets);
  return full?.ok ? JSON.stringify(full.value) : undefined;
}

/**
 * The level's rating for a table of this game, players and teams (the pool with the same house
 * rules if there is one, else the first such pool), or undefined if no rated format is one.
 */
export function botRating(table: BotTable, level: Level): number | undefined {
  const teams = JSON.stringify(table.teams ?? null);
  const alike = BOT_LADDER.pools.filter(
    (p) => p.game === table.game && p.players === table.players && JSON.stringify(p.teams) === teams,
  );
  const rules = fullOptions(table.game, table.options);
  const pool = alike.find((p) => rules !== undefined && fullOptions(p.game, p.options) === rules) ?? alike[0];
  return pool?.ratings[level];
}
