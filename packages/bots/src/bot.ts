/**
 * A bot is a player: it is handed its seat's view (`game.view(state, seat)`, which lists
 * the seat's legal actions) and a seeded RNG, and answers one of those actions. It never
 * sees the state itself, so it cannot read another hand or the pile order.
 */
import type { Action, GameModule, RngState, GameView } from '@hanafuda/engine';

/** What a bot may look at: the view of one seat, in any game. */
export type BotView = GameView;

export interface Bot {
  readonly name: string;
  /**
   * One of `view.actions` (never empty when asked). `rng` is the bot's own stream: the
   * bot advances it and uses no other randomness, so the same view and RNG state give
   * the same decision. `game` is the module, for bots that simulate (search).
   */
  choose(game: GameModule, view: BotView, rng: RngState): Action;
}
