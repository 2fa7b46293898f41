/**
 * A side's yaku as a front end shows them: the engine's progress (`yakuProgressOf`, under the
 * view's options, carried by the board model) sorted into those that score now and those within reach. Which cards count,
 * how many make a yaku and whether it scores are the engine's; this only chooses what to show.
 */
import { cardById, type YakuProgress } from '@hanafuda/engine';
import type { BoardModel } from './board/model.js';

export interface YakuStanding {
  /** The yaku that score now (`points` set), in the engine's order. */
  readonly held: readonly YakuProgress[];
  /**
   * Those begun and close: at most one card short (two for a yaku of five cards or more), and
   * with enough of its missing cards still to be had (in no seat's captures, nor out of play).
   */
  readonly near: readonly YakuProgress[];
}

/** The yaku of a side of `board` (a team's together): the engine's progress for it, the cards out of play being every seat's captures and the round's discards. */
export function yakuStanding(board: BoardModel, side: number): YakuStanding {
  const progress = board.yaku[side] ?? [];
  const taken = new Set([...board.seats.flatMap((s) => s.captured), ...board.discarded]);
  const near = progress.filter((y) => {
    const have = y.cards.length;
    const open = y.missing.filter((c) => !taken.has(c)).length;
    return y.points === null && have > 0 && have >= y.need - (y.need >= 5 ? 2 : 1) && have + open >= y.need;
  });
  return { held: progress.filter((y) => y.points !== null), near };
}

/** A yaku chip: a yaku that scores now, or one begun and not yet made. */
export interface YakuChip {
  readonly id: string;
  /** It scores now (the engine gave it points). */
  readonly done: boolean;
  /** Captured cards that count toward it, and how many make it. */
  readonly have: number;
  readonly need: number;
  /**
   * A yaku of fixed cards (every card it could take is needed): each card in deck order, and
   * whether it is captured. Null for a yaku that counts cards of a kind (Tane, Kasu, …).
   */
  readonly marks: readonly { readonly card: string; readonly got: boolean }[] | null;
}

const deckOrder = (a: string, b: string) => (cardById(a) ?? 0) - (cardById(b) ?? 0);

/**
 * The chips of a seat's (or side's) yaku progress, from the engine's progress: those that
 * score, then those begun by how near they are, at most `limit`. A yaku with its cards but no
 * points (one a better yaku replaces, a spoiled viewing) is not shown: it scores nothing.
 */
export function yakuChips(progress: readonly YakuProgress[], limit = 4): YakuChip[] {
  return progress
    .filter((y) => y.points !== null || (y.cards.length > 0 && y.cards.length < y.need))
    .map((y): YakuChip => {
      const fixed = y.cards.length + y.missing.length === y.need;
      return {
        id: y.id,
        done: y.points !== null,
        have: y.cards.length,
        need: y.need,
        marks: fixed
          ? [...y.cards, ...y.missing].sort(deckOrder).map((card) => ({ card, got: y.cards.includes(card) }))
          : null,
      };
    })
    .sort((a, b) => Number(b.done) - Number(a.done) || b.have / b.need - a.have / a.need)
    .slice(0, limit);
}
