/**
 * The blank (docs/rules.md 5.2, 5.3), once for both paths, on card-set masks (fast/bits.ts):
 * dealt to the field, the dealer takes it with one field card (wild, as in play: core/matching.ts
 * `wildMeeting`), at once when there is no real choice; at the end of the round its user
 * claims the leftovers of the month it captured. The search's simulator calls these too.
 */
import { BLANK, monthOf } from '../../core/cards.js';
import { wildMeeting } from '../../core/matching.js';

const BLANK_HI = 1 << (BLANK - 32);

/**
 * How the blank dealt to the field (lo, hi) meets the other field cards: STAYS (the dealer
 * takes it alone), CAPTURES (with the one card, or either of two interchangeable chaff) or
 * CHOICE (the dealer's choice waits).
 */
export const dealtBlankMeeting = (fieldLo: number, fieldHi: number): number =>
  wildMeeting(fieldLo, fieldHi & ~BLANK_HI);

/**
 * The month whose cards left on the field go to the blank's user at the end of the round:
 * the month of the card the blank captured (`taken`), 0 when it was taken alone (−1).
 */
export const blankClaimMonth = (taken: number): number => (taken < 0 ? 0 : monthOf(taken));
