/** Sakura round scoring (docs/rules.md 3.4–3.6, 3.9, 3.10): pure functions of the captures. */
import type { Card } from '../../core/cards.js';
import { earliest, type Sides } from '../../core/sides.js';
import type { SakuraOptions } from './options.js';
import { BASA_MARGIN, CHU_MARGIN, VALUES, YAKU, YAKU_PENALTY } from './tables.js';

export const pointsOf = (cards: readonly Card[]): number => cards.reduce((sum, c) => sum + VALUES[c], 0);

export function yakuOf(cards: readonly Card[]): string[] {
  const held = new Set(cards);
  return YAKU.filter((y) => y.cards.every((c) => held.has(c))).map((y) => y.id);
}

export interface SideScores {
  readonly points: number[];
  readonly yaku: string[][];
  readonly scores: number[];
}

/** Each side scores its card value minus 50 for every yaku held by the other sides. */
export function scoreSides(sideCards: readonly (readonly Card[])[], options: SakuraOptions): SideScores {
  const points = sideCards.map(pointsOf);
  const yaku = sideCards.map((cards) => (options.yaku === 'on' ? yakuOf(cards) : []));
  const totalYaku = yaku.reduce((n, y) => n + y.length, 0);
  const scores = points.map((p, side) => p - YAKU_PENALTY * (totalYaku - yaku[side].length));
  return { points, yaku, scores };
}

/** The highest score wins; a tie goes to the dealer's side, else to the tied side earliest in turn order. */
export function roundWinner(scores: readonly number[], sides: Sides, players: number, dealer: number): number {
  const best = Math.max(...scores);
  const tiedSeats = sides.flatMap((members, side) => (scores[side] === best ? members : []));
  const seat = earliest(tiedSeats, players, dealer);
  return sides.findIndex((members) => members.includes(seat));
}

/** Victories a round win counts for, with its Chu/Basa label (docs/rules.md 3.10). */
export function victoryCount(scores: readonly number[], winner: number, anyYaku: boolean, options: SakuraOptions) {
  const others = scores.filter((_, side) => side !== winner);
  const margin = others.length === 0 ? 0 : scores[winner] - Math.max(...others);
  if (options.basa !== 'off' && margin >= BASA_MARGIN) {
    return { count: options.basa === 'triple' ? 3 : 2, label: anyYaku ? ('basa' as const) : ('shira-basa' as const) };
  }
  if (options.chu !== 'off' && margin >= CHU_MARGIN) return { count: 2, label: 'chu' as const };
  return { count: 1, label: null };
}

/** The next dealer: the winner, or for a winning team its member chosen by `teamDealer`. */
export function nextDealer(winner: number, sides: Sides, players: number, dealer: number, lastDealerOfWinner: number | null, options: SakuraOptions): number {
  const members = sides[winner];
  if (members.length === 1) return members[0];
  if (options.teamDealer === 'rotate' && lastDealerOfWinner !== null) {
    return earliest(members, players, (lastDealerOfWinner + 1) % players);
  }
  return earliest(members, players, dealer);
}
