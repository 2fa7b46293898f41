/** Whether a hand may ask for a redeal (docs/rules.md 5.2), on a card-set mask (fast/bits.ts), for both paths. */
import { fullMonths, maskOf } from '../../fast/bits.js';
import { NARA_DECK } from '../../core/cards.js';
import { isScoring } from './tables.js';

const [SCORING_LO, SCORING_HI] = maskOf(NARA_DECK.filter(isScoring));

export const NO_REDEAL = 0;
export const NO_SCORING_CARD = 1;
export const FOUR_OF_A_MONTH = 2;

/** Why a hand may ask for a redeal: no scoring card (the blank counts as one), or four of a month; NO_REDEAL if neither (or empty). */
export function redealReasonOf(lo: number, hi: number): number {
  if ((lo | hi) === 0) return NO_REDEAL;
  if (((lo & SCORING_LO) | (hi & SCORING_HI)) === 0) return NO_SCORING_CARD;
  return fullMonths(lo, hi) !== 0 ? FOUR_OF_A_MONTH : NO_REDEAL;
}
