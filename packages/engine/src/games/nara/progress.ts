/** Nara's yaku progress (core/yaku-progress.ts): each yaku's cards; Tsukimi scores nothing beside a willow card. */
import type { Card } from '../../core/cards.js';
import { type YakuProgress, progressOf } from '../../core/yaku-progress.js';
import { yakuOf } from './scoring.js';
import { YAKU } from './tables.js';

export function yakuProgress(cards: readonly Card[]): YakuProgress[] {
  const held = new Set(cards);
  const scored = new Set(yakuOf(cards));
  return YAKU.map((y) => progressOf(y.id, y.cards, held, y.cards.length, scored.has(y.id) ? y.value : null));
}
