/** The Nara deal (docs/rules.md 5.1): a shuffle dealt in packets to the field and to two face-down piles per player. */
import { type Card, NARA_DECK, cardIds, cardsOfMonth } from '../../core/cards.js';
import { type SplitEvent, open } from '../../core/events.js';
import { shuffled } from '../../core/rng.js';
import { nextInSeating, seatingFrom } from '../../core/sides.js';
import type { NaraState } from './state.js';
import { DEAL_STEPS } from './tables.js';

export interface Dealt {
  /** Per seat, its two piles, top first. */
  readonly piles: Card[][][];
  readonly field: Card[];
}

/**
 * Deals `deck` (top first) by DEAL_STEPS: pile packets go from the dealer's right in turn
 * order, the dealer last, each seat's first pile then its second; a later packet lands on top.
 */
export function dealPackets(deck: readonly Card[], seating: readonly number[], dealer: number): Dealt {
  const players = seating.length;
  const piles: Card[][][] = Array.from({ length: players }, () => [[], []]);
  const field: Card[] = [];
  let next = 0;
  const take = (count: number) => deck.slice(next, (next += count));
  for (const step of DEAL_STEPS) {
    if (step.to === 'field') {
      field.push(...take(step.count));
      continue;
    }
    for (const seat of seatingFrom(seating, nextInSeating(seating, dealer))) {
      for (const pile of piles[seat]) pile.unshift(...take(step.count));
    }
  }
  return { piles, field };
}

/** The month (1..12) with all four cards on the field, if any: a misdeal. */
export function fourOnField(field: readonly Card[]): number | undefined {
  for (let month = 1; month <= 12; month++)
    if (cardsOfMonth(month).every((c) => field.includes(c))) return month;
  return undefined;
}

/** Shuffles and deals a fresh round for `s.dealer`, with its public events (the piles stay face down). */
export function shuffleAndDeal(s: NaraState, events: SplitEvent[]): void {
  const { piles, field } = dealPackets(shuffled(s.rng, NARA_DECK), s.seating, s.dealer);
  placeDeal(s, piles, field);
  events.push(open({ type: 'round-start', round: s.round, dealer: s.dealer }));
  for (let seat = 0; seat < s.players; seat++)
    events.push(open({ type: 'piles-dealt', seat, piles: piles[seat].map((p) => p.length) }));
  events.push(open({ type: 'field-dealt', cards: cardIds(field) }));
}

/** Puts a deal in place and resets everything of the round before the pile choice. */
export function placeDeal(
  s: NaraState,
  piles: readonly (readonly (readonly Card[])[])[],
  field: readonly Card[],
): void {
  s.piles = piles.map((p) => p.map((pile) => pile.slice()));
  s.chosen = piles.map(() => null);
  s.hands = piles.map(() => []);
  s.draws = piles.map(() => []);
  s.field = field.slice();
  s.captured = piles.map(() => []);
  s.blank = null;
  s.monthTakes = [];
  s.blankTakePending = false;
  s.started = piles.map(() => false);
  s.pending = null;
  s.voided = false;
  s.toMove = s.dealer;
}
