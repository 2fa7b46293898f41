/**
 * A learned belief about the Koi-Koi opponent's hand (trained by `npm run train:koikoi --
 * --model belief`): an MLP with a sigmoid per card, "card c is in the opponent's hand", from
 * the seat's view and what the opponent's plays this round showed. A search weighs its
 * sampled hands by it (SearchBudget's `belief`), as Rebstock, Solinas and Buro weighed Skat's
 * determinizations by a policy-based inference.
 *
 * The inputs: the view (koikoi-position.ts's VIEW_INPUTS), then three 48-card planes read
 * off the opponent's plays of the round. A Koi-Koi hand only shrinks (the draws go to the
 * field), so what a play says of the cards held then holds of the hand now:
 * - played: 1 for each card the opponent played from its hand;
 * - passed over while capturing: per card c, the opponent's plays that captured a month
 *   other than c's while a card of c's month lay on the field (had it held c, it would
 *   have had that capture too and preferred another), a quarter per play;
 * - passed over while discarding: the same for the plays that captured nothing, where
 *   holding c would have given a capture it did not take: the stronger sign, so its own plane.
 */
import { type Card, type PlayView, card, monthOf } from '@hanafuda/engine';
import type { KoiKoiFast } from '@hanafuda/engine/fast';
import { type Mlp, mlpBuffers, mlpForward } from './mlp.js';
import type { HandLikelihood } from './play-inference.js';
import { VIEW_INPUTS, encodeView, unseenInView, viewShows } from './koikoi-position.js';

const CARDS = 48;
export const BELIEF_INPUTS = VIEW_INPUTS + 3 * CARDS;
/** A play's weight in the passed-over planes: a hand sees at most eight plays. */
const PER_PLAY = 0.25;
/** The prior's logit of a card the view shows: never in the hand (a chance of e^−30). */
const SHOWN = -30;

/**
 * The belief's inputs for `seat` to move in `sim` (any deal consistent with its view: only the
 * view is read) after the round's `plays`, into `input` (BELIEF_INPUTS long), and its prior
 * into `prior` (48 logits, the network's offset): the uniform belief, each card the view does
 * not show in the hand with the chance handSize / unseen. The network learns what the plays
 * change of it, starting from a loss no worse than uniform's.
 */
export function encodeBelief(
  sim: KoiKoiFast,
  seat: number,
  plays: readonly PlayView[],
  input: Float64Array,
  prior: Float64Array,
): void {
  const out = encodeView(sim, seat, input);
  out.fill(0, VIEW_INPUTS, BELIEF_INPUTS);
  const unseen = unseenInView(out);
  const q = Math.min(Math.max(sim.handCount[1 - seat] / Math.max(unseen, 1), 1e-9), 1 - 1e-9);
  for (let c = 0; c < CARDS; c++) prior[c] = viewShows(out, c) ? SHOWN : Math.log(q / (1 - q));
  const played = VIEW_INPUTS;
  const capturing = played + CARDS;
  const discarding = capturing + CARDS;
  const onField = new Uint8Array(13);
  for (const p of plays) {
    if (p.seat === seat) continue;
    const c = card(p.card);
    out[played + c] = 1;
    onField.fill(0);
    for (const f of p.field) onField[monthOf(card(f))] = 1;
    const month = monthOf(c);
    const plane = onField[month] ? capturing : discarding;
    for (let x = 0; x < CARDS; x++)
      if (onField[monthOf(x)] && monthOf(x) !== month) out[plane + x] += PER_PLAY;
  }
}

/** The belief's probabilities, card by card (48), for an input and prior of `encodeBelief`. */
export function beliefOf(net: Mlp, input: Float64Array, prior: Float64Array): Float64Array {
  return mlpForward(net, input, mlpBuffers(net.sizes), prior).slice();
}
/** Odds are bounded so that no card the belief rates near 0 or 1 rules a hand out or in alone. */
const FLOOR = 1e-3;

/**
 * The belief as a likelihood of the opponent's hands of `handSize` cards: the product of
 * independent cards' chances, given the hand's size, is ∝ ∏ over its cards of p_c / (1 − p_c).
 * `also` (the hand-made reading, play-inference.ts), when given, multiplies it. A sampler draws
 * hands from the product exactly, and resamples by `also` alone.
 */
export function beliefLikelihood(
  p: ArrayLike<number>,
  handSize: number,
  also: HandLikelihood | null = null,
): HandLikelihood {
  const odds = new Float64Array(CARDS);
  for (let c = 0; c < CARDS; c++) {
    const q = Math.min(Math.max(p[c], FLOOR), 1 - FLOOR);
    odds[c] = q / (1 - q);
  }
  return {
    of(cards: Int8Array) {
      let l = also ? also.of(cards) : 1;
      for (let i = 0; i < handSize; i++) l *= odds[cards[i] as Card];
      return l;
    },
    product: { odds, rest: also },
  };
}
