/** Determinized Koi-Koi: the opponent's hand and the pile order sampled from the unseen cards. */
import { type Card, type KoiKoiState, type KoiKoiView, type RngState, STANDARD_DECK } from '@hanafuda/engine';
import { KoiKoiFast } from '@hanafuda/engine/fast';
import { ids } from '../greedy/evaluate.js';
import { BELIEF_INPUTS, beliefLikelihood, beliefOf, encodeBelief } from './koikoi-belief.js';
import { CANDIDATES, type HandLikelihood, dealByLikelihood, handLikelihood } from './koikoi-inference.js';
import type { Mlp } from './mlp.js';
import type { RolloutPolicy } from './rollout.js';
import { HiddenDeal, type Sampler, dealHidden, dealingSampler, unseenCards } from './sample.js';

/** What the view shows, and the cards it hides with the sizes of the two places they go (their hand, the pile). */
function seen(view: KoiKoiView) {
  const hand = ids(view.hand);
  const field = ids(view.field);
  const captured = view.captured.map(ids);
  const pending = view.pending === null ? null : ids([view.pending])[0];
  const pool = unseenCards(STANDARD_DECK, [
    ...hand,
    ...field,
    ...captured.flat(),
    ...(pending === null ? [] : [pending]),
  ]);
  return { hand, field, captured, pending, pool, sizes: [view.handSizes[1 - view.viewer!], view.pileSize] };
}

function stateOf(
  view: KoiKoiView,
  known: ReturnType<typeof seen>,
  theirs: Card[],
  pile: Card[],
  rng: RngState,
): KoiKoiState {
  const me = view.viewer!;
  return {
    game: 'koikoi',
    seed: 'search',
    players: 2,
    options: view.options,
    rng: [...rng],
    round: view.round,
    lastRound: view.round,
    dealer: view.dealer,
    totals: [0, 0],
    results: [],
    hands: me === 0 ? [known.hand, theirs] : [theirs, known.hand],
    field: known.field,
    pile,
    captured: known.captured,
    toMove: me,
    phase: view.phase,
    pending: known.pending,
    koikoi: view.koikoi.slice(),
    lastTotal: view.reference.slice(),
    voided: false,
  };
}

export function determinizeKoiKoi(view: KoiKoiView, rng: RngState): KoiKoiState {
  const known = seen(view);
  const [theirs, pile] = dealHidden(rng, known.pool, known.sizes);
  return stateOf(view, known, theirs, pile, rng);
}

export function koikoiSampler(view: KoiKoiView): Sampler<KoiKoiFast> {
  const known = seen(view);
  const deal = new HiddenDeal(known.pool, known.sizes);
  const table = stateOf(view, known, [], [], [0, 0, 0, 0]);
  const they = 1 - view.viewer!;
  return dealingSampler(
    KoiKoiFast.fromState(table),
    KoiKoiFast.fromState(table),
    deal,
    (world, { cards, start, sizes }) => {
      world.setHand(they, cards, start[0], sizes[0]);
      world.setPile(cards, start[1], sizes[1]);
    },
  );
}

/**
 * `koikoiSampler` with the opponent's hand as given (it must be the opponent's count of the
 * view's unseen cards), the pile alone sampled: what a search is worth once the hand is known.
 */
export function koikoiRevealedSampler(view: KoiKoiView, hand: readonly Card[]): Sampler<KoiKoiFast> {
  const known = seen(view);
  const [size, pileSize] = known.sizes;
  const unseen = new Set(known.pool);
  if (hand.length !== size || new Set(hand).size !== size || hand.some((c) => !unseen.has(c))) {
    throw new Error(
      `Koi-Koi search: a shown opponent hand must be ${size} distinct cards the view does not show, not [${hand.join(', ')}]`,
    );
  }
  const deal = new HiddenDeal(
    known.pool.filter((c) => !hand.includes(c)),
    [pileSize],
  );
  const table = stateOf(view, known, [], [], [0, 0, 0, 0]);
  const they = 1 - view.viewer!;
  const theirs = Int8Array.from(hand);
  return dealingSampler(
    KoiKoiFast.fromState(table),
    KoiKoiFast.fromState(table),
    deal,
    (world, { cards, start, sizes }) => {
      world.setHand(they, theirs, 0, size);
      world.setPile(cards, start[0], sizes[0]);
    },
  );
}

