/** The deal checks of docs/rules.md 4.1: four of a month or four pairs (field: void deal; hand: teshi, kuttsuki), three-of-a-month stacks. */
import { type Card, monthOf } from '../../core/cards.js';

function monthCounts(cards: readonly Card[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const c of cards) counts.set(monthOf(c), (counts.get(monthOf(c)) ?? 0) + 1);
  return counts;
}

const monthsWith = (cards: readonly Card[], n: number): number[] =>
  [...monthCounts(cards)]
    .filter(([, k]) => k === n)
    .map(([m]) => m)
    .sort((a, b) => a - b);

/** The cards split into exactly four pairs of months (a four of a month counts as two pairs). */
const fourPairs = (cards: readonly Card[]): boolean => cards.length === 8 && [...monthCounts(cards).values()].every((k) => k % 2 === 0);

export type VoidDeal =
  | { readonly reason: 'four-of-a-month'; readonly months: number[] }
  | { readonly reason: 'four-pairs' }
  | { readonly reason: 'teshi'; readonly seats: number[] };

/** Why a dealt field voids the deal, if it does. */
export function fieldVoid(field: readonly Card[], fourPairsRedeal: boolean): VoidDeal | null {
  const fours = monthsWith(field, 4);
  if (fours.length > 0) return { reason: 'four-of-a-month', months: fours };
  if (fourPairsRedeal && fourPairs(field)) return { reason: 'four-pairs' };
  return null;
}

/** Months with three cards on the field: each lies as one stack, which the fourth card captures whole. */
export const fieldStacks = (field: readonly Card[]): number[] => monthsWith(field, 3);

export type HandCheck = 'teshi' | 'kuttsuki';

/** Teshi (four of a month in hand) or kuttsuki (four pairs, unless the `kuttsuki` option is off); a hand with both is named teshi. */
export function handCheck(hand: readonly Card[], kuttsuki = true): HandCheck | null {
  if (monthsWith(hand, 4).length > 0) return 'teshi';
  if (kuttsuki && fourPairs(hand)) return 'kuttsuki';
  return null;
}

/** Under `teshi: redeal` (KoiKoi Japan) a teshi voids the deal: the seats holding one. */
export const teshiSeats = (hands: readonly (readonly Card[])[]): number[] => hands.flatMap((hand, seat) => (monthsWith(hand, 4).length > 0 ? [seat] : []));
