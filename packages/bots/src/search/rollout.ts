/**
 * Simulation to the end of the round on the engine's fast path (a mutable bitset
 * simulator loaded from a determinized state), with a "greedy-lite" policy: take the
 * capture worth the most, leave the cheapest card. The policy is deterministic: all the
 * randomness of a simulation is in the sampled deal, so two candidate actions simulated on
 * one sample differ only by what the actions change (common random numbers at their
 * strongest). This file is the one place that knows how a simulation runs.
 */
import { type Action, type Card, monthOf } from '@hanafuda/engine';
import {
  FastMove,
  type KoiKoiFast,
  type NaraFast,
  type SakuraFast,
  monthNibble,
} from '@hanafuda/engine/fast';
import { GIFT, isLight } from '../greedy/evaluate.js';

/** What the rollout needs of a fast simulator; SakuraFast, KoiKoiFast and NaraFast all have it. */
export type Simulator = SakuraFast | KoiKoiFast | NaraFast;

/**
 * A rollout's sense of a move. Its values are in half points, so that every one is a small
 * integer: a fraction returned per valued move would be a heap number to collect.
 */
export interface RolloutPolicy {
  /**
   * What capturing a set of cards is worth to `seat` (the played or drawn card among them,
   * as a bitset: card c is bit c of `lo` for c < 32, bit c − 32 of `hi` else): points, and a
   * little yaku sense.
   */
  gain(sim: Simulator, seat: number, lo: number, hi: number): number;
  /** What leaving `card` on the field risks (half its points), played by `seat` (a card of its month on the field neither side can see). */
  leave(card: Card, sim: Simulator, seat: number): number;
  /** Whether a card played from the hand is wild (captures any one card). */
  isWild(card: Card): boolean;
  /** Koi-Koi: what calling Shobu is worth to the seat to move (Koi-Koi is worth 0); 1 (always stop) if absent. */
  shobu?(sim: Simulator, seat: number): number;
}

const MAX_MOVES = 64;

/** Whether card `c` is in the two-word bitset of `bits` starting at `at` (a seat's hand or captures on the fast path). */
export const hasCard = (bits: Int32Array, at: number, c: Card): boolean =>
  ((bits[at + (c >> 5)] >>> (c & 31)) & 1) === 1;

/** Card c as a bitset's two words. */
const bitLo = (c: Card): number => (c < 32 ? 1 << c : 0);
const bitHi = (c: Card): number => (c < 32 ? 0 : 1 << (c - 32));

/** The month's nibble of a seat's two-word bitset in `bits` (its hand or captures). */
const monthOfSeat = (bits: Int32Array, seat: number, month: number): number =>
  monthNibble(bits[2 * seat], bits[2 * seat + 1], month);

/** Brights and the sake cup, by card number (Nara's blank included, which is neither). */
const LIGHT = Array.from({ length: 49 }, (_, c) => c < 48 && isLight(c));

/**
 * Whether `move` plays a bright or the sake cup to the field, capturing nothing, while a card
 * of its month that the mover cannot see (not on the field, captured, or in the mover's hand)
 * could take it. The mover's own knowledge, so the same on every sample.
 */
export function givesLight(sim: Simulator, move: number): boolean {
  if (FastMove.moveKind(move) !== FastMove.PLAY || FastMove.playTake(move) >= 0) return false;
  const played = FastMove.playedCard(move);
  if (!LIGHT[played]) return false;
  const month = monthOf(played);
  if (monthNibble(sim.fieldLo, sim.fieldHi, month) !== 0) return false;
  let seen = monthOfSeat(sim.hands, sim.toMove, month) | (1 << (played & 3));
  for (let seat = 0; seat < sim.players; seat++) seen |= monthOfSeat(sim.captured, seat, month);
  return seen !== 15;
}

