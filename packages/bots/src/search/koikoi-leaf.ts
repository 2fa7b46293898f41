/**
 * Koi-Koi's value network in the search's simulations (SearchBudget's `leaf`): a learned
 * correction of the rollout. At the searching seat's first hand play at least `plies` moves
 * after the candidate's own, the simulation's position is read; the rollout plays on to the
 * round's end; the network then gives the round's margin from that position and the margin
 * the rollout reached, and that margin, for the game as a round's, is the simulation's
 * result. The network is trained by `npm run train:koikoi -- --model value` on the margins of
 * self-play by a stronger player than the rollout policy; in a sampled world every card is
 * known, so the oracle (`oracle: 1`) reads them. A student (`oracle: 0`) sees neither the
 * hidden cards nor the rollout's margin, so its simulations stop at the read.
 */
import type { KoiKoiView } from '@hanafuda/engine';
import type { KoiKoiFast } from '@hanafuda/engine/fast';
import { isKoiKoiFinal, koiKoiValue } from '../stakes/game.js';
import { POSITION_INPUTS, encodePosition, setRolloutMargin } from './koikoi-position.js';
import { type Mlp, mlpBuffers, mlpForward } from './mlp.js';
import type { Leaf } from './rollout.js';

export interface LeafValue {
  readonly net: Mlp;
  /** The scale of the network's hidden inputs: 1 for an oracle (it reads the sample's hidden cards), 0 for a student. */
  readonly oracle: number;
  /** Moves of the rollout before the first position it may read. */
  readonly plies: number;
}

/**
 * The leaf of `view`'s simulations, or null where the rollout's own result stands: in the
 * round that decides the game, whose worth is a won game and not a margin.
 */
export function koikoiLeaf(view: KoiKoiView, leaf: LeafValue): Leaf<KoiKoiFast> | null {
  if (leaf.net.sizes[0] !== POSITION_INPUTS)
    throw new Error(
      `search: a leaf network takes ${leaf.net.sizes[0]} inputs, a Koi-Koi position ${POSITION_INPUTS}`,
    );
  if (isKoiKoiFinal(view)) return null;
  const value = koiKoiValue(view);
  const input = new Float64Array(POSITION_INPUTS);
  const buffers = mlpBuffers(leaf.net.sizes);
  const scores = new Float64Array(2);
  let read = false;
  return {
    endsAtRead: leaf.oracle === 0,
    reads: (sim, seat, played) => played >= leaf.plies && sim.awaitsHandPlay && sim.toMove === seat,
    read(sim, seat) {
      encodePosition(sim, seat, input, leaf.oracle);
      read = true;
    },
    value(sim, seat) {
      if (!read) return null;
      read = false;
      setRolloutMargin(input, sim.scores[seat] - sim.scores[1 - seat], leaf.oracle);
      // The network's margin as the round's scores (the seat's alone), which the game's stakes read as a round's.
      scores[seat] = mlpForward(leaf.net, input, buffers)[0];
      scores[1 - seat] = 0;
      return value(scores, seat, sim.dealer);
    },
  };
}
