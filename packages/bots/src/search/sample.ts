/** Helpers for determinization: the cards a seat cannot see, dealt out at random. */
import { type Card, type RngState, shuffled } from '@hanafuda/engine';
import { type FastRng } from '@hanafuda/engine/fast';
import { CANDIDATES, type HandLikelihood, drawHand, shuffleFirst, shuffleFrom } from './play-inference.js';

/** The deck minus every card the view shows. */
export function unseenCards(deck: readonly Card[], seen: Iterable<Card>): Card[] {
  const known = new Set(seen);
  return deck.filter((c) => !known.has(c));
}

function checkSizes(pool: readonly Card[], sizes: readonly number[]): void {
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total !== pool.length)
    throw new Error(`determinization: ${pool.length} hidden cards for ${total} places`);
}

/**
 * Deals `pool` at random into parts of the given sizes (a hand, a pile), after placing
 * `fixed` cards (inferred to belong to a part). Throws when the sizes do not add up: a
 * view that disagrees with itself is a bug worth seeing.
 */
export function dealHidden(
  rng: RngState,
  pool: readonly Card[],
  sizes: readonly number[],
  fixed: readonly (readonly Card[])[] = [],
): Card[][] {
  const taken = new Set(fixed.flat());
  const rest = shuffled(
    rng,
    pool.filter((c) => !taken.has(c)),
  );
  checkSizes(pool, sizes);
  let next = 0;
  return sizes.map((size, i) => {
    const part = (fixed[i] ?? []).slice();
    const need = size - part.length;
    part.push(...rest.slice(next, next + need));
    next += need;
    return part;
  });
}

/**
 * `dealHidden` without fixed cards, for one view dealt again and again: the pool is given
 * once, each deal shuffles it in a reused buffer with the very draws of `dealHidden`, and
 * part i is `cards[start[i] .. start[i] + sizes[i])`. Nothing is allocated per deal.
 */
export class HiddenDeal {
  readonly cards: Int8Array;
  readonly start: readonly number[];

  constructor(
    private readonly pool: readonly Card[],
    readonly sizes: readonly number[],
  ) {
    checkSizes(pool, sizes);
    this.cards = new Int8Array(pool.length);
    let next = 0;
    this.start = sizes.map((size) => (next += size) - size);
  }

  /** Shuffles the pool with `rng`, which it advances as `shuffled` advances an RngState. */
  deal(rng: FastRng): void {
    for (let i = 0; i < this.pool.length; i++) this.cards[i] = this.pool[i];
    rng.shuffle(this.cards, this.pool.length);
  }
}

/** One view's samples, each written into the same simulator. */
export interface Sampler<F> {
  /** The simulator that holds the current sample. */
  readonly world: F;
  /** Another simulator of the same table, to play candidates on. */
  readonly work: F;
  /** Writes a new sample of the hidden cards into `world`, drawn from `rng` as the game's `determinize` draws it. */
  sample(rng: RngState): void;
}

/**
 * The sampler of a view whose hidden cards are `deal`'s parts: each sample reseeds `world`'s
 * RNG, deals, and lets `place` write the parts where the game keeps them (hands, pile, draw
 * piles); the rest of the table stays as the view shows it.
 */
export function dealingSampler<F extends { readonly rng: FastRng }>(
  world: F,
  work: F,
  deal: HiddenDeal,
  place: (world: F, deal: HiddenDeal) => void,
): Sampler<F> {
  return {
    world,
    work,
    sample(rng) {
      world.rng.setState(rng);
      deal.deal(world.rng);
      place(world, deal);
    },
  };
}

/**
 * `dealingSampler` with the first parts (the other seats' hands) drawn by what their seats'
 * plays say of them (search/play-inference.ts): `likelihoods[i]` weighs part i's hands (null:
 * dealt uniformly). Each sample draws the hands in order, each from the cards the ones before
 * it left (uniformly, or by sampling-importance-resampling), then shuffles the rest into the
 * parts after them. The CANDIDATES hands of one read seat are shared among several (at least
 * 8 each), so that reading three seats costs about what reading Koi-Koi's one does.
 */
export function readingSampler<F extends { readonly rng: FastRng }>(
  world: F,
  work: F,
  deal: HiddenDeal,
  pool: readonly Card[],
  likelihoods: readonly (HandLikelihood | null)[],
  place: (world: F, deal: HiddenDeal) => void,
): Sampler<F> {
  const read = likelihoods.filter((l) => l !== null).length;
  const hands = new Int8Array(CANDIDATES * Math.max(0, ...deal.sizes.slice(0, likelihoods.length)));
  const odds = new Float64Array(CANDIDATES);
  const candidates = Math.max(8, Math.round(CANDIDATES / read));
  const { cards, start, sizes } = deal;
  const rests = likelihoods.map((_, i) => cards.subarray(start[i]));
  const dealt = likelihoods.length === 0 ? 0 : start[likelihoods.length - 1] + sizes[likelihoods.length - 1];
  return {
    world,
    work,
    sample(rng) {
      world.rng.setState(rng);
      cards.set(pool);
      likelihoods.forEach((likelihood, i) => {
        if (likelihood) drawHand(world.rng, rests[i], sizes[i], likelihood, hands, odds, candidates);
        else shuffleFirst(world.rng, rests[i], sizes[i]);
      });
      shuffleFrom(world.rng, cards, dealt);
      place(world, deal);
    },
  };
}
