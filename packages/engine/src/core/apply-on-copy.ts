/** The `apply` of a game whose decisions mutate a working copy of the state. */
import type { Action } from './actions.js';
import type { SplitEvent } from './events.js';
import type { Applied } from './game.js';
import { err, ok, type Result } from './result.js';

/** Whose decision is awaited, and whether the game is over: the part of every game's state `apply` checks. */
export interface TurnState {
  readonly phase: string;
  readonly toMove: number;
}

/**
 * Checks the seat, then lets `decide` change a copy: the input state is never touched, and a
 * refused action leaves nothing behind. `decide` makes its checks before its first change.
 */
export function applyOnCopy<S extends TurnState>(
  state: S,
  action: Action,
  clone: (s: S) => S,
  decide: (s: S, action: Action, events: SplitEvent[]) => Result<true>,
  overMessage = 'the game is over',
): Result<Applied<S>> {
  if (state.phase === 'over') return err('game-over', overMessage);
  if (action.seat !== state.toMove) return err('not-your-turn', `it is seat ${state.toMove}'s turn, not seat ${action.seat}'s`);
  const s = clone(state);
  const events: SplitEvent[] = [];
  const done = decide(s, action, events);
  return done.ok ? ok({ state: s, events }) : done;
}
