/** The `apply` of a game whose decisions mutate a working copy of the state. */
import { type Action, actionCard, actionKind } from './actions.js';
import { type Card, cardId } from './cards.js';
import { type SplitEvent, open } from './events.js';
import type { Applied } from './game.js';
import { err, ok, type Result } from './result.js';

/**
 * A card turned up from the pile that captured one of the two interchangeable chaff of its
 * month by itself (no decision: docs/rules.md §1). Right after, the drawing seat may still
 * name either chaff with a `take`, as a hand play may.
 */
export interface DrawnTwin {
  readonly seat: number;
  readonly card: Card;
  readonly took: Card;
  readonly alike: readonly Card[];
}

/** Whose decision is awaited, and whether the game is over: the part of every game's state `apply` checks. */
export interface TurnState {
  readonly phase: string;
  readonly toMove: number;
  drawnTwin?: DrawnTwin | null;
  captured: Card[][];
  field: Card[];
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
  const twin = state.drawnTwin;
  if (twin && action.seat === twin.seat && actionKind(action) === 'take')
    return takeTwin(state, twin, actionCard(action, 'take')!, clone);
  if (action.seat !== state.toMove)
    return err('not-your-turn', `it is seat ${state.toMove}'s turn, not seat ${action.seat}'s`);
  const s = clone(state);
  s.drawnTwin = null;
  const events: SplitEvent[] = [];
  const done = decide(s, action, events);
  return done.ok ? ok({ state: s, events }) : done;
}

/** A `take` naming either chaff a drawn card met: the named one is the captured one. */
function takeTwin<S extends TurnState>(
  state: S,
  twin: DrawnTwin,
  named: Card,
  clone: (s: S) => S,
): Result<Applied<S>> {
  if (!twin.alike.includes(named)) {
    const choices = twin.alike.map(cardId).join(' or ');
    return err(
      'bad-take',
      `the drawn ${cardId(twin.card)} captured ${cardId(twin.took)} by itself; a take may name only ${choices}, not ${cardId(named)}`,
    );
  }
  const s = clone(state);
  s.drawnTwin = null;
  const events: SplitEvent[] = [];
  if (named !== twin.took) {
    s.captured[twin.seat] = s.captured[twin.seat].map((c) => (c === twin.took ? named : c));
    s.field = s.field.map((c) => (c === named ? twin.took : c));
    events.push(
      open({ type: 'twin-taken', seat: twin.seat, card: cardId(named), instead: cardId(twin.took) }),
    );
  }
  return ok({ state: s, events });
}
