/**
 * Yaku completed between two moments of a round, per side, from the engine's own yaku
 * progress (the cards that make each yaku and its points once it scores): the table
 * announces them as they happen and brings their cards forward.
 */
import { yakuProgressOf, type GameView } from '@hanafuda/engine';
import type { BoardModel } from '@hanafuda/table';

export interface CompletedYaku {
  readonly side: number;
  readonly id: string;
  /** The captured cards that make it. */
  readonly cards: readonly string[];
  /** What it scores: Koi-Koi's and Nara's points, Sakura's penalty each other side pays. */
  readonly points: number;
}

/** A moment of the table: its model and the view it was made from. */
export interface TableMoment {
  readonly board: BoardModel;
  readonly view: GameView;
}

/** The yaku a side scores now (a side is scored as its first seat: Sakura counts the partners' cards together). */
const scoring = (moment: TableMoment, side: number) => {
  const seat = moment.board.sides[side]?.[0];
  return seat === undefined ? [] : yakuProgressOf(moment.view, seat).filter((y) => y.points !== null);
};

/** The yaku each side scores in `after` and did not in `before` (nothing across a new round). */
export function newlyCompleted(before: TableMoment | null, after: TableMoment): CompletedYaku[] {
  const [b, a] = [before?.board, after.board];
  if (!before || !b || b.game !== a.game || b.round !== a.round || b.resultsCount !== a.resultsCount)
    return [];
  return a.sides.flatMap((_, side) => {
    const had = new Set(scoring(before, side).map((y) => y.id));
    return scoring(after, side)
      .filter((y) => !had.has(y.id))
      .map((y) => ({ side, id: y.id, cards: y.cards, points: y.points! }));
  });
}
