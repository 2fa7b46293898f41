/**
 * Nara Hana-awase round scoring (docs/rules.md 5.4), once for both paths: the values, yaku and
 * special hands of a capture pile as a card-set mask (fast/bits.ts), and a round's scores from
 * the seats' masks. The search's simulator calls `scoreCaptures` on its words; the public
 * functions below turn card lists into masks and read the same answers.
 */
import type { Card } from '../../core/cards.js';
import { seatingFrom } from '../../core/sides.js';
import { maskOf, monthNibble, popcount, valueMasks, valueOf } from '../../fast/bits.js';
import type { NaraOptions } from './options.js';
import { BASE, SPECIAL_HANDS, type SpecialHand, VALUES, YAKU, isChaff, isScoring } from './tables.js';

const DECK = VALUES.map((_, c) => c);
const POINTS = valueMasks(VALUES);
const [SCORING_LO, SCORING_HI] = maskOf(DECK.filter(isScoring));
const [CHAFF_LO, CHAFF_HI] = maskOf(DECK.filter(isChaff));
const CHAFF_COUNT = DECK.filter(isChaff).length;
const [TWENTY_LO, TWENTY_HI] = maskOf(DECK.filter((c) => VALUES[c] === 20));
const YAKU_LO = Int32Array.from(YAKU, (y) => maskOf(y.cards)[0]);
const YAKU_HI = Int32Array.from(YAKU, (y) => maskOf(y.cards)[1]);
const YAKU_VALUE = Int32Array.from(YAKU, (y) => y.value);
const YAKU_VOID_MONTH = Int32Array.from(YAKU, (y) => y.voidWithMonth ?? 0);
const ALL_CHAFF = SPECIAL_HANDS['all-chaff'];
const ONE_TWENTY = SPECIAL_HANDS['one-twenty'];

/** The card value of a pile. */
export const cardPoints = (lo: number, hi: number): number => valueOf(lo, hi, POINTS);

/** The value of a pile's yaku, each one's id recorded in `sink` (Tsukimi is void when the pile holds any willow card). */
export function pileYakuValue(lo: number, hi: number, sink: string[] | null): number {
  let value = 0;
  for (let k = 0; k < YAKU_LO.length; k++) {
    if ((lo & YAKU_LO[k]) !== YAKU_LO[k] || (hi & YAKU_HI[k]) !== YAKU_HI[k]) continue;
    if (YAKU_VOID_MONTH[k] !== 0 && monthNibble(lo, hi, YAKU_VOID_MONTH[k]) !== 0) continue;
    value += YAKU_VALUE[k];
    if (sink !== null) sink.push(YAKU[k].id);
  }
  return value;
}

/**
 * The value of the special hand a pile makes, 0 if none. All chaff: at least one card and
 * nothing worth points (`everyChaff`, option allChaff "every-chaff": all 24 chaff). One twenty:
 * exactly one 20-point card, otherwise only chaff. A pile that makes both (possible only under
 * every-chaff) counts as all chaff.
 */
export function specialHandValue(lo: number, hi: number, everyChaff: boolean): number {
  const scoring = popcount(lo & SCORING_LO) + popcount(hi & SCORING_HI);
  const allChaff = everyChaff
    ? popcount(lo & CHAFF_LO) + popcount(hi & CHAFF_HI) === CHAFF_COUNT
    : (lo | hi) !== 0 && scoring === 0;
  if (allChaff) return ALL_CHAFF;
  return scoring === 1 && ((lo & TWENTY_LO) | (hi & TWENTY_HI)) !== 0 ? ONE_TWENTY : 0;
}

/**
 * A round's scores from the seats' captures (`captured`: lo, hi per seat), written to `scores`;
 * returns whether special hands scored. Special hands: each holder is paid its hand's value by
 * every other seat. Otherwise a seat scores its card value less the base, plus its yaku's value
 * from each other seat, less theirs.
 */
