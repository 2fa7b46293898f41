/**
 * The Gaji's rules (docs/rules.md 3.8) as functions of cards and card sets as masks
 * (fast/bits.ts): what a wild Gaji may aim at, when it is wild, what it claims at the round's
 * end, what passes under `gajiClaim: transfer`, when a blocked Gaji goes back. The public
 * rules (turn.ts, round.ts) and the search's simulator (fast/sakura.ts) both call them.
 */
import { type Card, GAJI, monthOf } from '../../core/cards.js';
import { lowestBit, monthNibble, monthsHi, monthsLo } from '../../fast/bits.js';
import type { SakuraOptions } from './options.js';
import { VALUES } from './tables.js';

/** The Gaji's month (willow), whose cards `paired-month-and-willow` claims too. */
const WILLOW = monthOf(GAJI);

/** Whether `card` meets the field as the wild Gaji: always from the hand, from the pile under `gajiDrawnIsWild`. */
export const isWildGaji = (card: Card, fromHand: boolean, drawnIsWild: boolean): boolean =>
  card === GAJI && (fromHand || drawnIsWild);

/**
 * The field cards (lo word) a wild Gaji may aim at: all but those of a month in `blocked`,
 * the other seats' hikis a block has revealed (re-aiming there is illegal, not a new block).
 */
export const gajiTargetsLo = (fieldLo: number, blocked: number): number => fieldLo & ~monthsLo(blocked);
export const gajiTargetsHi = (fieldHi: number, blocked: number): number => fieldHi & ~monthsHi(blocked);

/** A blocked Gaji from the hand may go back under `blockedGajiReturns` when another card is left to play. */
export const mayReturnGaji = (allowed: boolean, fromHand: boolean, handCards: number): boolean =>
  allowed && fromHand && handCards > 0;

/** Under `gajiClaim: transfer`, whether `card` passes to the Gaji's user: a point card of the month the Gaji took. */
export const isTransferable = (card: Card, gajiWith: Card): boolean =>
  monthOf(card) === monthOf(gajiWith) && VALUES[card] > 0;

/** The card of a capture (lo, hi) that passes under `gajiClaim: transfer`: the best point card of the claimed month (the lower card of equals), −1 if none. */
export function transferredCard(lo: number, hi: number, gajiWith: Card): number {
  const month = monthOf(gajiWith);
  let best = -1;
  for (let nibble = monthNibble(lo, hi, month); nibble !== 0; nibble &= nibble - 1) {
    const c = (month - 1) * 4 + lowestBit(nibble);
    if (VALUES[c] > 0 && (best < 0 || VALUES[c] > VALUES[best])) best = c;
  }
  return best;
}

/**
 * The field cards the Gaji's user claims at the round's end, written to `out` as [lo, hi]:
 * the month the Gaji took, with the willow under `paired-month-and-willow`, or all of them
 * under `all-remaining`; none under `transfer` (its card passed during play).
 */
export function claimedLeftovers(
  rule: SakuraOptions['gajiClaim'],
  gajiWith: Card,
  fieldLo: number,
  fieldHi: number,
  out: Int32Array,
): void {
  let months = 0;
  if (rule === 'all-remaining') months = 0xfff;
  else if (rule !== 'transfer') {
    months = 1 << (monthOf(gajiWith) - 1);
    if (rule === 'paired-month-and-willow') months |= 1 << (WILLOW - 1);
  }
  out[0] = fieldLo & monthsLo(months);
  out[1] = fieldHi & monthsHi(months);
}
