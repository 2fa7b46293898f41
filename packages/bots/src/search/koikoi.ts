/** Determinized Koi-Koi: the opponent's hand and the pile order sampled from the unseen cards. */
import { type KoiKoiState, type KoiKoiView, type RngState, STANDARD_DECK } from '@hanafuda/engine';
import { ids } from '../greedy/evaluate.js';
import { dealHidden, unseenCards } from './sample.js';

export function determinizeKoiKoi(view: KoiKoiView, rng: RngState): KoiKoiState {
  const me = view.viewer!;
  const hand = ids(view.hand);
  const field = ids(view.field);
  const captured = view.captured.map(ids);
  const pending = view.pending === null ? null : ids([view.pending])[0];
  const pool = unseenCards(STANDARD_DECK, [...hand, ...field, ...captured.flat(), ...(pending === null ? [] : [pending])]);
  const [theirs, pile] = dealHidden(rng, pool, [view.handSizes[1 - me], view.pileSize]);
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
    hands: me === 0 ? [hand, theirs] : [theirs, hand],
    field,
    pile,
    captured,
    toMove: me,
    phase: view.phase,
    pending,
    koikoi: view.koikoi.slice(),
    lastTotal: view.reference.slice(),
    voided: false,
  };
}
