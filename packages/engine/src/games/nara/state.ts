/** Nara Hana-awase's state: plain data, cloned on write by `apply` (see cloneState). */
import type { DrawnTwin } from '../../core/apply-on-copy.js';
import type { Card } from '../../core/cards.js';
import type { GameLength } from '../../core/options.js';
import type { HandPlay } from '../../core/plays.js';
import type { RngState } from '../../core/rng.js';
import type { NaraOptions } from './options.js';

/**
 * What the engine waits for: the dealer's choice of field cards, a pile choice, a redeal
 * offer, a hand play, the choice for a drawn card; or nothing more (`over`).
 */
export type Phase = 'dealer-take' | 'pile' | 'redeal' | 'hand' | 'draw-choice' | 'over';

/** A three-of-a-month on the dealt field: the dealer takes one chaff and one scoring card of it. */
export interface MonthTake {
  readonly month: number;
  /** The pairs the dealer may take, [chaff, scoring]; interchangeable chaff listed once. */
  readonly pairs: readonly (readonly [Card, Card])[];
}

/** The blank's capture: the month claimed at the end of the round (`with` null: taken alone). */
export interface BlankClaim {
  readonly seat: number;
  readonly with: Card | null;
}

export interface NaraRoundResult {
  readonly round: number;
  readonly dealer: number;
  /** Per seat: captured value, yaku and special hands that scored, round result. */
  readonly points: number[];
  readonly yaku: string[][];
  readonly scores: number[];
  readonly special: boolean;
  readonly nextDealer: number;
  /** Cards the blank's user received at the end of the round, and the dead cards left. */
  readonly claimed: string[];
  readonly dead: string[];
}

export interface NaraState {
  readonly game: 'nara';
  readonly players: number;
  readonly options: NaraOptions;
  readonly length: GameLength;
  /** A scenario is one round: a void deal ends it instead of dealing again. */
  readonly scenario: boolean;
  /** The game's secret seed: each round's shuffles draw from roundRng(seed, round). Never in a view. */
  readonly seed: string | number;
  rng: RngState;
  round: number;
  dealer: number;
  /**
   * The seats in turn order as the first-dealer draw sat them (docs/rules.md 5.1): the first
   * dealer, then the seat on their right, and so on. In a scenario, seat order.
   */
  seating: readonly number[];
  totals: number[];
  results: NaraRoundResult[];
  /** Each seat's two face-down piles until it chooses its hand (top first). */
  piles: Card[][][];
  /** Pile choices made so far (secret; null: not yet). */
  chosen: (0 | 1 | null)[];
  hands: Card[][];
  /** Each seat's own draw pile, top first. */
  draws: Card[][];
  field: Card[];
  captured: Card[][];
  blank: BlankClaim | null;
  /** Three-of-a-month takes that wait for the dealer's choice. */
  monthTakes: MonthTake[];
  /** Whether the blank on the field waits for the dealer's choice of its capture. */
  blankTakePending: boolean;
  /** Seats whose first turn has begun (the redeal offer comes at its start). */
  started: boolean[];
  toMove: number;
  phase: Phase;
  /** A card turned up from the draw pile, waiting for the choice of its capture. */
  pending: Card | null;
  /** The last deal was void (misdeal, or a redeal asked) and, in a scenario, nothing follows. */
  voided: boolean;
  /** The last draw's automatic capture of one of two alike chaff, which a `take` may still name. */
  drawnTwin?: DrawnTwin | null;
  /** The round's hand plays so far, in order (absent from states saved before they were kept). */
  plays?: HandPlay[];
}

export function cloneState(s: NaraState): NaraState {
  return {
    ...s,
    rng: [...s.rng],
    totals: s.totals.slice(),
    results: s.results.slice(),
    piles: s.piles.map((p) => p.map((pile) => pile.slice())),
    chosen: s.chosen.slice(),
    hands: s.hands.map((h) => h.slice()),
    draws: s.draws.map((d) => d.slice()),
    field: s.field.slice(),
    captured: s.captured.map((c) => c.slice()),
    monthTakes: s.monthTakes.slice(),
    started: s.started.slice(),
    ...(s.plays ? { plays: s.plays.slice() } : {}),
  };
}
