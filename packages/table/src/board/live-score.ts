/** A side's captures and its round so far, read off the board model the same way by both front ends. */
import { NARA_BASE } from '@hanafuda/engine';
import { pilePoints } from '../card-points.js';
import type { BoardModel } from './model.js';

/** Every card a side has captured (a team's partners share their pile's points and yaku). */
export function sideCards(board: BoardModel, side: number): string[] {
  return (board.sides[side] ?? []).flatMap((seat) => board.seats[seat]?.captured ?? []);
}

/** A side's round so far in its game's terms: card points; Nara's card score (points − 160); Koi-Koi's yaku total. */
export type LiveScore =
  | { readonly kind: 'points'; readonly value: number }
  | { readonly kind: 'nara'; readonly points: number; readonly value: number }
  | { readonly kind: 'yaku'; readonly value: number };

export function liveScore(board: BoardModel, side: number): LiveScore {
  const points = pilePoints(board.game, sideCards(board, side));
  if (points === undefined)
    return {
      kind: 'yaku',
      value: (board.sides[side] ?? []).reduce((sum, seat) => sum + (board.seats[seat]?.yakuTotal ?? 0), 0),
    };
  if (board.game === 'nara') return { kind: 'nara', points, value: points - NARA_BASE };
  return { kind: 'points', value: points };
}
