/**
 * Koi-Koi's game at stake. A game is won by its totals; in its last round (no bankroll) a
 * Shobu's result is certain, so the call is the game's, not the round's: stop when the stop
 * wins or ties the game, go on while cards remain when it would lock in a loss. The search
 * values that round's simulations by the game too (stakes/game.ts).
 */
import { type Action, type KoiKoiView, actionKind } from '@hanafuda/engine';
import { KoiKoiFast } from '@hanafuda/engine/fast';
import { determinizeKoiKoi } from '../search/koikoi.js';
import { isKoiKoiFinal } from './game.js';

export interface KoiKoiStakes {
  /** This round decides the game by totals: its last round, scores counting up (no bankroll). */
  readonly final: boolean;
  /** My game total minus the opponent's, before this round's score. */
  readonly lead: number;
}

export function koiKoiStakes(view: KoiKoiView): KoiKoiStakes {
  const me = view.viewer!;
  return { final: isKoiKoiFinal(view), lead: view.totals[me] - view.totals[1 - me] };
}

/** What my Shobu would score now (the hidden cards play no part in it). */
function shobuScore(view: KoiKoiView): number {
  return KoiKoiFast.fromState(determinizeKoiKoi(view, [1, 2, 3, 4])).shobuScore(view.viewer!);
}

/**
 * The last round's Koi-Koi call, which the game decides: Shobu when it wins or ties the game,
 * else Koi-Koi where it is offered. Undefined for any other decision.
 */
export function finalCall(view: KoiKoiView): Action | undefined {
  if (view.phase !== 'decide') return undefined;
  const stakes = koiKoiStakes(view);
  if (!stakes.final) return undefined;
  const want = stakes.lead + shobuScore(view) >= 0 ? 'shobu' : 'koikoi';
  return view.actions.find((a) => actionKind(a) === want);
}
