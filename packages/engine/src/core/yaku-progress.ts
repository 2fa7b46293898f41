/**
 * Yaku progress, for front ends: for each yaku a seat could still score under the options,
 * the captured cards that count toward it, the cards that would, how many make it, and its
 * points when the seat's captures score it now. Each game computes it from its own scoring,
 * so a display never counts a card the engine does not.
 */
import { type Card, cardId } from './cards.js';

export interface YakuProgress {
  readonly id: string;
  /** The seat's captured cards that count toward it (the sake cup where the scoring counts it). */
  readonly cards: readonly string[];
  /** The cards not yet captured that would count toward it. */
  readonly missing: readonly string[];
  /** How many of `cards` and `missing` together make it. */
  readonly need: number;
  /** Its points when the captures score it now, under the options; null while they do not. */
  readonly points: number | null;
}

/** A yaku's progress from the cards that may count toward it and the seat's captures. */
export function progressOf(
  id: string,
  candidates: readonly Card[],
  held: ReadonlySet<Card>,
  need: number,
  points: number | null,
): YakuProgress {
  return {
    id,
    cards: candidates.filter((c) => held.has(c)).map(cardId),
    missing: candidates.filter((c) => !held.has(c)).map(cardId),
    need,
    points,
  };
}
