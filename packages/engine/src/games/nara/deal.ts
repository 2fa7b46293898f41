/**
 * The Nara deal (docs/rules.md 5.1, 5.2): a shuffle dealt in packets to the field and to two
 * face-down piles per player, and the misdeal, once for both paths: where each card of the
 * shuffled deck goes (`DEAL_PLACES`) and the misdeal check on the field as a card-set mask
 * (fast/bits.ts). The search's simulator deals by the same table on its own arrays.
 */
import { type Card, NARA_DECK, cardIds } from '../../core/cards.js';
import { type SplitEvent, open } from '../../core/events.js';
import { shuffled } from '../../core/rng.js';
import { nextInSeating, seatingFrom } from '../../core/sides.js';
import { fullMonths, lowestBit, maskOf } from '../../fast/bits.js';
import type { NaraState } from './state.js';
import { DEAL_STEPS, PLAYERS } from './tables.js';

/** A card of the deck that goes to the field (`DEAL_PLACES`). */
export const TO_FIELD = -1;

/** Cards in each pile: the pile packets' counts together. */
export const PILE_CARDS = DEAL_STEPS.reduce((n, step) => n + (step.to === 'piles' ? step.count : 0), 0);

/**
 * Where each card of the shuffled deck (top first) goes by DEAL_STEPS: TO_FIELD, or
 * `(2 * i + pile) << 3 | at`: seat i counted from the dealer's right in turn order (the dealer
 * last), its first or second pile, at index `at` counted from the top. Each pile packet goes
 * to every seat in turn, its first pile then its second, and lands on top of the earlier ones.
 */
export const DEAL_PLACES: Int8Array = (() => {
  const places: number[] = [];
  let below = PILE_CARDS;
  for (const step of DEAL_STEPS) {
    if (step.to === 'field') {
      for (let k = 0; k < step.count; k++) places.push(TO_FIELD);
      continue;
    }
    below -= step.count;
    for (let slot = 0; slot < 2 * PLAYERS; slot++)
      for (let k = 0; k < step.count; k++) places.push((slot << 3) | (below + k));
  }
  return Int8Array.from(places);
})();

/** The misdeal (docs/rules.md 5.2): the first month (1..12) with all four cards on the dealt field (lo, hi), 0 if none. */
export function misdealMonth(fieldLo: number, fieldHi: number): number {
  const full = fullMonths(fieldLo, fieldHi);
  return full === 0 ? 0 : lowestBit(full) + 1;
}

export interface Dealt {
  /** Per seat, its two piles, top first. */
  readonly piles: Card[][][];
  readonly field: Card[];
}

/** A pile of PILE_CARDS places to fill, as an array without holes (V8 keeps such arrays fast). */
function emptyPile(): Card[] {
  const pile: Card[] = [];
  for (let k = 0; k < PILE_CARDS; k++) pile.push(0);
  return pile;
}

/** Deals `deck` (top first) by DEAL_PLACES, the seats counted from the dealer's right in `seating`. */
export function dealPackets(deck: readonly Card[], seating: readonly number[], dealer: number): Dealt {
  const order = seatingFrom(seating, nextInSeating(seating, dealer));
  const piles: Card[][][] = seating.map(() => [emptyPile(), emptyPile()]);
  const field: Card[] = [];
  for (let k = 0; k < DEAL_PLACES.length; k++) {
    const place = DEAL_PLACES[k];
    if (place === TO_FIELD) field.push(deck[k]);
    else piles[order[place >> 4]][(place >> 3) & 1][place & 7] = deck[k];
  }
  return { piles, field };
}

/** The month (1..12) with all four cards on the field, if any: a misdeal (misdealMonth). */
export function fourOnField(field: readonly Card[]): number | undefined {
  return misdealMonth(...maskOf(field)) || undefined;
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
  s.plays = [];
  s.blank = null;
  s.monthTakes = [];
  s.blankTakePending = false;
  s.started = piles.map(() => false);
  s.pending = null;
  s.voided = false;
  s.toMove = s.dealer;
}