/** The likelihood of the opponent's hands by its plays this round as `policy` reads them (null before its first). */
function playsLikelihood(
  view: KoiKoiView,
  known: ReturnType<typeof seen>,
  table: KoiKoiState,
  policy: RolloutPolicy,
): HandLikelihood | null {
  const they = 1 - view.viewer!;
  // The captures at play i: each seat's now, less what the turns from that play on took.
  const capturedAt = (i: number) => {
    const later = new Set(ids(view.plays.slice(i).flatMap((p) => p.took)));
    return known.captured.map((c) => c.filter((x) => !later.has(x)));
  };
  const tableAt = (i: number) =>
    KoiKoiFast.fromState({
      ...table,
      hands: [[], []],
      field: ids(view.plays[i].field),
      captured: capturedAt(i),
      toMove: they,
      phase: 'hand',
      pending: null,
    });
  return known.sizes[0] > 0 ? handLikelihood(view, policy, tableAt, known.sizes[0]) : null;
}

/** Samples whose opponent's hand is drawn by `likelihood` (play-inference.ts `drawHand`: exactly where it is a product, else by resampling), the pile shuffled. */
function likelihoodSampler(
  view: KoiKoiView,
  known: ReturnType<typeof seen>,
  table: KoiKoiState,
  likelihood: HandLikelihood,
): Sampler<KoiKoiFast> {
  const they = 1 - view.viewer!;
  const size = known.sizes[0];
  const world = KoiKoiFast.fromState(table);
  const cards = Int8Array.from(known.pool);
  const hands = new Int8Array(CANDIDATES * size);
  const odds = new Float64Array(CANDIDATES);
  return {
    world,
    work: KoiKoiFast.fromState(table),
    sample(rng) {
      world.rng.setState(rng);
      dealByLikelihood(world.rng, cards, size, likelihood, hands, odds);
      world.setHand(they, cards, 0, size);
      world.setPile(cards, size, known.sizes[1]);
    },
  };
}

/**
 * `koikoiSampler` with the opponent's hand drawn by what its plays this round say of it
 * (search/koikoi-inference.ts; `policy` is the model of how it plays): the same as
 * `koikoiSampler` before its first play.
 */
export function koikoiInferringSampler(view: KoiKoiView, policy: RolloutPolicy): Sampler<KoiKoiFast> {
  const known = seen(view);
  const table = stateOf(view, known, [], [], [0, 0, 0, 0]);
  const likelihood = playsLikelihood(view, known, table, policy);
  return likelihood === null ? koikoiSampler(view) : likelihoodSampler(view, known, table, likelihood);
}

/**
 * `koikoiSampler` with the opponent's hand weighted by a learned belief (koikoi-belief.ts),
 * times the hand-made reading of its plays when `policy` is given: the same as
 * `koikoiSampler` before the opponent's first play, where the belief was not trained.
 */
export function koikoiBelievingSampler(
  view: KoiKoiView,
  belief: Mlp,
  policy: RolloutPolicy | null,
): Sampler<KoiKoiFast> {
  const me = view.viewer!;
  const known = seen(view);
  const size = known.sizes[0];
  if (size === 0 || !view.plays.some((p) => p.seat !== me)) return koikoiSampler(view);
  const table = stateOf(view, known, [], [], [0, 0, 0, 0]);
  // The belief reads the view alone: any deal of the unseen cards gives its inputs.
  const dealt = KoiKoiFast.fromState(
    stateOf(view, known, known.pool.slice(0, size), known.pool.slice(size), [0, 0, 0, 0]),
  );
  const input = new Float64Array(BELIEF_INPUTS);
  const prior = new Float64Array(48);
  encodeBelief(dealt, me, view.plays, input, prior);
  const p = beliefOf(belief, input, prior);
  const reading = policy ? playsLikelihood(view, known, table, policy) : null;
  return likelihoodSampler(view, known, table, beliefLikelihood(p, size, reading));
}
