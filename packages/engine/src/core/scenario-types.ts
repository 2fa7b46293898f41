/** The scenario file (docs/scenarios.md) once parsed, and the outcome it is checked against. */
import type { Card } from './cards.js';

export interface ScenarioDeal {
  readonly hands?: readonly (readonly Card[])[];
  readonly field?: readonly Card[];
  readonly pile?: readonly Card[];
  /** Nara: each seat's two piles, before the hand choice. */
  readonly piles?: readonly (readonly (readonly Card[])[])[];
  readonly captured?: readonly (readonly Card[])[];
  /** Nara position: each seat's own draw pile, top first. */
  readonly draws?: readonly (readonly Card[])[];
  readonly gaji?: { readonly seat: number; readonly with: Card };
  readonly blank?: { readonly seat: number; readonly with: Card };
  readonly toMove?: number;
  /** Koi-Koi position: Koi-Koi calls per seat, and each seat's total at its last call. */
  readonly koikoi?: readonly number[];
  readonly lastTotal?: readonly number[];
  /** Sakura teams (teamDealer rotate): per team, the seat that last dealt for it before this round, or null. */
  readonly teamDealers?: readonly (number | null)[];
}

export interface ScenarioSetup {
  readonly name: string;
  readonly game: string;
  readonly players: number;
  readonly teams?: readonly (readonly number[])[];
  readonly options?: unknown;
  readonly dealer: number;
  readonly round: number;
  readonly deal: ScenarioDeal;
}

export interface Outcome {
  ended: boolean;
  error?: { action: number; message: string };
  captured: string[][];
  field: string[];
  yaku: string[][];
  points?: number[];
  scores?: number[];
  nextDealer?: number;
  /** Koi-Koi and Oi-bana: the game's totals (bankrolls) after the round (a scenario starts from option bankroll's points). */
  totals?: number[];
  discarded?: string[];
  redeal?: boolean;
}
