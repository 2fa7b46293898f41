/**
 * The greedy bots' shared arithmetic: what a capture is worth to my side (my gain plus
 * what it costs the other sides), and what a card left on the field risks. Each game
 * supplies its own `potential`: the value a capture pile is heading for.
 */
import {
  type Action,
  type Card,
  actionCard,
  card,
  cardById,
  classOf,
  meetByMonth,
  monthOf,
} from '@hanafuda/engine';

/** A seat's knowledge at one decision, in card numbers. */
export interface Sight {
  readonly hand: readonly Card[];
  readonly field: readonly Card[];
  /** My side's captures, and each other side's. */
  readonly mine: readonly Card[];
  readonly others: readonly (readonly Card[])[];
  /** Cards I cannot see: other hands and the piles. */
  readonly unseen: readonly Card[];
  /** Cards the other sides will play or draw before my next turn (hand plays and draws). */
  readonly opponentPlays: number;
  /**
   * The value a capture pile is heading for (points plus yaku progress), given the cards
   * the other sides hold (a yaku that needs one of them is out of reach).
   */
  potential(own: readonly Card[], against: readonly Card[]): number;
  /** Card points alone, for cards that might be captured by anyone. */
  readonly worth: (card: Card) => number;
}

const SAKE = card('chrysanthemum-sake');

/** A bright or the sake cup: the cards never to be given away. */
export const isLight = (c: Card): boolean => classOf(c) === 'bright' || c === SAKE;

/** The cost of a light given away (more than any capture gains): played only when every play gives one. */
export const GIFT = 1000;

export const ids = (list: readonly string[]): Card[] => list.map((id) => cardById(id)!);

const union = (lists: readonly (readonly Card[])[]): Card[] => lists.flat();

/** My gain from capturing `cards`: my potential rises, and the other sides' yaku on them die. */
export function captureGain(sight: Sight, cards: readonly Card[]): number {
  if (cards.length === 0) return 0;
  const others = union(sight.others);
  const mine = sight.potential([...sight.mine, ...cards], others) - sight.potential(sight.mine, others);
  if (sight.others.length === 0) return mine;
  let denied = 0;
  sight.others.forEach((theirs, i) => {
    const rest = union([sight.mine, ...sight.others.filter((_, j) => j !== i)]);
    const before = sight.potential(theirs, rest);
    denied += before - sight.potential(theirs, [...rest, ...cards]);
    // Had they captured these cards instead: half weight, as they may never have.
    denied += 0.5 * (sight.potential([...theirs, ...cards], rest) - before);
  });
  return mine + denied / sight.others.length;
}

/** The chance that another side gets to capture a card of `month` before my next turn. */
export function exposure(sight: Sight, month: number): number {
  const u = sight.unseen.filter((c) => monthOf(c) === month).length;
  if (u === 0 || sight.unseen.length === 0) return 0;
  const miss = Math.pow(1 - u / sight.unseen.length, sight.opponentPlays);
  return 1 - miss;
}

/** The cost of leaving `card` on the field: what the other sides may gain by it, less my own chance to take it back. */
export function leaveCost(sight: Sight, card: Card): number {
  const month = monthOf(card);
  const p = exposure(sight, month);
  const others = union(sight.others);
  const theirGain = Math.max(
    0,
    ...sight.others.map(
      (theirs) =>
        sight.potential([...theirs, card], [...sight.mine]) - sight.potential(theirs, [...sight.mine]),
    ),
  );
  const partner = sight.hand.find((c) => c !== card && monthOf(c) === month);
  const comeback =
    partner === undefined
      ? 0
      : (1 - p) *
        0.5 *
        (sight.potential([...sight.mine, card, partner], others) - sight.potential(sight.mine, others));
  return p * theirGain - comeback;
}

/** The cards a hand play captures: the named `take`, the wild card's only target, or the month's one or three. */
export function capturedBy(
  sight: Sight,
  action: Action,
  wild: boolean,
  wildTargets: readonly Card[] = sight.field,
): Card[] {
  const played = actionCard(action, 'play')!;
  const take = actionCard(action, 'take');
  if (take !== undefined) return [played, take];
  if (wild) return wildTargets.length === 1 ? [played, wildTargets[0]] : [];
  const meeting = meetByMonth(played, sight.field);
  return meeting.kind === 'captures' ? [played, ...meeting.cards] : [];
}

/** A hand play's value: the capture's gain, or minus the cost of the card left on the field. */
export function playValue(
  sight: Sight,
  action: Action,
  wild: boolean,
  wildTargets?: readonly Card[],
): number {
  const played = actionCard(action, 'play')!;
  const captured = capturedBy(sight, action, wild, wildTargets);
  if (captured.length === 0)
    return -leaveCost(sight, played) - (isLight(played) && exposure(sight, monthOf(played)) > 0 ? GIFT : 0);
  const gain = captureGain(sight, captured);
  // Two field cards of a month and one taken: the other stays exposed.
  const left = sight.field.filter((c) => monthOf(c) === monthOf(captured[1]) && !captured.includes(c));
  const leftCost =
    !wild && left.length === 1 ? exposure(sight, monthOf(left[0])) * 0.5 * sight.worth(left[0]) : 0;
  return gain - leftCost;
}

/** The best of `actions` by `value`; ties keep the first. */
export function best<T>(actions: readonly T[], value: (a: T) => number): T {
  let top = actions[0];
  let topValue = -Infinity;
  for (const a of actions) {
    const v = value(a);
    if (v > topValue) {
      top = a;
      topValue = v;
    }
  }
  return top;
}
