/** Nara Hana-awase round scoring (docs/rules.md 5.4): pure functions of the captures. */
import { type Card, monthOf } from '../../core/cards.js';
import { seatingFrom } from '../../core/sides.js';
import type { NaraOptions } from './options.js';
import { BASE, SPECIAL_HANDS, type SpecialHand, VALUES, YAKU, isChaff } from './tables.js';

export const pointsOf = (cards: readonly Card[]): number => cards.reduce((sum, c) => sum + VALUES[c], 0);

const CHAFF_COUNT = VALUES.filter((v) => v === 0).length;

/** The yaku a capture pile holds (Tsukimi is void when the pile holds any willow card). */
export function yakuOf(cards: readonly Card[]): string[] {
  const held = new Set(cards);
  const months = new Set(cards.map(monthOf));
  return YAKU.filter((y) => y.cards.every((c) => held.has(c)) && !(y.voidWithMonth !== undefined && months.has(y.voidWithMonth))).map((y) => y.id);
}

const yakuValue = (ids: readonly string[]): number => ids.reduce((sum, id) => sum + YAKU.find((y) => y.id === id)!.value, 0);

/**
 * The special hand a capture pile makes, if any. All chaff: at least one card and nothing
 * worth points (option `every-chaff`: all 24 chaff). One twenty: exactly one 20-point card,
 * otherwise only chaff. A pile that makes both (possible only under `every-chaff`) counts as all chaff.
 */
export function specialHandOf(cards: readonly Card[], options: NaraOptions): SpecialHand | null {
  const scoring = cards.filter((c) => !isChaff(c));
  const allChaff = options.allChaff === 'every-chaff' ? cards.filter(isChaff).length === CHAFF_COUNT : cards.length > 0 && scoring.length === 0;
  if (allChaff) return 'all-chaff';
  if (scoring.length === 1 && VALUES[scoring[0]] === 20) return 'one-twenty';
  return null;
}

export interface RoundScores {
  /** Per seat: captured value; the yaku (or special hand) that scored; the round result. */
  readonly points: number[];
  readonly yaku: string[][];
  readonly scores: number[];
  /** Whether special hands replaced card scores and yaku. */
  readonly special: boolean;
}

/** Pays `amounts[seat]` to each seat from every other seat. */
function payFromEachOther(amounts: readonly number[]): number[] {
  const total = amounts.reduce((a, b) => a + b, 0);
  return amounts.map((mine) => mine * amounts.length - total);
}

/**
 * A round's yaku payments per seat (docs/rules.md 5.4): what the others pay it for its yaku
 * (their value from each other seat) and what it pays for theirs. A round's score is the card
 * score plus `received − paid` (a round of special hands pays by them instead).
 */
export function yakuPayments(yaku: readonly (readonly string[])[]): { readonly received: number[]; readonly paid: number[] } {
  const values = yaku.map(yakuValue);
  const total = values.reduce((a, b) => a + b, 0);
  return { received: values.map((mine) => mine * (values.length - 1)), paid: values.map((mine) => total - mine) };
}

export function scoreRound(captured: readonly (readonly Card[])[], options: NaraOptions): RoundScores {
  const points = captured.map(pointsOf);
  const specials = captured.map((cards) => specialHandOf(cards, options));
  if (specials.some((h) => h !== null)) {
    const scores = payFromEachOther(specials.map((h) => (h === null ? 0 : SPECIAL_HANDS[h])));
    return { points, yaku: specials.map((h) => (h === null ? [] : [h])), scores, special: true };
  }
  const yaku = captured.map(yakuOf);
  const { received, paid } = yakuPayments(yaku);
  return { points, yaku, scores: points.map((p, seat) => p - BASE + received[seat] - paid[seat]), special: false };
}

/**
 * The next dealer: a special hand's holder (several: the earliest in turn order); else the
 * highest round result, a tie keeping the dealer, or else going to the tied seat earliest in turn order.
 */
export function nextDealer(round: RoundScores, dealer: number, seating: readonly number[]): number {
  const earliest = (candidates: number[]): number => seatingFrom(seating, dealer).find((seat) => candidates.includes(seat)) as number;
  if (round.special) return earliest(round.yaku.flatMap((y, seat) => (y.length > 0 ? [seat] : [])));
  const best = Math.max(...round.scores);
  return earliest(round.scores.flatMap((v, seat) => (v === best ? [seat] : [])));
}
