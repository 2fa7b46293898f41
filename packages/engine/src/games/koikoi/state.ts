/** Koi-Koi's state: plain data, cloned on write by `apply` (see cloneState). */
import type { DrawnTwin } from '../../core/apply-on-copy.js';
import type { Card } from '../../core/cards.js';
import type { HandPlay } from '../../core/plays.js';
import type { RngState } from '../../core/rng.js';
import { totalToBeat } from './calls.js';
import type { KoiKoiOptions } from './options.js';

/** What the engine waits for: a hand play, a capture choice for the drawn card, Koi-Koi or Shobu. */
export type KoiKoiPhase = 'hand' | 'draw-choice' | 'decide' | 'over';

/** How a round ended. */
export type KoiKoiRoundEnd = 'shobu' | 'hands-empty' | 'hand-check';

export interface KoiKoiRoundResult {
  readonly round: number;
  readonly dealer: number;
  readonly end: KoiKoiRoundEnd;
  /** The seat that scored, or null when nobody did. */
  readonly winner: number | null;
  /** Per seat: the yaku held (ids, with teshi / kuttsuki / oyaken for the seat they score for), the yaku total, the round score. */
  readonly yaku: string[][];
  readonly yakuTotals: number[];
  readonly scores: number[];
  readonly koikoi: number[];
  readonly nextDealer: number;
}

/** A card played from a hand this round (core/plays.ts, shared with Sakura and Nara). */
export type KoiKoiPlay = HandPlay;

export interface KoiKoiState {
  readonly game: 'koikoi';
  readonly players: 2;
  readonly options: KoiKoiOptions;
  /** The game's secret seed: each round's shuffles draw from roundRng(seed, round). Never in a view. */
  readonly seed: string | number;
  rng: RngState;
  round: number;
  /** The game ends after this round (a scenario is a game of its one round). */
  readonly lastRound: number;
  dealer: number;
  /** Per seat: the game's running score. */
  totals: number[];
  results: KoiKoiRoundResult[];
  hands: Card[][];
  field: Card[];
  /** Top card first. */
  pile: Card[];
  captured: Card[][];
  toMove: number;
  phase: KoiKoiPhase;
  /** The card turned up from the pile while its capture choice is awaited. */
  pending: Card | null;
  /** Per seat: Koi-Koi calls this round, and the yaku total at the latest call. */
  koikoi: number[];
  lastTotal: number[];
  /** A scenario's deal was void (docs/rules.md 4.1): the scenario ends there. */
  voided: boolean;
  /** The round's hand plays so far, in order (absent from states saved before they were kept). */
  plays?: KoiKoiPlay[];
  /** The last draw's automatic capture of one of two alike chaff, which a `take` may still name. */
  drawnTwin?: DrawnTwin | null;
}

export function cloneState(s: KoiKoiState): KoiKoiState {
  return {
    ...s,
    rng: [...s.rng],
    totals: s.totals.slice(),
    results: s.results.slice(),
    hands: s.hands.map((h) => h.slice()),
    field: s.field.slice(),
    pile: s.pile.slice(),
    captured: s.captured.map((c) => c.slice()),
    koikoi: s.koikoi.slice(),
    lastTotal: s.lastTotal.slice(),
    ...(s.plays ? { plays: s.plays.slice() } : {}),
  };
}

export const other = (seat: number): number => 1 - seat;

/** The total a seat's yaku must exceed for a decision (calls.ts). */
export const referenceTotal = (s: KoiKoiState, seat: number): number =>
  totalToBeat(s.koikoi[seat], s.lastTotal[seat]);
