/** When a rise in a seat's yaku total asks for Koi-Koi or Shobu (docs/rules.md 4.2), for both paths. */
import type { KoiKoiOptions } from './options.js';

/** The total a seat's yaku must exceed for a decision: 0 before its first Koi-Koi, else its total at the latest call. */
export const totalToBeat = (calls: number, lastTotal: number): number => (calls > 0 ? lastTotal : 0);

/**
 * Whether a seat whose total has risen may choose Koi-Koi: not on its last turn (no cards
 * left in hand) under lastTurnKoiKoi false (KoiKoi Japan), nor after its one call under
 * koiKoiCalls "once" (Nintendo). Otherwise the rise ends the round as a Shobu.
 */
export const mayCall = (
  cardsInHand: number,
  calls: number,
  options: Pick<KoiKoiOptions, 'lastTurnKoiKoi' | 'koiKoiCalls'>,
): boolean => (options.lastTurnKoiKoi || cardsInHand > 0) && !(options.koiKoiCalls === 'once' && calls > 0);
