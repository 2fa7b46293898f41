/** What one seat (or a spectator) may see of a Sakura game: the only way state leaves toward a player. */
import type { Action } from '../../core/actions.js';
import { cardId, cardIds } from '../../core/cards.js';
import type { Viewer } from '../../core/events.js';
import { type PlayView, playViews } from '../../core/plays.js';
import type { Sides } from '../../core/sides.js';
import { legalActions } from './legal.js';
import type { SakuraOptions } from './options.js';
import type { Phase, SakuraRoundResult, SakuraState } from './state.js';

export interface SakuraView {
  readonly game: 'sakura';
  readonly viewer: Viewer;
  readonly players: number;
  readonly sides: Sides;
  readonly options: SakuraOptions;
  readonly round: number;
  readonly lastRound: number;
  readonly dealer: number;
  readonly toMove: number | null;
  readonly phase: Phase;
  /** The viewer's own hand (empty for a spectator); every hand's size. */
  readonly hand: string[];
  readonly handSizes: number[];
  readonly field: string[];
  readonly pileSize: number;
  readonly captured: string[][];
  readonly discarded: string[];
  /** The card awaiting a choice (a drawn card, or a blocked Gaji); always public. */
  readonly pending: { card: string; source: 'hand' | 'draw' } | null;
  readonly gaji: { seat: number; with: string } | null;
  /** Announced hikis: the month only for their owner or once revealed. */
  readonly hikis: { seat: number; month: number | null }[];
  readonly totals: number[];
  readonly results: SakuraRoundResult[];
  /** The round's hand plays so far, in order: each with the field it was played to and the cards its turn captured (the play's and the draw's). */
  readonly plays: PlayView[];
  /** The viewer's legal decisions, when it is the viewer's turn. */
  readonly actions: Action[];
}

export function viewOf(s: SakuraState, viewer: Viewer): SakuraView {
  const toMove = s.phase === 'over' ? null : s.toMove;
  return {
    game: 'sakura',
    viewer,
    players: s.players,
    sides: s.sides,
    options: s.options,
    round: s.round,
    lastRound: s.lastRound,
    dealer: s.dealer,
    toMove,
    phase: s.phase,
    hand: viewer === null ? [] : cardIds(s.hands[viewer]),
    handSizes: s.hands.map((h) => h.length),
    field: s.field.map(cardId),
    pileSize: s.pile.length,
    captured: s.captured.map((c) => cardIds(c)),
    discarded: cardIds(s.discarded),
    pending: s.pending && { card: cardId(s.pending.card), source: s.pending.source },
    gaji: s.gaji && { seat: s.gaji.seat, with: cardId(s.gaji.with) },
    hikis: s.hikis.map((h) => ({ seat: h.seat, month: h.revealed || h.seat === viewer ? h.month : null })),
    totals: s.totals.slice(),
    results: s.results.slice(),
    plays: playViews(s.plays, s.captured),
    actions: toMove !== null && toMove === viewer ? legalActions(s) : [],
  };
}
