/** Oi-bana's state: an auction, then a Sakura round between its two winners. */
import type { Card } from '../../core/cards.js';
import type { RngState } from '../../core/rng.js';
import type { SakuraState } from '../sakura/state.js';
import type { OibanaOptions } from './options.js';

export interface OibanaRoundResult {
  readonly round: number;
  readonly dealer: number;
  readonly bids: number[];
  /** The two players: the higher bidder (the round's dealer) first. */
  readonly duelists: [number, number];
  readonly winner: number;
  /** Per seat: points captured, yaku held, and the payment (winner +, loser −, others 0). */
  readonly points: number[];
  readonly yaku: string[][];
  readonly payments: number[];
  readonly label: 'chu' | 'basa' | 'shira-basa' | null;
}

export interface OibanaState {
  readonly game: 'oibana';
  readonly players: number;
  readonly options: OibanaOptions;
  /** The game's secret seed: each round's shuffles draw from roundRng(seed, round). Never in a view. */
  readonly seed: string | number;
  rng: RngState;
  round: number;
  readonly lastRound: number;
  /** The auction's dealer: the first bidder. */
  dealer: number;
  bankrolls: number[];
  phase: 'bid' | 'play' | 'over';
  toMove: number;
  /** Each seat's 8 cards before the auction. */
  hands: Card[][];
  /** After the auction: the field and pile of the round (fixed by a scenario, else dealt from the rest). */
  rest: Card[];
  fixedFieldAndPile: { field: Card[]; pile: Card[] } | null;
  bids: (number | null)[];
  duelists: [number, number] | null;
  duel: SakuraState | null;
  results: OibanaRoundResult[];
}
