/**
 * What a seat's hand plays say about the hand it still holds, for every game whose view lists
 * the round's plays (Koi-Koi, Sakura, Nara). A player plays the card it likes best, so a card
 * it kept was likely worth less to it, on the table of that play, than the card it played.
 * The model: at each of its hand plays this round it chose among the cards it held then (the
 * hand it holds now and the cards it has played since) with a probability ∝ exp(value /
 * TEMPERATURE), a card's value being the rollout policy's for its best capture on that table
 * (a wild card's, its best target), mixed with a little of a uniform choice (a player's
 * reasons are not all the policy's). A sample's hidden hand is drawn from that posterior by
 * sampling-importance-resampling: CANDIDATES hands drawn uniformly, one kept with a
 * probability ∝ its likelihood. `expert` and the hints sample so (docs/bots.md).
 */
import { type Card, type PlayView, card, monthOf } from '@hanafuda/engine';
import { FastMove, type FastRng } from '@hanafuda/engine/fast';
import { type RolloutPolicy, type Simulator, moveValue } from './rollout.js';

/** The policy's values are in half points: 2 is one point, so a card a point better is e times likelier. */
const TEMPERATURE = 2;
/** The share of each play that the model takes as uniform among the cards held. */
const UNIFORM = 0.02;
/** Uniform hands drawn per sample, one of which is kept. */
export const CANDIDATES = 32;
/** Card numbers a hand may hold: the 48 cards and Nara's blank. */
const CARDS = 49;

/** The value the policy gives to playing `c` on the simulator's table (its best take when it has a choice). */
function playValue(policy: RolloutPolicy, sim: Simulator, c: Card, field: readonly Card[]): number {
  const month = monthOf(c);
  const takes = policy.isWild(c) ? field : field.filter((f) => monthOf(f) === month);
  if (policy.isWild(c) ? takes.length === 0 : takes.length !== 2)
    return moveValue(policy, sim, FastMove.playMove(c));
  return Math.max(...takes.map((take) => moveValue(policy, sim, FastMove.playMove(c, take))));
}

/** A likelihood of a seat's possible hands given its plays this round. */
export interface HandLikelihood {
  /** The likelihood (up to a constant) that the seat holds the cards `cards[0 .. handSize)`. */
  of(cards: Int8Array): number;
  /**
   * Set when the likelihood is a product over the hand's cards, ∏ odds[c], times `rest` (or
   * that alone): a hand is then drawn from the product exactly (`drawProduct`) and only
   * `rest` is left to the resampling, which 32 uniform candidates do only in part.
   */
  readonly product?: { readonly odds: Float64Array; readonly rest: HandLikelihood | null };
}

/**
 * The likelihood of `seat`'s hands of `handSize` cards by its hand plays of this round, or
 * null when it has made none. `tableAt(i)` is a simulator on the table of `plays[i]`, `seat`
 * to move; `deck` the cards the game deals (a hand holds none other).
 */
export function handLikelihood(
  plays: readonly PlayView[],
  seat: number,
  policy: RolloutPolicy,
  tableAt: (i: number) => Simulator,
  handSize: number,
  deck: readonly Card[],
): HandLikelihood | null {
  const theirs = plays.flatMap((p, i) => (p.seat === seat ? [i] : []));
  if (theirs.length === 0 || handSize === 0) return null;
  const played = theirs.map((i) => card(plays[i].card));
  // Per play t: each card's weight exp(value / T) on that table, the weights of the cards played from t on, and how many cards were held.
  const weights = theirs.map((i) => {
    const sim = tableAt(i);
    const field = plays[i].field.map(card);
    const w = new Float64Array(CARDS);
    for (const c of deck) w[c] = Math.exp(playValue(policy, sim, c, field) / TEMPERATURE);
    return w;
  });
  const count = weights.length;
  const since = Float64Array.from(weights, (w, t) => played.slice(t).reduce((sum, c) => sum + w[c], 0));
  const chosen = Float64Array.from(weights, (w, t) => w[played[t]]);
  const uniform = Float64Array.from(played, (_, t) => UNIFORM / (handSize + played.length - t));
  // Card c's weight at play t is byCard[c * count + t]: a hand's cards are read in turn, each its plays' weights together.
  const byCard = new Float64Array(CARDS * count);
  weights.forEach((w, t) => w.forEach((x, c) => (byCard[c * count + t] = x)));
  const held = new Float64Array(count);
  return {
    of(cards) {
      held.set(since);
      for (let i = 0; i < handSize; i++) {
        const at = cards[i] * count;
        for (let t = 0; t < count; t++) held[t] += byCard[at + t];
      }
      let likelihood = 1;
      for (let t = 0; t < count; t++) likelihood *= (1 - UNIFORM) * (chosen[t] / held[t]) + uniform[t];
      return likelihood;
    },
  };
}

