/**
 * Determinized Koi-Koi: the opponent's hand and the pile order sampled from the unseen cards,
 * with what the opponent's last play showed: a light it left on the field is a month it holds
 * no card of.
 */
import { type Card, type KoiKoiState, type KoiKoiView, type RngState, STANDARD_DECK, monthOf, randomInt, shuffled } from '@hanafuda/engine';
import { KoiKoiFast } from '@hanafuda/engine/fast';
import { ids, isLight } from '../greedy/evaluate.js';
import { HiddenDeal, type Sampler, unseenCards } from './sample.js';

/** The cards of a Koi-Koi hand as dealt. */
const DEALT = 8;

/**
 * Cards that joined the field since the opponent's last hand play, at most, by the phase of my
 * turn: its discard and its draw, then my play and my draw. The field keeps the order cards
 * came to it (core/table-moves.ts), so every card before these was on it at that play.
 */
const SINCE_THEIR_PLAY: Partial<Record<KoiKoiView['phase'], number>> = { hand: 2, 'draw-choice': 3, decide: 4 };

/**
 * The unseen cards the opponent cannot hold: those of a month whose light (a bright or the sake
 * cup) lay on the field at its last hand play, which any card of that month would have taken.
 * None when the opponent has not played, when a wild card (the Gaji) blurs it, or when the pile
 * could not hold them all.
 */
export function notInTheirHand(view: KoiKoiView, field: readonly Card[], pool: readonly Card[], pileSize: number): Card[] {
  const they = 1 - view.viewer!;
  const since = SINCE_THEIR_PLAY[view.phase];
  if (since === undefined || view.options.gaji || view.handSizes[they] === 0 || view.handSizes[they] >= DEALT) return [];
  const months = new Set(
    field
      .slice(0, Math.max(0, field.length - since))
      .filter(isLight)
      .map(monthOf),
  );
  const out = pool.filter((c) => months.has(monthOf(c)));
  return out.length <= pileSize && pool.length - out.length >= view.handSizes[they] ? out : [];
}

/** What the view shows, and the cards it hides: those the opponent may hold (`pool`, for their hand and the pile) and those only the pile can (`pileOnly`). */
function seen(view: KoiKoiView) {
  const hand = ids(view.hand);
  const field = ids(view.field);
  const captured = view.captured.map(ids);
  const pending = view.pending === null ? null : ids([view.pending])[0];
  const unseen = unseenCards(STANDARD_DECK, [...hand, ...field, ...captured.flat(), ...(pending === null ? [] : [pending])]);
  const pileOnly = notInTheirHand(view, field, unseen, view.pileSize);
  const pool = unseenCards(unseen, pileOnly);
  const sizes = [view.handSizes[1 - view.viewer!], view.pileSize];
  return { hand, field, captured, pending, unseen, sizes, pool, pileOnly, poolSizes: [sizes[0], sizes[1] - pileOnly.length] };
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

/**
 * How often a sample trusts the inference, of `TRUST_OF`: a player may pass a light over for a
 * better capture (the greedy bot does in about a fifth of these positions), so the other
 * samples deal every unseen card alike.
 */
const TRUST = 3;
const TRUST_OF = 4;

/**
 * A sample: with an inference, first whether it is trusted; trusted, the pool (the unseen cards
 * but the pile-only ones) dealt to their hand and the pile, then the pile-only cards shuffled
 * into the pile; else the unseen cards dealt to both.
 */
export function determinizeKoiKoi(view: KoiKoiView, rng: RngState): KoiKoiState {
  const known = seen(view);
  const trusted = known.pileOnly.length > 0 && randomInt(rng, TRUST_OF) < TRUST;
  const dealt = shuffled(rng, trusted ? known.pool : known.unseen);
  const theirs = dealt.slice(0, known.sizes[0]);
  const rest = dealt.slice(known.sizes[0]);
  const pile = trusted ? shuffled(rng, [...rest, ...known.pileOnly]) : rest;
  return stateOf(view, known, theirs, pile, rng);
}

export function koikoiSampler(view: KoiKoiView): Sampler<KoiKoiFast> {
  const known = seen(view);
  const uniform = new HiddenDeal(known.unseen, known.sizes);
  const inferred = known.pileOnly.length > 0 ? new HiddenDeal(known.pool, known.poolSizes) : undefined;
  const table = stateOf(view, known, [], [], [0, 0, 0, 0]);
  const they = 1 - view.viewer!;
  const pile = new Int8Array(view.pileSize);
  const world = KoiKoiFast.fromState(table);
  return {
    world,
    work: KoiKoiFast.fromState(table),
    sample(rng) {
      world.rng.setState(rng);
      const deal = inferred !== undefined && world.rng.below(TRUST_OF) < TRUST ? inferred : uniform;
      deal.deal(world.rng);
      const { cards, start, sizes } = deal;
      world.setHand(they, cards, start[0], sizes[0]);
      if (deal === uniform) {
        world.setPile(cards, start[1], sizes[1]);
        return;
      }
      for (let k = 0; k < sizes[1]; k++) pile[k] = cards[start[1] + k];
      for (let k = 0; k < known.pileOnly.length; k++) pile[sizes[1] + k] = known.pileOnly[k];
      world.rng.shuffle(pile, pile.length);
      world.setPile(pile, 0, pile.length);
    },
  };
}
