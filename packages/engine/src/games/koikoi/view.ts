/** What one seat (or a spectator) may see of a Koi-Koi game: the only way state leaves toward a player. */
import type { Action } from '../../core/actions.js';
import { cardId, cardIds } from '../../core/cards.js';
import type { Viewer } from '../../core/events.js';
import { type PlayView, playViews } from '../../core/plays.js';
import { legalActions } from './legal.js';
import type { KoiKoiOptions } from './options.js';
import { seatYaku } from './round.js';
import { type KoiKoiPhase, type KoiKoiRoundResult, type KoiKoiState, referenceTotal } from './state.js';
import { yakuIds } from './yaku.js';

export interface KoiKoiView {
  readonly game: 'koikoi';
  readonly viewer: Viewer;
  readonly options: KoiKoiOptions;
  readonly round: number;
  readonly lastRound: number;
  readonly dealer: number;
  readonly toMove: number | null;
  readonly phase: KoiKoiPhase;
  /** The viewer's own hand (empty for a spectator); both hands' sizes. */
  readonly hand: string[];
  readonly handSizes: number[];
  readonly field: string[];
  readonly pileSize: number;
  /** The card turned up from the pile awaiting a capture choice; public. */
  readonly pending: string | null;
  readonly captured: string[][];
  /** Per seat: yaku held now and their total. */
  readonly yaku: { ids: string[]; total: number }[];
  /** Per seat: Koi-Koi calls this round and the total a new decision must exceed. */
  readonly koikoi: number[];
  readonly reference: number[];
  /** The game's running scores and the rounds played. */
  readonly totals: number[];
  readonly results: KoiKoiRoundResult[];
  /** The round's hand plays so far, in order: each with the field it was played to and the cards its turn captured (the play's and the draw's). */
  readonly plays: PlayView[];
  /** The viewer's legal decisions, when it is the viewer's turn. */
  readonly actions: Action[];
}

/** The round's plays as a view shows them: a turn took the seat's captures from its play's count to the next play's (or to now). */
export function viewOf(s: KoiKoiState, viewer: Viewer): KoiKoiView {
  const toMove = s.phase === 'over' ? null : s.toMove;
  const tallies = [0, 1].map((seat) => seatYaku(s, seat));
  return {
    game: 'koikoi',
    viewer,
    options: s.options,
    round: s.round,
    lastRound: s.lastRound,
    dealer: s.dealer,
    toMove,
    phase: s.phase,
    hand: viewer === 0 || viewer === 1 ? cardIds(s.hands[viewer]) : [],
    handSizes: s.hands.map((h) => h.length),
    field: s.field.map(cardId),
    pileSize: s.pile.length,
    pending: s.pending === null ? null : cardId(s.pending),
    captured: s.captured.map((c) => cardIds(c)),
    yaku: tallies.map((t) => ({ ids: yakuIds(t), total: t.total })),
    koikoi: s.koikoi.slice(),
    reference: [0, 1].map((seat) => referenceTotal(s, seat)),
    totals: s.totals.slice(),
    results: s.results.slice(),
    plays: playViews(s.plays, s.captured),
    actions: toMove !== null && toMove === viewer ? legalActions(s) : [],
  };
}
