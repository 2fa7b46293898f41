/**
 * Determinized Nara: other hands and every draw pile (my own included: it is face down)
 * sampled from the unseen cards. Only play decisions are searched, so every seat's first
 * turn has begun and no redeal offer comes up inside a simulation.
 */
import { type Card, NARA_DECK, type NaraState, type NaraView, type RngState } from '@hanafuda/engine';
import { NaraFast } from '@hanafuda/engine/fast';
import { ids } from '../greedy/evaluate.js';
import { capturedAt, handLikelihood } from './play-inference.js';
import type { RolloutPolicy } from './rollout.js';
import {
  HiddenDeal,
  type Sampler,
  dealHidden,
  dealingSampler,
  readingSampler,
  unseenCards,
} from './sample.js';

/** What the view shows, and the cards it hides with the sizes of their places: the other hands, then every draw pile. */
function seen(view: NaraView) {
  const me = view.viewer!;
  const hand = ids(view.hand);
  const field = ids(view.field);
  const captured = view.captured.map(ids);
  const pending = view.pending === null ? null : ids([view.pending])[0];
  const pool = unseenCards(NARA_DECK, [
    ...hand,
    ...field,
    ...captured.flat(),
    ...(pending === null ? [] : [pending]),
  ]);
  const seats = Array.from({ length: view.players }, (_, seat) => seat);
  const others = seats.filter((seat) => seat !== me);
  return {
    hand,
    field,
    captured,
    pending,
    pool,
    seats,
    others,
    sizes: [...others.map((seat) => view.handSizes[seat]), ...view.drawSizes],
  };
}

/** The state with the hidden places `parts` (in the order of `sizes`). */
function stateOf(view: NaraView, known: ReturnType<typeof seen>, parts: Card[][], rng: RngState): NaraState {
  const { seats, others } = known;
  return {
    game: 'nara',
    seed: 'search',
    players: view.players,
    options: view.options,
    length: { rounds: view.round },
    scenario: true, // the simulation ends with this round
    rng: [...rng],
    round: view.round,
    dealer: view.dealer,
    seating: view.seating,
    totals: view.totals.slice(),
    results: [],
    piles: seats.map(() => []),
    chosen: seats.map(() => 0),
    hands: seats.map((seat) => (seat === view.viewer ? known.hand : parts[others.indexOf(seat)])),
    draws: parts.slice(others.length),
    field: known.field,
    captured: known.captured,
    blank: view.blank && {
      seat: view.blank.seat,
      with: view.blank.with === null ? null : ids([view.blank.with])[0],
    },
    monthTakes: [],
    blankTakePending: false,
    started: seats.map(() => true),
    toMove: view.viewer!,
    phase: view.phase,
    pending: known.pending,
    voided: false,
  };
}

export function determinizeNara(view: NaraView, rng: RngState): NaraState {
  const known = seen(view);
  return stateOf(view, known, dealHidden(rng, known.pool, known.sizes), rng);
}

/** What both samplers share: the table without the hidden cards, how to deal them, where they go. */
function dealing(view: NaraView) {
  const known = seen(view);
  const table = stateOf(
    view,
    known,
    known.sizes.map(() => []),
    [0, 0, 0, 0],
  );
  const { others, seats } = known;
  const place = (world: NaraFast, { cards, start, sizes }: HiddenDeal) => {
    for (let i = 0; i < others.length; i++) world.setHand(others[i], cards, start[i], sizes[i]);
    for (const seat of seats)
      world.setDraws(seat, cards, start[others.length + seat], sizes[others.length + seat]);
  };
  return { known, table, deal: new HiddenDeal(known.pool, known.sizes), place };
}

export function naraSampler(view: NaraView): Sampler<NaraFast> {
  const { table, deal, place } = dealing(view);
  return dealingSampler(NaraFast.fromState(table), NaraFast.fromState(table), deal, place);
}

/**
 * `naraSampler` with each other seat's hand drawn by what its plays this round say of it
 * (search/play-inference.ts; `policy` is the model of how a seat plays): the same as
 * `naraSampler` before any of them has played.
 */
export function naraInferringSampler(view: NaraView, policy: RolloutPolicy): Sampler<NaraFast> {
  const { known, table, deal, place } = dealing(view);
  const tableAt = (i: number) =>
    NaraFast.fromState({
      ...table,
      hands: table.hands.map(() => []),
      draws: table.draws.map(() => []),
      field: ids(view.plays[i].field),
      captured: capturedAt(view.plays, known.captured, i),
      toMove: view.plays[i].seat,
      phase: 'hand',
      pending: null,
    });
  const likelihoods = known.others.map((seat, i) =>
    handLikelihood(view.plays, seat, policy, tableAt, known.sizes[i], NARA_DECK),
  );
  if (likelihoods.every((l) => l === null)) return naraSampler(view);
  return readingSampler(
    NaraFast.fromState(table),
    NaraFast.fromState(table),
    deal,
    known.pool,
    likelihoods,
    place,
  );
}
