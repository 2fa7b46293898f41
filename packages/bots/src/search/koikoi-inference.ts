/**
 * What the opponent's hand plays say about the hand it still holds (Koi-Koi). A player
 * plays the card it likes best, so a card it kept was likely worth less to it, on the table
 * of that play, than the card it played. The model: at each of its hand plays this round
 * it chose among the cards it held then (the hand it holds now and the cards it has played
 * since) with a probability ∝ exp(value / TEMPERATURE), a card's value being the rollout
 * policy's for its best capture on that table, mixed with a little of a uniform choice (a
 * player's reasons are not all the policy's). A sample's hidden hand is drawn from that
 * posterior by sampling-importance-resampling: CANDIDATES hands drawn uniformly, one kept
 * with a probability ∝ its likelihood. `expert` samples so (docs/strength.md: what it is worth).
 */
import { type Card, type KoiKoiView, card, monthOf } from '@hanafuda/engine';
import { FastMove, type FastRng, type KoiKoiFast } from '@hanafuda/engine/fast';
import { type RolloutPolicy, moveValue } from './rollout.js';

/** The policy's values are in half points: 2 is one point, so a card a point better is e times likelier. */
const TEMPERATURE = 2;
/** The share of each play that the model takes as uniform among the cards held. */
const UNIFORM = 0.02;
/** Uniform hands drawn per sample, one of which is kept. */
export const CANDIDATES = 32;

/** The value the policy gives to playing `c` on the simulator's table (its best take when two cards of its month lie there). */
function playValue(policy: RolloutPolicy, sim: KoiKoiFast, c: Card, field: readonly Card[]): number {
  const month = monthOf(c);
  const matches = field.filter((f) => monthOf(f) === month);
  if (matches.length !== 2) return moveValue(policy, sim, FastMove.playMove(c));
  return Math.max(...matches.map((take) => moveValue(policy, sim, FastMove.playMove(c, take))));
}

/** A likelihood of the opponent's possible hands given its plays this round. */
export interface HandLikelihood {
  /** The likelihood (up to a constant) that the opponent holds the cards `cards[0 .. handSize)`. */
  of(cards: Int8Array): number;
}

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
  const they = 1 - view.viewer!;
  const theirs = view.plays.flatMap((p, i) => (p.seat === they ? [i] : []));
  if (theirs.length === 0) return null;
  const plays = theirs.map((i) => view.plays[i]);
  const played = plays.map((p) => card(p.card));
  // Per play t: each card's weight exp(value / T) on that table, the weights of the cards played from t on, and how many cards were held.
  const weights = theirs.map((i) => {
    const sim = tableAt(i);
    const field = view.plays[i].field.map(card);
    const w = new Float64Array(48);
    for (let c = 0; c < 48; c++) w[c] = Math.exp(playValue(policy, sim, c, field) / TEMPERATURE);
    return w;
  });
  const since = weights.map((w, t) => played.slice(t).reduce((sum, c) => sum + w[c], 0));
  const chosen = weights.map((w, t) => w[played[t]]);
  const uniform = plays.map((_, t) => UNIFORM / (handSize + plays.length - t));
  return {
    of(cards) {
      let likelihood = 1;
      for (let t = 0; t < weights.length; t++) {
        const w = weights[t];
        let held = since[t];
        for (let i = 0; i < handSize; i++) held += w[cards[i]];
        likelihood *= (1 - UNIFORM) * (chosen[t] / held) + uniform[t];
      }
      return likelihood;
    },
  };
}

/**
 * Deals `pool` into a hand of `size` (cards[0 .. size)) and the rest in a random order, the
 * hand drawn by `likelihood` (of hands of that size; sampling-importance-resampling over
 * CANDIDATES uniform hands).
 * `cards` holds the pool (in any order) and is reordered in place; `hands` is scratch room.
 */
export function dealByLikelihood(
  rng: FastRng,
  cards: Int8Array,
  size: number,
  likelihood: HandLikelihood,
  hands: Int8Array,
  odds: Float64Array,
): void {
  const n = cards.length;
  let total = 0;
  for (let k = 0; k < CANDIDATES; k++) {
    // A partial Fisher–Yates: the first `size` places become a uniform hand.
    for (let i = 0; i < size; i++) {
      const j = i + rng.pick(n - i);
      const t = cards[i];
      cards[i] = cards[j];
      cards[j] = t;
      hands[k * size + i] = cards[i];
    }
    odds[k] = likelihood.of(cards);
    total += odds[k];
  }
  let r = rng.next() * 2.3283064365386963e-10 * total;
  let kept = 0;
  while (kept < CANDIDATES - 1 && r >= odds[kept]) r -= odds[kept++];
  // The kept hand to the front, then the rest shuffled.
  for (let i = 0; i < size; i++) {
    const j = cards.indexOf(hands[kept * size + i], i);
    const t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
  for (let i = n - 1; i > size; i--) {
    const j = size + rng.pick(i - size + 1);
    const t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
}
