/**
 * Sakura round scoring (docs/rules.md 3.4–3.6, 3.9, 3.10), once for both paths: card values and
 * yaku of a pile as a card-set mask (fast/bits.ts); the search's simulator calls `scorePiles`.
 */
import type { Card } from '../../core/cards.js';
import { earliest, type Sides } from '../../core/sides.js';
import { maskOf, valueMasks, valueOf } from '../../fast/bits.js';
import type { SakuraOptions } from './options.js';
import { BASA_MARGIN, CHU_MARGIN, VALUES, YAKU, YAKU_PENALTY } from './tables.js';

const POINTS = valueMasks(VALUES);
const YAKU_LO = Int32Array.from(YAKU, (y) => maskOf(y.cards)[0]);
const YAKU_HI = Int32Array.from(YAKU, (y) => maskOf(y.cards)[1]);

/** Whether a pile (lo, hi) holds the yaku `YAKU[k]`: all three of its cards. */
const holdsYaku = (lo: number, hi: number, k: number): boolean =>
  (lo & YAKU_LO[k]) === YAKU_LO[k] && (hi & YAKU_HI[k]) === YAKU_HI[k];

/** The yaku a pile (lo, hi) holds, how many, each id recorded in `sink`. */
export function heldYaku(lo: number, hi: number, sink: string[] | null): number {
  let n = 0;
  for (let k = 0; k < YAKU_LO.length; k++) {
    if (!holdsYaku(lo, hi, k)) continue;
    n++;
    if (sink !== null) sink.push(YAKU[k].id);
  }
  return n;
}

/**
 * Each side scores its card value minus 50 for every yaku held by the other sides (yaku off:
 * none count), from the sides' piles (`piles`: lo, hi per side), written to `scores`;
 * `yakuCounts` receives each side's yaku count.
 */
export function scorePiles(
  piles: Int32Array,
  yakuOn: boolean,
  yakuCounts: Int32Array,
  scores: Int32Array,
): void {
  const sides = scores.length;
  let totalYaku = 0;
  for (let side = 0; side < sides; side++) {
    const lo = piles[2 * side];
    const hi = piles[2 * side + 1];
    scores[side] = valueOf(lo, hi, POINTS);
    let yaku = 0;
    if (yakuOn) for (let k = 0; k < YAKU_LO.length; k++) if (holdsYaku(lo, hi, k)) yaku++;
    yakuCounts[side] = yaku;
    totalYaku += yakuCounts[side];
  }
  for (let side = 0; side < sides; side++) scores[side] -= YAKU_PENALTY * (totalYaku - yakuCounts[side]);
}

export const pointsOf = (cards: readonly Card[]): number => valueOf(...maskOf(cards), POINTS);

export function yakuOf(cards: readonly Card[]): string[] {
  const ids: string[] = [];
  heldYaku(...maskOf(cards), ids);
  return ids;
}

export interface SideScores {
  readonly points: number[];
  readonly yaku: string[][];
  readonly scores: number[];
}

/** Each side's card value, yaku and score (scorePiles). */
export function scoreSides(sideCards: readonly (readonly Card[])[], options: SakuraOptions): SideScores {
  const piles = new Int32Array(2 * sideCards.length);
  sideCards.forEach((cards, side) => piles.set(maskOf(cards), 2 * side));
  const scores = new Int32Array(sideCards.length);
  scorePiles(piles, options.yaku === 'on', new Int32Array(sideCards.length), scores);
  const yaku = sideCards.map((cards) => (options.yaku === 'on' ? yakuOf(cards) : []));
  return { points: sideCards.map(pointsOf), yaku, scores: Array.from(scores) };
}

/** The highest score wins; a tie goes to the dealer's side, else to the tied side earliest in turn order. */
export function roundWinner(
  scores: readonly number[],
  sides: Sides,
  players: number,
  dealer: number,
): number {
  const best = Math.max(...scores);
  const tiedSeats = sides.flatMap((members, side) => (scores[side] === best ? members : []));
  const seat = earliest(tiedSeats, players, dealer);
  return sides.findIndex((members) => members.includes(seat));
}

/** Victories a round win counts for, with its Chu/Basa label (docs/rules.md 3.10). */
export function victoryCount(
  scores: readonly number[],
  winner: number,
  anyYaku: boolean,
  options: SakuraOptions,
) {
  const others = scores.filter((_, side) => side !== winner);
  const margin = others.length === 0 ? 0 : scores[winner] - Math.max(...others);
  if (options.basa !== 'off' && margin >= BASA_MARGIN) {
    return {
      count: options.basa === 'triple' ? 3 : 2,
      label: anyYaku ? ('basa' as const) : ('shira-basa' as const),
    };
  }
  if (options.chu !== 'off' && margin >= CHU_MARGIN) return { count: 2, label: 'chu' as const };
  return { count: 1, label: null };
}

/** The next dealer: the winner, or for a winning team its member chosen by `teamDealer`. */
export function nextDealer(
  winner: number,
  sides: Sides,
  players: number,
  dealer: number,
  lastDealerOfWinner: number | null,
  options: SakuraOptions,
): number {
  const members = sides[winner];
  if (members.length === 1) return members[0];
  if (options.teamDealer === 'rotate' && lastDealerOfWinner !== null) {
    return earliest(members, players, (lastDealerOfWinner + 1) % players);
  }
  return earliest(members, players, dealer);
}
