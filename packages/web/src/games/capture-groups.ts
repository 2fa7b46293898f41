/** A capture pile in the game's own terms: Koi-Koi by class, the point games (Sakura, Oi-bana, Nara) by card value. */
import { CARDS, cardById } from '@hanafuda/engine';
import { cardPoints, type GameId } from '@hanafuda/table';

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
  const rank = (key: string) =>
    byValue ? -Number(key) : CLASS_ORDER.indexOf(key as (typeof CLASS_ORDER)[number]);
  return [...groups.entries()]
    .sort((a, b) => rank(a[0]) - rank(b[0]))
    .map(([key, ids]) => ({ key, kind: byValue ? 'value' : 'class', cards: ids }));
}
