/** Determinized Koi-Koi: the opponent's hand and the pile order sampled from the unseen cards. */
import { type Card, type KoiKoiState, type KoiKoiView, type RngState, STANDARD_DECK } from '@hanafuda/engine';
import { KoiKoiFast } from '@hanafuda/engine/fast';
import { ids } from '../greedy/evaluate.js';
import { HiddenDeal, type Sampler, dealHidden, dealingSampler, unseenCards } from './sample.js';

/** What the view shows, and the cards it hides with the sizes of the two places they go (their hand, the pile). */
function seen(view: KoiKoiView) {
  const hand = ids(view.hand);
  const field = ids(view.field);
  const captured = view.captured.map(ids);
  const pending = view.pending === null ? null : ids([view.pending])[0];
  const pool = unseenCards(STANDARD_DECK, [...hand, ...field, ...captured.flat(), ...(pending === null ? [] : [pending])]);
  return { hand, field, captured, pending, pool, sizes: [view.handSizes[1 - view.viewer!], view.pileSize] };
}

function stateOf(view: KoiKoiView, known: ReturnType<typeof seen>, theirs: Card[], pile: Card[], rng: RngState): KoiKoiState {
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
  return dealingSampler(KoiKoiFast.fromState(table), KoiKoiFast.fromState(table), deal, (world, { cards, start, sizes }) => {
    world.setHand(they, cards, start[0], sizes[0]);
    world.setPile(cards, start[1], sizes[1]);
  });
}
