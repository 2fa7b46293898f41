/**
 * The deal checks of docs/rules.md 4.1, once for both paths: four of a month or four pairs
 * (field: void deal; hand: teshi, kuttsuki) on card-set masks (fast/bits.ts), and the
 * three-of-a-month stacks. The public functions below read their answers off these.
 */
import { type Card, monthOf } from '../../core/cards.js';
import { evenMonths, fullMonths, maskOf, popcount } from '../../fast/bits.js';

/** Four pairs need exactly eight cards: a hand or a field as dealt. */
const DEALT = 8;

const isFourPairs = (lo: number, hi: number): boolean =>
  popcount(lo) + popcount(hi) === DEALT && evenMonths(lo, hi);

/** Why a deal is void, as a number: the search's simulator redeals on any non-zero. */
export const DEAL_STANDS = 0;
export const VOID_FOUR_OF_A_MONTH = 1;
export const VOID_FOUR_PAIRS = 2;
export const VOID_TESHI = 3;

/**
 * Whether a dealt field (and, under `teshi: redeal`, the two hands) voids the deal: a four of
 * a month on the field, four pairs on it under fourPairsRedeal, a teshi in a hand under teshi redeal.
 */
export function dealVoidReason(
  fieldLo: number,
  fieldHi: number,
  hand0Lo: number,
  hand0Hi: number,
  hand1Lo: number,
  hand1Hi: number,
  fourPairsRedeal: boolean,
  teshiRedeals: boolean,
): number {
  if (fullMonths(fieldLo, fieldHi) !== 0) return VOID_FOUR_OF_A_MONTH;
  if (fourPairsRedeal && isFourPairs(fieldLo, fieldHi)) return VOID_FOUR_PAIRS;
  if (teshiRedeals && (fullMonths(hand0Lo, hand0Hi) !== 0 || fullMonths(hand1Lo, hand1Hi) !== 0))
    return VOID_TESHI;
  return DEAL_STANDS;
}

export const NO_HAND_CHECK = 0;
export const TESHI = 1;
export const KUTTSUKI = 2;

/** Teshi (four of a month in hand) or kuttsuki (four pairs, unless the `kuttsuki` option is off); a hand with both is teshi. */
export function handCheckOf(lo: number, hi: number, kuttsuki: boolean): number {
  if (fullMonths(lo, hi) !== 0) return TESHI;
  return kuttsuki && isFourPairs(lo, hi) ? KUTTSUKI : NO_HAND_CHECK;
}

/** Who scores the hand checks: the seat with one; both: the dealer (003); −1: nobody. */
export const handCheckWinner = (check0: number, check1: number, dealer: number): number =>
  check0 !== NO_HAND_CHECK ? (check1 !== NO_HAND_CHECK ? dealer : 0) : check1 !== NO_HAND_CHECK ? 1 : -1;

// --- the public forms ------------------------------------------------------------------------

/** The months (ascending) whose four cards are all in the set. */
function fourMonths(cards: readonly Card[]): number[] {
  const [lo, hi] = maskOf(cards);
  const full = fullMonths(lo, hi);
  return Array.from({ length: 12 }, (_, i) => i + 1).filter((m) => (full >>> (m - 1)) & 1);
}

export type VoidDeal =
  | { readonly reason: 'four-of-a-month'; readonly months: number[] }
  | { readonly reason: 'four-pairs' }
  | { readonly reason: 'teshi'; readonly seats: number[] };

/** Why a dealt round is void, if it is (`teshiRedeals`: option teshi "redeal"). */
export function dealVoid(
  field: readonly Card[],
  hands: readonly (readonly Card[])[],
  fourPairsRedeal: boolean,
  teshiRedeals: boolean,
): VoidDeal | null {
  const [fieldLo, fieldHi] = maskOf(field);
  const [h0Lo, h0Hi] = maskOf(hands[0] ?? []);
  const [h1Lo, h1Hi] = maskOf(hands[1] ?? []);
  switch (dealVoidReason(fieldLo, fieldHi, h0Lo, h0Hi, h1Lo, h1Hi, fourPairsRedeal, teshiRedeals)) {
    case VOID_FOUR_OF_A_MONTH:
      return { reason: 'four-of-a-month', months: fourMonths(field) };
    case VOID_FOUR_PAIRS:
      return { reason: 'four-pairs' };
    case VOID_TESHI:
      return {
        reason: 'teshi',
        seats: hands.flatMap((hand, seat) => (fourMonths(hand).length > 0 ? [seat] : [])),
      };
    default:
      return null;
  }
}

/** Why a dealt field voids the deal, if it does. */
export const fieldVoid = (field: readonly Card[], fourPairsRedeal: boolean): VoidDeal | null =>
  dealVoid(field, [], fourPairsRedeal, false);

/** Months with three cards on the field: each lies as one stack, which the fourth card captures whole. */
export function fieldStacks(field: readonly Card[]): number[] {
  const counts = new Map<number, number>();
  for (const c of field) counts.set(monthOf(c), (counts.get(monthOf(c)) ?? 0) + 1);
  return [...counts]
    .filter(([, k]) => k === 3)
    .map(([m]) => m)
    .sort((a, b) => a - b);
}

export type HandCheck = 'teshi' | 'kuttsuki';

/** Teshi or kuttsuki in a hand (kuttsuki unless the option is off), if either. */
export function handCheck(hand: readonly Card[], kuttsuki = true): HandCheck | null {
  const [lo, hi] = maskOf(hand);
  const check = handCheckOf(lo, hi, kuttsuki);
  return check === TESHI ? 'teshi' : check === KUTTSUKI ? 'kuttsuki' : null;
}
