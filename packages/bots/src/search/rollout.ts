/**
 * Simulation to the end of the round from a determinized state, with a fast "greedy-lite"
 * policy: mostly take the capture worth the most points, now and then a random move.
 * Rollouts go through the public `apply`; this file is the one place to swap in a faster
 * engine path.
 */
import {
  type Action, type Card, type GameModule, type RngState, actionCard, actionKind, monthOf, nextUint32, randomInt,
} from '@hanafuda/engine';

export interface RolloutPolicy {
  /** What capturing `cards` is worth to `seat`: points, and a little yaku sense. */
  gain(state: unknown, seat: number, cards: readonly Card[]): number;
  /** What leaving `card` on the field risks. */
  leave(card: Card): number;
  /** Whether a card played from the hand is wild (captures any one card). */
  isWild(state: unknown, card: Card): boolean;
}

/** How often the policy plays a random legal action instead of its greedy one. */
const EXPLORE = 0.1;

interface Table {
  readonly field: readonly Card[];
  readonly pending: unknown;
}

/** The card awaiting a `take`: Sakura keeps it with its source, the others as the card. */
const pendingCard = (state: Table): Card => (typeof state.pending === 'number' ? state.pending : (state.pending as { card: Card }).card);

function value(policy: RolloutPolicy, state: Table, action: Action): number {
  const seat = action.seat;
  switch (actionKind(action)) {
    case 'play': {
      const played = actionCard(action, 'play')!;
      const take = actionCard(action, 'take');
      if (take !== undefined) return policy.gain(state, seat, [played, take]);
      const field = state.field;
      if (policy.isWild(state, played)) return field.length === 1 ? policy.gain(state, seat, [played, field[0]]) : 0;
      const same = field.filter((c) => monthOf(c) === monthOf(played));
      // Leaving a valuable card on the field is a gift to the next player.
      return same.length === 0 ? -policy.leave(played) : policy.gain(state, seat, [played, ...same]);
    }
    case 'take':
      return policy.gain(state, seat, [pendingCard(state), actionCard(action, 'take')!]);
    case 'hiki':
      return 30;
    case 'shobu':
      return 1;
    default:
      return 0;
  }
}

function pick(policy: RolloutPolicy, state: unknown, actions: readonly Action[], rng: RngState): Action {
  if (nextUint32(rng) / 0x100000000 < EXPLORE) return actions[randomInt(rng, actions.length)];
  // A random start breaks ties at random.
  const start = randomInt(rng, actions.length);
  let top = actions[start];
  let topValue = -Infinity;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[(start + i) % actions.length];
    const x = value(policy, state as Table, a);
    if (x > topValue) {
      top = a;
      topValue = x;
    }
  }
  return top;
}

/** Plays `state` to the end with the policy; returns the final state. */
export function rollout<S>(game: GameModule<S>, policy: RolloutPolicy, state: S, rng: RngState): S {
  let s = state;
  while (game.toMove(s) !== null) {
    const actions = game.legalActions(s);
    const action = actions.length === 1 ? actions[0] : pick(policy, s, actions, rng);
    const next = game.apply(s, action);
    if (!next.ok) throw new Error(`rollout: the engine refused its own legal action ${JSON.stringify(action)}: ${next.error.message}`);
    s = next.value.state;
  }
  return s;
}
