/** A capture pile in the game's own terms: Koi-Koi by class, the point games (Sakura, Oi-bana, Nara) by card value. */
import { CARDS, NARA_BASE, cardById } from '@hanafuda/engine';
import type { BoardModel } from './board.js';
import { cardPoints, type GameId, pilePoints } from '@hanafuda/table';

const CLASS_ORDER = ['bright', 'animal', 'ribbon', 'chaff', 'blank'] as const;

export interface CaptureGroup {
  /** A class ('bright', …) in Koi-Koi, a card value ('20', '-160', …) in the point games. */
  readonly key: string;
  readonly kind: 'class' | 'value';
  readonly cards: readonly string[];
}

/** The groups that hold cards, highest first. */
export function captureGroups(game: GameId, cards: readonly string[]): CaptureGroup[] {
  const byValue = cards.length === 0 || cardPoints(game, cards[0]) !== undefined;
  const keyOf = (id: string) => (byValue ? String(cardPoints(game, id) ?? 0) : CARDS[cardById(id)!].cls);
  const groups = new Map<string, string[]>();
  for (const id of cards) groups.set(keyOf(id), [...(groups.get(keyOf(id)) ?? []), id]);
  const rank = (key: string) => (byValue ? -Number(key) : CLASS_ORDER.indexOf(key as (typeof CLASS_ORDER)[number]));
  return [...groups.entries()].sort((a, b) => rank(a[0]) - rank(b[0])).map(([key, ids]) => ({ key, kind: byValue ? 'value' : 'class', cards: ids }));
}

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
  if (points === undefined) return { kind: 'yaku', value: (board.sides[side] ?? []).reduce((sum, seat) => sum + (board.seats[seat]?.yakuTotal ?? 0), 0) };
  if (board.game === 'nara') return { kind: 'nara', points, value: points - NARA_BASE };
  return { kind: 'points', value: points };
}
