/**
 * Plays one game (usually of one round) with a bot at every seat, each with its own RNG,
 * timing every decision. The arena is built on it; so are the tests.
 */
import type { Action, GameEvent, GameModule, GameSetup, RngState } from '@hanafuda/engine';
import type { Bot, BotView } from './bot.js';

export interface Decision {
  readonly seat: number;
  readonly ms: number;
}

export interface PlayedGame {
  /** The public `round-end` events, in order. */
  readonly rounds: GameEvent[];
  readonly actions: Action[];
  readonly decisions: Decision[];
  /** The public `game-end` event (each side's final total), if the game ended. */
  readonly end?: GameEvent;
}

/** Options that make a game one round long, whichever way the game counts its length. */
export function oneRound(game: GameModule, options: Record<string, unknown> = {}): Record<string, unknown> {
  const names = game.optionSpecs.map((s) => s.name);
  if (names.includes('rounds')) return { ...options, rounds: 1 };
  if (names.includes('length')) return { ...options, length: 'rounds:1' };
  return options;
}

/** Plays `setup` to the end. A bot that answers an illegal action is a bug: it throws, naming the bot. */
export function playGame(
  game: GameModule,
  setup: GameSetup,
  bots: readonly Bot[],
  rngs: readonly RngState[],
): PlayedGame {
  const start = game.newGame(setup);
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state;
  const rounds: GameEvent[] = [];
  const actions: Action[] = [];
  const decisions: Decision[] = [];
  let end: GameEvent | undefined;
  const collect = (events: readonly { public: GameEvent }[]) => {
    for (const e of events) {
      if (e.public.type === 'round-end') rounds.push(e.public);
      else if (e.public.type === 'game-end') end = e.public;
    }
  };
  collect(start.value.events);
  for (let seat = game.toMove(state); seat !== null; seat = game.toMove(state)) {
    const view = game.view(state, seat) as BotView;
    const started = performance.now();
    const action: Action = bots[seat].choose(game, view, rngs[seat]);
    decisions.push({ seat, ms: performance.now() - started });
    actions.push(action);
    const next = game.apply(state, action);
    if (!next.ok)
      throw new Error(
        `bot ${bots[seat].name} at seat ${seat} chose ${JSON.stringify(action)}: ${next.error.message}`,
      );
    state = next.value.state;
    collect(next.value.events);
  }
  return { rounds, actions, decisions, ...(end ? { end } : {}) };
}