export function scoreCaptures(captured: Int32Array, everyChaff: boolean, scores: Int32Array): boolean {
  const seats = scores.length;
  let special = false;
  let paid = 0;
  for (let seat = 0; seat < seats; seat++) {
    const hand = specialHandValue(captured[2 * seat], captured[2 * seat + 1], everyChaff);
    if (hand > 0) special = true;
    scores[seat] = hand;
    paid += hand;
  }
  if (special) {
    for (let seat = 0; seat < seats; seat++) scores[seat] = scores[seat] * seats - paid;
    return true;
  }
  paid = 0;
  for (let seat = 0; seat < seats; seat++) {
    const yaku = pileYakuValue(captured[2 * seat], captured[2 * seat + 1], null);
    scores[seat] = yaku;
    paid += yaku;
  }
  for (let seat = 0; seat < seats; seat++)
    scores[seat] =
      cardPoints(captured[2 * seat], captured[2 * seat + 1]) - BASE + scores[seat] * seats - paid;
  return false;
}

// --- the public forms ------------------------------------------------------------------------

export const pointsOf = (cards: readonly Card[]): number => cardPoints(...maskOf(cards));

/** The yaku a capture pile holds, in the table's order. */
export function yakuOf(cards: readonly Card[]): string[] {
  const ids: string[] = [];
  pileYakuValue(...maskOf(cards), ids);
  return ids;
}

/** The special hand a capture pile makes, if any (specialHandValue). */
export function specialHandOf(cards: readonly Card[], options: NaraOptions): SpecialHand | null {
  const value = specialHandValue(...maskOf(cards), options.allChaff === 'every-chaff');
  return value === ALL_CHAFF ? 'all-chaff' : value === ONE_TWENTY ? 'one-twenty' : null;
}

export interface RoundScores {
  /** Per seat: captured value; the yaku (or special hand) that scored; the round result. */
  readonly points: number[];
  readonly yaku: string[][];
  readonly scores: number[];
  /** Whether special hands replaced card scores and yaku. */
  readonly special: boolean;
}

const yakuValue = (ids: readonly string[]): number =>
  ids.reduce((sum, id) => sum + YAKU.find((y) => y.id === id)!.value, 0);

/**
 * A round's yaku payments per seat (docs/rules.md 5.4): what the others pay it for its yaku
 * (their value from each other seat) and what it pays for theirs. A round's score is the card
 * score plus `received − paid` (a round of special hands pays by them instead).
 */
export function yakuPayments(yaku: readonly (readonly string[])[]): {
  readonly received: number[];
  readonly paid: number[];
} {
  const values = yaku.map(yakuValue);
  const total = values.reduce((a, b) => a + b, 0);
  return {
    received: values.map((mine) => mine * (values.length - 1)),
    paid: values.map((mine) => total - mine),
  };
}

export function scoreRound(captured: readonly (readonly Card[])[], options: NaraOptions): RoundScores {
  const words = new Int32Array(2 * captured.length);
  captured.forEach((cards, seat) => words.set(maskOf(cards), 2 * seat));
  const scores = new Int32Array(captured.length);
  const special = scoreCaptures(words, options.allChaff === 'every-chaff', scores);
  const yaku = special
    ? captured.map((cards) => {
        const hand = specialHandOf(cards, options);
        return hand === null ? [] : [hand];
      })
    : captured.map(yakuOf);
  return { points: captured.map(pointsOf), yaku, scores: Array.from(scores), special };
}

/**
 * The next dealer: a special hand's holder (several: the earliest in turn order); else the
 * highest round result, a tie keeping the dealer, or else going to the tied seat earliest in turn order.
 */
export function nextDealer(round: RoundScores, dealer: number, seating: readonly number[]): number {
  const earliest = (candidates: number[]): number =>
    seatingFrom(seating, dealer).find((seat) => candidates.includes(seat)) as number;
  if (round.special) return earliest(round.yaku.flatMap((y, seat) => (y.length > 0 ? [seat] : [])));
  const best = Math.max(...round.scores);
  return earliest(round.scores.flatMap((v, seat) => (v === best ? [seat] : [])));
}
