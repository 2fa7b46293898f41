/** Sakura's (and Oi-bana's) yaku progress (core/yaku-progress.ts): the eight three-card yaku, each worth YAKU_PENALTY from every other side. */
import type { Card } from '../../core/cards.js';
import { type YakuProgress, progressOf } from '../../core/yaku-progress.js';
import type { SakuraOptions } from './options.js';
import { yakuOf } from './scoring.js';
import { YAKU, YAKU_PENALTY } from './tables.js';

/** Every yaku with the cards of it captured; none when the `yaku` option is off. */
export function yakuProgress(cards: readonly Card[], options: Pick<SakuraOptions, 'yaku'>): YakuProgress[] {
  if (options.yaku === 'off') return [];
  const held = new Set(cards);
  const scored = new Set(yakuOf(cards));
  return YAKU.map((y) =>
    progressOf(y.id, y.cards, held, y.cards.length, scored.has(y.id) ? YAKU_PENALTY : null),
  );
}
