/**
 * Determinized Sakura: a full engine state built from one seat's view, the hidden cards
 * (other hands, the pile order) sampled. Inference: a hiki announced without its month
 * means its owner holds every unseen card of some month whose other cards lie on the field.
 */
import {
  type Card,
  GAJI,
  type RngState,
  STANDARD_DECK,
  type SakuraState,
  type SakuraView,
  actionCard,
  cardsOfMonth,
  randomInt,
} from '@hanafuda/engine';
import { SakuraFast } from '@hanafuda/engine/fast';
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

/** The months a hidden hiki of a seat with `handSize` cards could be. */
function hikiMonths(unseen: ReadonlySet<Card>, field: readonly Card[], handSize: number): number[] {
  const months: number[] = [];
  for (let m = 1; m <= 12; m++) {
    const four = cardsOfMonth(m);
    const hidden = four.filter((c) => unseen.has(c)).length;
    if (hidden > 0 && hidden <= handSize && four.every((c) => unseen.has(c) || field.includes(c)))
      months.push(m);
  }
  return months;
}

/** A hiki whose month the view shows. */
const shownHiki = (h: SakuraView['hikis'][number], me: number) => ({
  seat: h.seat,
  month: h.month!,
  revealed: h.seat !== me,
});

/** What the view shows, and the cards it hides with the sizes of their places: the other hands, then the pile. */
function seen(view: SakuraView) {
  const me = view.viewer!;
  const hand = ids(view.hand);
  const field = ids(view.field);
  const captured = view.captured.map(ids);
  const discarded = ids(view.discarded);
  const pending = view.pending ? ids([view.pending.card])[0] : undefined;
  const pool = unseenCards(STANDARD_DECK, [
    ...hand,
    ...field,
    ...captured.flat(),
    ...discarded,
    ...(pending === undefined ? [] : [pending]),
  ]);
  const others = Array.from({ length: view.players }, (_, seat) => seat).filter((seat) => seat !== me);
  return {
    hand,
    field,
    captured,
    discarded,
    pending,
    pool,
    others,
    sizes: [...others.map((seat) => view.handSizes[seat]), view.pileSize],
  };
}

/** The state with the hidden places `parts` (in the order of `sizes`) and the hikis as sampled. */
function stateOf(
  view: SakuraView,
  known: ReturnType<typeof seen>,
  parts: Card[][],
  hikis: SakuraState['hikis'],
  rng: RngState,
): SakuraState {
  const me = view.viewer!;
  const gajiInHand = known.hand.includes(GAJI);
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
    hands: Array.from({ length: view.players }, (_, seat) =>
      seat === me ? known.hand : parts[known.others.indexOf(seat)],
    ),
    field: known.field,
    pile: parts[parts.length - 1],
    captured: known.captured,
    discarded: known.discarded,
    toMove: me,
    phase: view.phase,
    pending: view.pending && { card: known.pending!, source: view.pending.source },
    // A Gaji in hand that no legal action plays went back to the hand this turn.
    gajiReturned:
      gajiInHand && view.phase === 'hand' && !view.actions.some((a) => actionCard(a, 'play') === GAJI),
    gaji: view.gaji && { seat: view.gaji.seat, with: ids([view.gaji.with])[0], transferred: false },
    hikis,
  };
}

export function determinizeSakura(view: SakuraView, rng: RngState): SakuraState {
  const me = view.viewer!;
  const known = seen(view);
  const { field, pool, others } = known;
  const unseen = new Set(pool);
  const fixed: Card[][] = others.map(() => []);
  const hikis = view.hikis.flatMap((h) => {
    if (h.month !== null) return [shownHiki(h, me)];
    const i = others.indexOf(h.seat);
    const months = hikiMonths(unseen, field, view.handSizes[h.seat] - fixed[i].length);
    if (months.length === 0) return [];
    const month = months[randomInt(rng, months.length)];
    for (const c of cardsOfMonth(month)) if (unseen.delete(c)) fixed[i].push(c);
    return [{ seat: h.seat, month, revealed: false }];
  });
  return stateOf(view, known, dealHidden(rng, pool, known.sizes, fixed), hikis, rng);
}

/** What every sampler of a view without a hidden hiki month shares: the table without the hidden cards, how to deal them, where they go. */
function dealing(view: SakuraView) {
  const known = seen(view);
  const table = stateOf(
    view,
    known,
    known.sizes.map(() => []),
    view.hikis.map((h) => shownHiki(h, view.viewer!)),
    [0, 0, 0, 0],
  );
  const { others } = known;
  const place = (world: SakuraFast, { cards, start, sizes }: HiddenDeal) => {
    for (let i = 0; i < others.length; i++) world.setHand(others[i], cards, start[i], sizes[i]);
    world.setPile(cards, start[others.length], sizes[others.length]);
  };
  return { known, table, deal: new HiddenDeal(known.pool, known.sizes), place };
}

/** A hiki announced without its month places cards and draws a month per sample: such a view is determinized whole. */
function wholeSampler(view: SakuraView): Sampler<SakuraFast> {
  const world = SakuraFast.fromState(determinizeSakura(view, [0, 0, 0, 0]));
  return {
    world,
    work: SakuraFast.fromState(determinizeSakura(view, [0, 0, 0, 0])),
    sample: (rng) => world.load(determinizeSakura(view, rng)),
  };
}

export function sakuraSampler(view: SakuraView): Sampler<SakuraFast> {
  if (view.hikis.some((h) => h.month === null)) return wholeSampler(view);
  const { table, deal, place } = dealing(view);
  return dealingSampler(SakuraFast.fromState(table), SakuraFast.fromState(table), deal, place);
}

/**
 * `sakuraSampler` with each other seat's hand (opponents' and teammates') drawn by what its
 * plays this round say of it (search/play-inference.ts; `policy` is the model of how a seat
 * plays): the same as `sakuraSampler` before any of them has played, or while a hiki's month
 * is hidden (such a view is sampled uniformly).
 */
export function sakuraInferringSampler(view: SakuraView, policy: RolloutPolicy): Sampler<SakuraFast> {
  if (view.hikis.some((h) => h.month === null)) return wholeSampler(view);
  const { known, table, deal, place } = dealing(view);
  const tableAt = (i: number) =>
    SakuraFast.fromState({
      ...table,
      hands: table.hands.map(() => []),
      field: ids(view.plays[i].field),
      captured: capturedAt(view.plays, known.captured, i),
      toMove: view.plays[i].seat,
      phase: 'hand',
      pending: null,
      gajiReturned: false,
    });
  const likelihoods = known.others.map((seat, i) =>
    handLikelihood(view.plays, seat, policy, tableAt, known.sizes[i], STANDARD_DECK),
  );
  if (likelihoods.every((l) => l === null)) return sakuraSampler(view);
  return readingSampler(
    SakuraFast.fromState(table),
    SakuraFast.fromState(table),
    deal,
    known.pool,
    likelihoods,
    place,
  );
}
