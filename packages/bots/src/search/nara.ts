/**
 * Determinized Nara: other hands and every draw pile (my own included: it is face down)
 * sampled from the unseen cards. Only play decisions are searched, so every seat's first
 * turn has begun and no redeal offer comes up inside a simulation.
 */
import { NARA_DECK, type NaraState, type NaraView, type RngState } from '@hanafuda/engine';
import { ids } from '../greedy/evaluate.js';
import { dealHidden, unseenCards } from './sample.js';

export function determinizeNara(view: NaraView, rng: RngState): NaraState {
  const me = view.viewer!;
  const hand = ids(view.hand);
  const field = ids(view.field);
  const captured = view.captured.map(ids);
  const pending = view.pending === null ? null : ids([view.pending])[0];
  const pool = unseenCards(NARA_DECK, [...hand, ...field, ...captured.flat(), ...(pending === null ? [] : [pending])]);
  const seats = Array.from({ length: view.players }, (_, seat) => seat);
  const others = seats.filter((seat) => seat !== me);
  const parts = dealHidden(rng, pool, [...others.map((seat) => view.handSizes[seat]), ...view.drawSizes]);
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
    totals: view.totals.slice(),
    results: [],
    piles: seats.map(() => []),
    chosen: seats.map(() => 0),
    hands: seats.map((seat) => (seat === me ? hand : parts[others.indexOf(seat)])),
    draws: parts.slice(others.length),
    field,
    captured,
    blank: view.blank && { seat: view.blank.seat, with: view.blank.with === null ? null : ids([view.blank.with])[0] },
    monthTakes: [],
    blankTakePending: false,
    started: seats.map(() => true),
    toMove: me,
    phase: view.phase,
    pending,
    voided: false,
  };
}
