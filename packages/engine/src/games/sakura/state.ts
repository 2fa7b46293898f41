/** Sakura's state: plain data, cloned on write by `apply` (see cloneState). */
import type { DrawnTwin } from '../../core/apply-on-copy.js';
import type { Card } from '../../core/cards.js';
import type { HandPlay } from '../../core/plays.js';
import type { RngState } from '../../core/rng.js';
import type { Sides } from '../../core/sides.js';
import type { SakuraOptions } from './options.js';

/** What the engine waits for: a hand play (or hiki), a capture choice for the drawn card, a blocked Gaji's next target. */
export type Phase = 'hand' | 'draw-choice' | 'gaji-target' | 'over';

export interface Hiki {
  readonly seat: number;
  readonly month: number;
  /** Revealed by a Gaji block: the month is public from then on. */
  revealed: boolean;
}

export interface GajiClaim {
  readonly seat: number;
  readonly with: Card;
  /** Option `gajiClaim: transfer`: whether the one transfer has happened. */
  transferred: boolean;
}

/** A card between leaving the hand or pile and landing: a capture choice, or a blocked Gaji. */
export interface Pending {
  readonly card: Card;
  readonly source: 'hand' | 'draw';
}

export interface SakuraRoundResult {
  readonly round: number;
  readonly dealer: number;
  /** Per side: captured card value, yaku held, round score. */
  readonly points: number[];
  readonly yaku: string[][];
  readonly scores: number[];
  /** The winning side, and what the win counts for under `scoring: victories`. */
  readonly winner: number;
  readonly victories: number;
  readonly label: 'chu' | 'basa' | 'shira-basa' | null;
  readonly nextDealer: number;
  /** Cards the Gaji's user received at the end of the round, and the dead cards: left on the field, or unplayed (`roundEnd: pile-or-hands`). */
  readonly claimed: string[];
  readonly dead: string[];
}

export interface SakuraState {
  readonly game: 'sakura';
  readonly players: number;
  readonly sides: Sides;
  readonly teamPlay: boolean;
  readonly options: SakuraOptions;
  /** The game's secret seed: each round's shuffles draw from roundRng(seed, round). Never in a view. */
  readonly seed: string | number;
  rng: RngState;
  round: number;
  /** The game ends after this round (a scenario is a game of its one round). */
  readonly lastRound: number;
  dealer: number;
  /** Per side: cumulative score, or victories. */
  totals: number[];
  results: SakuraRoundResult[];
  /** Per side, the seat that last dealt for it (option `teamDealer: rotate`). */
  sideDealers: (number | null)[];
  hands: Card[][];
  field: Card[];
  pile: Card[];
  captured: Card[][];
  discarded: Card[];
  toMove: number;
  phase: Phase;
  pending: Pending | null;
  /** A Gaji taken back after a block may not be played again this turn. */
  gajiReturned: boolean;
  /** The last draw's automatic capture of one of two alike chaff, which a `take` may still name. */
  drawnTwin?: DrawnTwin | null;
  gaji: GajiClaim | null;
  hikis: Hiki[];
  /** The round's hand plays so far, in order (absent from states saved before they were kept). */
  plays?: HandPlay[];
}

export function cloneState(s: SakuraState): SakuraState {
  return {
    ...s,
    rng: [...s.rng],
    totals: s.totals.slice(),
    results: s.results.slice(),
    sideDealers: s.sideDealers.slice(),
    hands: s.hands.map((h) => h.slice()),
    field: s.field.slice(),
    pile: s.pile.slice(),
    captured: s.captured.map((c) => c.slice()),
    discarded: s.discarded.slice(),
    gaji: s.gaji && { ...s.gaji },
    hikis: s.hikis.map((h) => ({ ...h })),
    ...(s.plays ? { plays: s.plays.slice() } : {}),
  };
}
