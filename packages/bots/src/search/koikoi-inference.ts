/**
 * What the opponent's hand plays say about the hand it still holds (Koi-Koi): the model of
 * search/play-inference.ts, which Sakura and Nara share, read for the one opponent.
 * `expert` samples so (docs/strength.md: what it is worth).
 */
import { STANDARD_DECK, type KoiKoiView } from '@hanafuda/engine';
import type { KoiKoiFast } from '@hanafuda/engine/fast';
import { type HandLikelihood, handLikelihood as seatLikelihood } from './play-inference.js';
import type { RolloutPolicy } from './rollout.js';

export { CANDIDATES, type HandLikelihood, dealByLikelihood } from './play-inference.js';

/**
 * The likelihood of the opponent's hands of `handSize` cards by its hand plays of this round,
 * or null when it has made none. `tableAt(i)` is a simulator on the table of `view.plays[i]`, the opponent to move.
 */
export function handLikelihood(
  view: KoiKoiView,
  policy: RolloutPolicy,
  tableAt: (i: number) => KoiKoiFast,
  handSize: number,
): HandLikelihood | null {
  return seatLikelihood(view.plays, 1 - view.viewer!, policy, tableAt, handSize, STANDARD_DECK);
}
