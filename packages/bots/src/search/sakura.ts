/**
 * Determinized Sakura: a full engine state built from one seat's view, the hidden cards
 * (other hands, the pile order) sampled. Inference: a hiki announced without its month
 * means its owner holds every unseen card of some month whose other cards lie on the field.
 */
import {
  type Card, GAJI, type RngState, STANDARD_DECK, type SakuraState, type SakuraView, actionCard, cardsOfMonth, randomInt,
} from '@hanafuda/engine';
import { ids } from '../greedy/evaluate.js';
import { dealHidden, unseenCards } from './sample.js';

/** The months a hidden hiki of a seat with `handSize` cards could be. */
function hikiMonths(unseen: ReadonlySet<Card>, field: readonly Card[], handSize: number): number[] {
  const months: number[] = [];
  for (let m = 1; m <= 12; m++) {
    const four = cardsOfMonth(m);
    const hidden = four.filter((c) => unseen.has(c)).length;
    if (hidden > 0 && hidden <= handSize && four.every((c) => unseen.has(c) || field.includes(c))) months.push(m);
  }
  return months;
}

export function determinizeSakura(view: SakuraView, rng: RngState): SakuraState {
  const me = view.viewer!;
  const hand = ids(view.hand);
  const field = ids(view.field);
  const captured = view.captured.map(ids);
  const pending = view.pending ? ids([view.pending.card])[0] : undefined;
  const pool = unseenCards(STANDARD_DECK, [...hand, ...field, ...captured.flat(), ...ids(view.discarded), ...(pending === undefined ? [] : [pending])]);
  const unseen = new Set(pool);
  const others = Array.from({ length: view.players }, (_, seat) => seat).filter((seat) => seat !== me);
  const fixed: Card[][] = others.map(() => []);
  const hikis = view.hikis.flatMap((h) => {
    if (h.month !== null) return [{ seat: h.seat, month: h.month, revealed: h.seat !== me }];
    const i = others.indexOf(h.seat);
    const months = hikiMonths(unseen, field, view.handSizes[h.seat] - fixed[i].length);
    if (months.length === 0) return [];
    const month = months[randomInt(rng, months.length)];
    for (const c of cardsOfMonth(month)) if (unseen.delete(c)) fixed[i].push(c);
    return [{ seat: h.seat, month, revealed: false }];
  });
  const parts = dealHidden(rng, pool, [...others.map((seat) => view.handSizes[seat]), view.pileSize], fixed);
  const hands = Array.from({ length: view.players }, (_, seat) => (seat === me ? hand : parts[others.indexOf(seat)]));
  const gajiInHand = hand.includes(GAJI);
  return {
    game: 'sakura',
    seed: 'search',
    players: view.players,
    sides: view.sides,
    teamPlay: view.sides.some((m) => m.length > 1),
    options: view.options,
    rng: [...rng],
    round: view.round,
    lastRound: view.round,
    dealer: view.dealer,
    totals: view.sides.map(() => 0),
    results: [],
    sideDealers: view.sides.map(() => null),
    hands,
    field,
    pile: parts[parts.length - 1],
    captured,
    discarded: ids(view.discarded),
    toMove: me,
    phase: view.phase,
    pending: view.pending && { card: pending!, source: view.pending.source },
    // A Gaji in hand that no legal action plays went back to the hand this turn.
    gajiReturned: gajiInHand && view.phase === 'hand' && !view.actions.some((a) => actionCard(a, 'play') === GAJI),
    gaji: view.gaji && { seat: view.gaji.seat, with: ids([view.gaji.with])[0], transferred: false },
    hikis,
  };
}
