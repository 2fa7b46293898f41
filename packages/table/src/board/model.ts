/**
 * One model of the table for every game, in table seats: both front ends draw seats, field,
 * pile and hand from it, whatever the game (the web as components, the terminal as text).
 * Each game's view is turned into it by its adapter (see adapters.ts); a front end formats
 * the model and reads no game's view.
 */
import type { Action, YakuProgress } from '@hanafuda/engine';
import type { GameId } from '../game-rules.js';

export interface SeatModel {
  readonly seat: number;
  /** Index of the seat's side (team) in `sides`. */
  readonly side: number;
  readonly handSize: number;
  /** Nara: the seat's own draw pile. */
  readonly drawSize?: number;
  /** Nara: the piles the seat has still to choose its hand from (sizes), before it chooses. */
  readonly piles?: readonly number[];
  readonly captured: readonly string[];
  /** Whether the seat takes part in the round (Oi-bana: only the two highest bidders play). */
  readonly playing: boolean;
  /** Short badges, `kind` or `kind:value`: `hiki`, `hiki:3`, `koikoi:2`, `bid:200`, `piles:3+2`. */
  readonly badges: readonly string[];
  /** Koi-Koi: the value of the yaku the seat holds now. */
  readonly yakuTotal?: number;
  /** Koi-Koi, once the seat has called: its calls this round and the total a new yaku must exceed. */
  readonly koikoi?: { readonly calls: number; readonly needs: number };
  /** Nara: what the seat owes beyond its bankroll. */
  readonly debt?: number;
  /** Oi-bana: the seat's bid in this round's auction (null: not bid yet). */
  readonly bid?: number | null;
}

export interface BoardModel {
  readonly game: GameId;
  readonly round: number;
  /** The last round, when the game lasts a number of rounds. */
  readonly lastRound: number | null;
  /** Nara played to a total: the total that ends the game. */
  readonly target: number | null;
  readonly dealer: number;
  readonly toMove: number | null;
  readonly viewer: number | null;
  /** The round's phase (Oi-bana: `bid` during the auction, then the round's own). */
  readonly phase: string;
  readonly seats: readonly SeatModel[];
  /** Oi-bana once the auction is over: the two seats that play the round, in the round's own seat order (the top bidder first). */
  readonly duelists: readonly number[] | null;
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
  /** Announced hikis in the order the engine lists them (the month only when known to the viewer). */
  readonly hikis: readonly { readonly seat: number; readonly month: number | null }[];
  /** Cards put out of play this round (Sakura's discards, Oi-bana's round's). */
  readonly discarded: readonly string[];
  /** The number of rounds already scored. */
  readonly resultsCount: number;
  /** Per side: the engine's yaku progress (a team's together), under the game's options. */
  readonly yaku: readonly (readonly YakuProgress[])[];
}
