/** A card's points in the games that count them (Sakura and Oi-bana, Nara), from the engine's tables. */
import { assertNever, cardById, NARA_VALUES, SAKURA_VALUES } from '@hanafuda/engine';
import type { GameId } from './game-rules.js';

/** A card's points in `game`; undefined in Koi-Koi, which counts yaku, not card points (and for an unknown card). */
export function cardPoints(game: GameId, id: string): number | undefined {
  const card = cardById(id);
  if (card === undefined) return undefined;
  switch (game) {
    case 'sakura':
    case 'oibana':
      return SAKURA_VALUES[card] ?? 0;
    case 'nara':
      return NARA_VALUES[card];
    case 'koikoi':
      return undefined;
    default:
      return assertNever(game);
  }
}

/** The card points of a pile (undefined in Koi-Koi). */
export function pilePoints(game: GameId, cards: readonly string[]): number | undefined {
  if (cardPoints(game, 'pine-crane') === undefined) return undefined;
  return cards.reduce((sum, id) => sum + (cardPoints(game, id) ?? 0), 0);
}

/** A pile by card value, highest first: the breakdown's "20 × 2 = 40" rows. */
export function valueRows(
  game: GameId,
  cards: readonly string[],
): { readonly value: number; readonly cards: readonly string[] }[] {
  const byValue = new Map<number, string[]>();
  for (const c of cards) {
    const v = cardPoints(game, c) ?? 0;
    byValue.set(v, [...(byValue.get(v) ?? []), c]);
  }
  return [...byValue.entries()].sort((a, b) => b[0] - a[0]).map(([value, cards]) => ({ value, cards }));
}
