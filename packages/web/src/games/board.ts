/**
 * One model of the table for every game: the UI draws seats, field, pile and hand from it,
 * whatever the game. Each game's view is turned into it by its adapter (see adapters.ts).
 */
import type { Action, YakuProgress } from '@hanafuda/engine';
import type { GameId } from '@hanafuda/table';

export interface SeatModel {
  readonly seat: number;
  /** Index of the seat's side (team) in `sides`. */
  readonly side: number;
  readonly handSize: number;
  /** Nara: the seat's own draw pile. */
  readonly drawSize?: number;
  readonly captured: readonly string[];
  /** Whether the seat takes part in the round (Oi-bana: only the two highest bidders play). */
  readonly playing: boolean;
  /** Short badges: "hiki", "Koi-Koi ×2", "bid 200", "Gaji: 8". */
  readonly badges: readonly string[];
  /** Koi-Koi: the value of the yaku the seat holds now. */
  readonly yakuTotal?: number;
}

export interface BoardModel {
  readonly game: GameId;
  readonly round: number;
  readonly lastRound: number | null;
  readonly dealer: number;
  readonly toMove: number | null;
  readonly viewer: number | null;
  readonly phase: string;
  readonly seats: readonly SeatModel[];
  readonly sides: readonly (readonly number[])[];
  /** Per side: the running total (points, victories or bankroll). */
  readonly totals: readonly number[];
  readonly totalsKind: 'points' | 'victories' | 'bankroll';
  readonly field: readonly string[];
  readonly pileSize: number;
  readonly hand: readonly string[];
  /** A card between hand or pile and the field, waiting for a decision. */
  readonly pending: string | null;
  /** The viewer's legal decisions now. */
  readonly actions: readonly Action[];
  /** The card that makes a claim at the end of the round (Sakura's Gaji, Nara's blank), with the card it took. */
  readonly claim: { readonly seat: number; readonly card: string; readonly with: string | null } | null;
  /** The number of rounds already scored. */
  readonly resultsCount: number;
  /** Per side: the engine's yaku progress (a team's together), under the game's options. */
  readonly yaku: readonly (readonly YakuProgress[])[];
}