/** What `policy` makes of `move` for the seat to move (the rollout plays the legal move of the highest value, the first of equals). */
export function moveValue(policy: RolloutPolicy, sim: Simulator, move: number): number {
  const seat = sim.toMove;
  switch (FastMove.moveKind(move)) {
    case FastMove.PLAY: {
      const played = FastMove.playedCard(move);
      const take = FastMove.playTake(move);
      if (take >= 0) return policy.gain(sim, seat, bitLo(played) | bitLo(take), bitHi(played) | bitHi(take));
      if (policy.isWild(played)) return 0;
      const month = monthOf(played);
      const field = monthNibble(sim.fieldLo, sim.fieldHi, month);
      // Leaving a valuable card on the field is a gift to the next player; a light, one never made while another play exists.
      if (field === 0) return -policy.leave(played, sim, seat) - (givesLight(sim, move) ? 2 * GIFT : 0);
      // No take named: the card takes every card of its month on the field (months 1–8 are the low word's nibbles).
      const taken = field << (((month - 1) & 7) << 2);
      return month <= 8
        ? policy.gain(sim, seat, taken | bitLo(played), bitHi(played))
        : policy.gain(sim, seat, bitLo(played), taken | bitHi(played));
    }
    case FastMove.TAKE: {
      const target = FastMove.movePayload(move);
      return policy.gain(sim, seat, bitLo(sim.pending) | bitLo(target), bitHi(sim.pending) | bitHi(target));
    }
    case FastMove.HIKI:
      return 60;
    case FastMove.SHOBU:
      return policy.shobu ? policy.shobu(sim, seat) : 1;
    default:
      return 0;
  }
}

const moves = new Int32Array(MAX_MOVES);

/** The legal move the policy plays on the simulator (the round not over): the one of the highest value, the first of equals. */
export function policyMove(sim: Simulator, policy: RolloutPolicy): number {
  const n = sim.legalMoves(moves);
  let top = moves[0];
  if (n > 1) {
    let topValue = -Infinity;
    for (let i = 0; i < n; i++) {
      const v = moveValue(policy, sim, moves[i]);
      if (v > topValue) {
        top = moves[i];
        topValue = v;
      }
    }
  }
  return top;
}

/** Plays the simulator to the end of the round with the policy; returns the moves it played (what a search's `moves` cap counts). */
export function rollout(sim: Simulator, policy: RolloutPolicy): number {
  let played = 0;
  for (; !sim.over; played++) sim.play(policyMove(sim, policy));
  return played;
}

/**
 * A position a rollout reads on its way (the first where `reads` holds, for the searching
 * seat), and what the rollout is worth to the seat once over, from that position and its end
 * (as the search's reward; search/koikoi-leaf.ts): null if it read none.
 */
export interface Leaf<F extends Simulator> {
  /** Its value needs nothing past the position it read: the rollout stops there. */
  readonly endsAtRead: boolean;
  reads(sim: F, seat: number, played: number): boolean;
  read(sim: F, seat: number): void;
  value(sim: F, seat: number): number | null;
}

/** `rollout`, handing the leaf the first position it reads on the way (and stopping there if it `endsAtRead`); returns the moves it played. */
export function rolloutReading<F extends Simulator>(
  sim: F,
  policy: RolloutPolicy,
  leaf: Leaf<F>,
  seat: number,
): number {
  let played = 0;
  let read = false;
  for (; !sim.over; played++) {
    if (!read && leaf.reads(sim, seat, played)) {
      leaf.read(sim, seat);
      if (leaf.endsAtRead) return played;
      read = true;
    }
    sim.play(policyMove(sim, policy));
  }
  return played;
}

/** Interchangeable chaff are one move on the fast path: compare actions with the twins merged. */
const actionKey = (a: Action): string => JSON.stringify(a).replace(/chaff-2/g, 'chaff-1');

/** The simulator's move for each of `actions` (the seat to move's), or -1 where none matches. */
export function movesFor(sim: Simulator, actions: readonly Action[]): number[] {
  const n = sim.legalMoves(moves);
  const byKey = new Map<string, number>();
  for (let i = 0; i < n; i++) byKey.set(actionKey(sim.toAction(moves[i])), moves[i]);
  return actions.map((a) => byKey.get(actionKey(a)) ?? -1);
}
