/**
 * Card sets as bitsets for the search fast path: two 32-bit words hold the 49 cards (card c
 * is bit c & 31 of word c >> 5), so the four cards of a month are one 4-bit nibble (months
 * 1–8 in the low word, 9–12 and the Nara blank in the high word). A set travels as a pair
 * of numbers (lo, hi); nothing here allocates except the table builders run at load time.
 */
import { type Card, STANDARD_DECK, interchangeable } from '../core/cards.js';

/** Set bits of a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The least shift that lays a set's hi word beside its lo word with no bit on another, so the
 * size of a subset (x, y) is one popcount: popcount((x & lo) | ((y & hi) << shift)).
 */
export function foldShift(lo: number, hi: number): number {
  for (let shift = 0; shift < 32; shift++)
    if ((hi << shift) >>> shift === hi >>> 0 && ((hi << shift) & lo) === 0) return shift;
  throw new Error('the two words of the set overlap at every shift');
}

/** Index of the lowest set bit of a non-zero word. */
export const lowestBit = (x: number): number => 31 - Math.clz32(x & -x);

/** The word (0: lo, 1: hi) and the bit of a card. */
export const wordOf = (card: Card): number => card >> 5;
export const bitOf = (card: Card): number => 1 << (card & 31);

/** Whether the set (lo, hi) holds `card`. */
export const inSet = (lo: number, hi: number, card: Card): boolean =>
  ((card < 32 ? lo : hi) & (1 << (card & 31))) !== 0;

/** The cards of `cards` in the set (lo, hi), in their order. */
export const cardsIn = (cards: readonly Card[], lo: number, hi: number): Card[] =>
  cards.filter((c) => inSet(lo, hi, c));

/** The cards of month 1..12 in a set, as a nibble (bit k: rank k). */
export const monthNibble = (lo: number, hi: number, month: number): number =>
  (month <= 8 ? lo >>> ((month - 1) << 2) : hi >>> ((month - 9) << 2)) & 15;

/** A card set as [lo, hi], for the masks built once from the games' tables. */
export function maskOf(cards: readonly Card[]): readonly [number, number] {
  let lo = 0;
  let hi = 0;
  for (const c of cards) {
    if (c < 32) lo |= 1 << c;
    else hi |= 1 << (c - 32);
  }
  return [lo | 0, hi | 0];
}

/** A values table as masks, one per distinct non-zero value: a set's value is a few popcounts. */
export interface ValueMasks {
  readonly value: Int32Array;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
}

export function valueMasks(values: readonly number[]): ValueMasks {
  const distinct = [...new Set(values)].filter((v) => v !== 0);
  const masks = distinct.map((value) => maskOf(values.flatMap((v, c) => (v === value ? [c] : []))));
  return {
    value: Int32Array.from(distinct),
    lo: Int32Array.from(masks, (m) => m[0]),
    hi: Int32Array.from(masks, (m) => m[1]),
  };
}

/** The value of the set (lo, hi) by a values table. */
export function valueOf(lo: number, hi: number, t: ValueMasks): number {
  let sum = 0;
  for (let k = 0; k < t.value.length; k++)
    sum += t.value[k] * (popcount(lo & t.lo[k]) + popcount(hi & t.hi[k]));
  return sum;
}

/**
 * The second card of each pair of interchangeable chaff (docs/rules.md §1), as masks: when both
 * twins are in a set, dropping the second leaves one representative per real choice.
 */
const [TWIN_LO, TWIN_HI] = maskOf(STANDARD_DECK.filter((c) => c > 0 && interchangeable(c - 1, c)));

/** Set bits of a nibble. */
export const POP4 = Uint8Array.from({ length: 16 }, (_, n) => popcount(n));

/** Per month 1..12, the nibble of its pair of interchangeable chaff (0 for willow, which has none). */
export const TWIN_NIBBLE = Uint8Array.from({ length: 13 }, (_, m) => {
  if (m === 0) return 0;
  const second = monthNibble(TWIN_LO, TWIN_HI, m);
  return second | (second >>> 1);
});

/** The set without the second of each pair of twins present in it (lo word). */
export const distinctLo = (lo: number): number => lo & ~((lo << 1) & TWIN_LO);
export const distinctHi = (hi: number): number => hi & ~((hi << 1) & TWIN_HI);

/** Bit 4k set where nibble k of the word is full (k = 0..7). */
const fullNibbles = (x: number): number => x & (x >>> 1) & (x >>> 2) & (x >>> 3) & 0x11111111;

/** Bit 4k set where nibble k of the word holds a card. */
const anyNibbles = (x: number): number => (x | (x >>> 1) | (x >>> 2) | (x >>> 3)) & 0x11111111;

/** Months (bit m − 1) from the nibble flags of the lo word and of the hi word (months 9–12). */
const monthFlags = (lo: number, hi: number): number => nibbleFlags(lo) | (nibbleFlags(hi & 0x1111) << 8);

/** Months (bit m − 1) whose four cards are all in the set. */
export const fullMonths = (lo: number, hi: number): number => monthFlags(fullNibbles(lo), fullNibbles(hi));

/** Months (bit m − 1) with at least one card in the set. */
export const anyMonths = (lo: number, hi: number): number => monthFlags(anyNibbles(lo), anyNibbles(hi));

/** `fullMonths(lo, hi) & anyMonths(someLo, someHi)`, gathered once. */
export const fullMonthsWith = (lo: number, hi: number, someLo: number, someHi: number): number =>
  monthFlags(fullNibbles(lo) & anyNibbles(someLo), fullNibbles(hi) & anyNibbles(someHi));

/** The cards of the months in `months` (bit m − 1), lo word (months 1–8). */
export const monthsLo = (months: number): number => nibbleSpread(months & 0xff);

/** The cards of the months in `months` (bit m − 1), hi word (months 9–12). */
export const monthsHi = (months: number): number => nibbleSpread((months >>> 8) & 0xf);

/** Bit k of `x` (k = 0..7) set in all four bits of nibble k: `nibbleFlags` the other way. */
function nibbleSpread(x: number): number {
  x = (x | (x << 12)) & 0x000f000f;
  x = (x | (x << 6)) & 0x03030303;
  x = (x | (x << 3)) & 0x11111111;
  return ((x << 4) - x) | 0;
}

/** Whether every month's count in a set is even (a four of a month counts as two pairs). */
export const evenMonths = (lo: number, hi: number): boolean =>
  (parities(lo) & 0x11111111) === 0 && (parities(hi) & 0x1111) === 0;

/** Bit 4k of the result: the parity of nibble k. */
function parities(x: number): number {
  x ^= x >>> 1;
  return x ^ (x >>> 2);
}

/** Gathers bit 4k of a word (k = 0..7) into bit k. */
function nibbleFlags(x: number): number {
  x = (x | (x >>> 3)) & 0x03030303;
  x = (x | (x >>> 6)) & 0x000f000f;
  return (x | (x >>> 12)) & 0xff;
}
