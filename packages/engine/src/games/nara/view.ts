/**
 * What one seat (or a spectator) may see of a Nara game: the only way state leaves toward
 * a player. The piles are dealt face down and chosen blind (004: the draw pile's cards are
 * turned up one by one), so before its choice a seat sees only the sizes of its two piles,
 * and afterwards its hand but never the order or content of any draw pile, its own included.
 * Which pile a seat chose stays secret; so does whether a seat was offered a redeal.
 */
import type { Action } from '../../core/actions.js';
import { cardId, cardIds } from '../../core/cards.js';
import type { Viewer } from '../../core/events.js';
import { type PlayView, playViews } from '../../core/plays.js';
import { legalActions } from './legal.js';
import type { NaraOptions } from './options.js';
import type { NaraRoundResult, NaraState, Phase } from './state.js';
import { BANKROLL } from './tables.js';

/** A total shown as the source's counters: sticks of 100 and beans of 10 (1000 = 8 sticks and 20 beans); a negative total is a debt. */
export interface Bankroll {
  readonly total: number;
  readonly sticks: number;
  readonly beans: number;
  readonly debt: number;
}

/** Keeps 200 in beans for change, as the starting bankroll does; the rest in sticks. */
export function bankroll(total: number): Bankroll {
  if (total < 0) return { total, sticks: 0, beans: 0, debt: -total };
  const change = BANKROLL.startBeans * BANKROLL.bean;
  const sticks = Math.max(0, Math.floor((total - change) / BANKROLL.stick));
  return { total, sticks, beans: Math.round((total - sticks * BANKROLL.stick) / BANKROLL.bean), debt: 0 };
}

export interface NaraView {
  readonly game: 'nara';
  readonly viewer: Viewer;
  readonly players: number;
  readonly options: NaraOptions;
  readonly round: number;
  /** The game's last round, or null when the game ends at a target total (option `length`). */
  readonly lastRound: number | null;
  readonly dealer: number;
  /** The seats in turn order as the first-dealer draw sat them (public). */
  readonly seating: readonly number[];
  readonly toMove: number | null;
  /** The phase; another seat's redeal offer shows as 'hand'. */
  readonly phase: Phase;
  /** Before the pile choice: each seat's two pile sizes (empty once chosen). */
  readonly pileSizes: number[][];
  /** The viewer's own hand (empty for a spectator); every hand's and draw pile's size. */
  readonly hand: string[];
  readonly handSizes: number[];
  readonly drawSizes: number[];
  readonly field: string[];
  readonly captured: string[][];
  /** The drawn card awaiting its capture choice: it is face up. */
  readonly pending: string | null;
  /** The blank's user and its capture (the month claimed at the end of the round). */
  readonly blank: { seat: number; with: string | null } | null;
  readonly totals: number[];
  readonly bankrolls: Bankroll[];
  readonly results: NaraRoundResult[];
  /** The round's hand plays so far, in order: each with the field it was played to and the cards its turn captured (the play's and the draw's). */
  readonly plays: PlayView[];
  /** The viewer's legal decisions, when it is the viewer's turn. */
  readonly actions: Action[];
}

export function viewOf(s: NaraState, viewer: Viewer): NaraView {
  const toMove = s.phase === 'over' ? null : s.toMove;
  const mine = toMove !== null && toMove === viewer;
  return {
    game: 'nara',
    viewer,
    players: s.players,
    options: s.options,
    round: s.round,
    lastRound: 'rounds' in s.length ? s.length.rounds : null,
    dealer: s.dealer,
    seating: s.seating,
    toMove,
    phase: s.phase === 'redeal' && !mine ? 'hand' : s.phase,
    pileSizes: s.piles.map((p) => p.map((pile) => pile.length)),
    hand: viewer === null ? [] : cardIds(s.hands[viewer]),
    handSizes: s.hands.map((h) => h.length),
    drawSizes: s.draws.map((d) => d.length),
    field: s.field.map(cardId),
    captured: s.captured.map((c) => cardIds(c)),
    pending: s.pending === null ? null : cardId(s.pending),
    blank: s.blank && { seat: s.blank.seat, with: s.blank.with === null ? null : cardId(s.blank.with) },
    totals: s.totals.slice(),
    bankrolls: s.totals.map(bankroll),
    results: s.results.slice(),
    plays: playViews(s.plays, s.captured),
    actions: mine ? legalActions(s) : [],
  };
}
