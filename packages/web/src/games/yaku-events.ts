/** Yaku completed between two moments of a round, per side: the table announces them as they happen. */
import type { BoardModel } from './board.js';
import { sideCards } from './capture-groups.js';
import { yakuProgress } from './yaku-progress.js';

export interface CompletedYaku {
  readonly side: number;
  readonly id: string;
}

const done = (board: BoardModel, side: number) =>
  new Set(
    yakuProgress(board.game, sideCards(board, side))
      .filter((y) => y.have >= y.need)
      .map((y) => y.id),
  );

/** The yaku each side holds in `after` and did not in `before` (nothing across a new round). */
export function newlyCompleted(before: BoardModel | null, after: BoardModel): CompletedYaku[] {
  if (!before || before.game !== after.game || before.round !== after.round || before.resultsCount !== after.resultsCount) return [];
  return after.sides.flatMap((_, side) => {
    const had = done(before, side);
    return [...done(after, side)].filter((id) => !had.has(id)).map((id) => ({ side, id }));
  });
}
