/**
 * Training examples for Koi-Koi's learned rollout policy (koikoi-features.ts): a decision's
 * candidate moves, each with its features and the search's value of it (every candidate
 * simulated on the same samples, as a review rates them). `npm run train:koikoi-policy`
 * fits the weights to these.
 */
import { type KoiKoiState, type KoiKoiView, type RngState, actionKind } from '@hanafuda/engine';
import { KoiKoiFast } from '@hanafuda/engine/fast';
import { KOIKOI_SEARCH } from './games.js';
import { moveFeatures } from './koikoi-features.js';
import { givesLight, movesFor, rollout } from './rollout.js';
import { actionValues } from './search.js';

/** One decision: per candidate, its features (koikoi-features.ts FEATURES) and its mean simulated value for the seat to move, in points. */
export interface PolicyExample {
  readonly features: number[][];
  readonly values: number[];
}

/**
 * The example of a Koi-Koi decision the rollout policy makes (a hand play, or the drawn card's
 * capture), or null for another decision (the call) or one with a single candidate. Candidates
 * are as a rollout sees them: a light given away is none while another play exists. `learned`:
 * the search's rollouts by the learned policy (a second round of expert iteration).
 */
export function koikoiPolicyExample(
  view: KoiKoiView,
  rng: RngState,
  samples: number,
  learned = false,
): PolicyExample | null {
  const kind = actionKind(view.actions[0]);
  if (view.actions.length < 2 || (kind !== 'play' && kind !== 'take')) return null;
  const sampler = KOIKOI_SEARCH.sampler(view);
  sampler.sample([1, 2, 3, 4]);
  const world = sampler.world;
  const moves = movesFor(world, view.actions);
  if (moves.includes(-1))
    throw new Error(
      `Koi-Koi policy example: an action has no move on the fast path: ${JSON.stringify(view.actions[moves.indexOf(-1)])}`,
    );
  let candidates = moves.map((_, a) => a);
  const keeping = candidates.filter((a) => !givesLight(world, moves[a]));
  if (keeping.length > 0) candidates = keeping;
  if (candidates.length < 2) return null;
  const values = actionValues(view, rng, samples, { learned });
  return {
    features: candidates.map((a) => moveFeatures(world, moves[a], view.options.gaji)),
    values: candidates.map((a) => values[a]),
  };
}

/**
 * What the search's rollout makes of a whole Koi-Koi state, every card known: the round's
 * margin for `seat` once the rollout policy has played it out (the prediction a leaf value
 * network must beat, search/koikoi-leaf.ts).
 */
export function koikoiRolloutMargin(state: KoiKoiState, view: KoiKoiView, seat: number): number {
  const sim = KoiKoiFast.fromState(state);
  rollout(sim, KOIKOI_SEARCH.policy(view, false));
  return sim.scores[seat] - sim.scores[1 - seat];
}
