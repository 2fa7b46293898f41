/**
 * The shape of the bot ladder's figures (bot-ladder-ratings.ts, written by `npm run ratings:bots`)
 * and of the table a bot is picked for; botRating (bot-rating.ts) reads one for the other.
 */
import type { Level } from './levels.js';

/** Each rated format's setup, and each bot level's rating there after `games` ladder games per level (the module `npm run ratings:bots` writes). */
export interface BotLadder {
  readonly seed: string;
  readonly pools: readonly {
    readonly pool: string;
    readonly game: string;
    readonly players: number;
    readonly teams: readonly (readonly number[])[] | null;
    readonly options: Readonly<Record<string, unknown>>;
    readonly games: number;
    readonly ratings: Readonly<Partial<Record<Level, number>>>;
  }[];
}

/** The table a bot is picked for: its game, players, teams and house rules. */
export interface BotTable {
  readonly game: string;
  readonly players: number;
  readonly teams?: readonly (readonly number[])[] | null;
  readonly options?: Readonly<Record<string, unknown>>;
}