/**
 * Each seat's captures at `plays[i]`: its captures now (`captured`) less what the turns from
 * that play on took.
 */
export function capturedAt(plays: readonly PlayView[], captured: readonly (readonly Card[])[], i: number) {
  const later = new Set(plays.slice(i).flatMap((p) => p.took.map(card)));
  return captured.map((c) => c.filter((x) => !later.has(x)));
}

/**
 * Draws a hand of `size` from `cards` into cards[0 .. size) by `likelihood` (of hands of that
 * size; sampling-importance-resampling over `candidates` uniform hands), the rest of `cards`
 * left in an order that depends on the draw: shuffle it before it is dealt as a pile.
 * `hands` and `odds` are scratch room.
 */
export function drawHand(
  rng: FastRng,
  cards: Int8Array,
  size: number,
  likelihood: HandLikelihood,
  hands: Int8Array,
  odds: Float64Array,
  candidates = CANDIDATES,
): void {
  const product = likelihood.product;
  if (product && !product.rest) return drawProduct(rng, cards, size, product.odds);
  let total = 0;
  for (let k = 0; k < candidates; k++) {
    if (product) drawProduct(rng, cards, size, product.odds);
    else shuffleFirst(rng, cards, size);
    hands.set(cards.subarray(0, size), k * size);
    odds[k] = product ? product.rest!.of(cards) : likelihood.of(cards);
    total += odds[k];
  }
  let r = rng.next() * 2.3283064365386963e-10 * total;
  let kept = 0;
  while (kept < candidates - 1 && r >= odds[kept]) r -= odds[kept++];
  // The kept hand to the front.
  for (let i = 0; i < size; i++) {
    const j = cards.indexOf(hands[kept * size + i], i);
    const t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
}

/** `drawProduct`'s table, grown as it needs. */
let sums = new Float64Array(25 * 9);

/**
 * Draws cards[0 .. size) from `cards` with a chance ∝ ∏ odds[c] over the hand drawn, exactly
 * (conditional Poisson sampling): with e(j, k) the sum over k-card hands from cards[j ..) of
 * their products, cards[j] is taken with the chance odds · e(j + 1, k − 1) / e(j, k) while k
 * cards are still wanted. The rest of `cards` keeps an order that depends on the draw.
 */
export function drawProduct(rng: FastRng, cards: Int8Array, size: number, odds: Float64Array): void {
  const n = cards.length;
  const width = size + 1;
  if (sums.length < (n + 1) * width) sums = new Float64Array((n + 1) * width);
  // e(n, 0) = 1, e(n, k > 0) = 0; e(j, k) = e(j + 1, k) + odds[cards[j]] · e(j + 1, k − 1).
  sums.fill(0, n * width, n * width + width);
  sums[n * width] = 1;
  for (let j = n - 1; j >= 0; j--) {
    const w = odds[cards[j]];
    sums[j * width] = 1;
    for (let k = 1; k <= size; k++)
      sums[j * width + k] = sums[(j + 1) * width + k] + w * sums[(j + 1) * width + k - 1];
  }
  let want = size;
  let taken = 0;
  for (let j = 0; j < n && want > 0; j++) {
    const take = odds[cards[j]] * sums[(j + 1) * width + want - 1];
    if (rng.next() * 2.3283064365386963e-10 * sums[j * width + want] < take) {
      const t = cards[taken];
      cards[taken] = cards[j];
      cards[j] = t;
      taken++;
      want--;
    }
  }
}

/** A partial Fisher–Yates: cards[0 .. size) become a uniform draw from `cards`. */
export function shuffleFirst(rng: FastRng, cards: Int8Array, size: number): void {
  for (let i = 0; i < size; i++) {
    const j = i + rng.pick(cards.length - i);
    const t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
}

/** Shuffles cards[from ..) in place (Fisher–Yates by `pick`). */
export function shuffleFrom(rng: FastRng, cards: Int8Array, from: number): void {
  for (let i = cards.length - 1; i > from; i--) {
    const j = from + rng.pick(i - from + 1);
    const t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
}

/**
 * Deals `pool` into a hand of `size` (cards[0 .. size)) drawn by `likelihood` (see `drawHand`)
 * and the rest in a random order.
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
  drawHand(rng, cards, size, likelihood, hands, odds);
  shuffleFrom(rng, cards, size);
}
