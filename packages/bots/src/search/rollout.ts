/**
 * Simulation to the end of the round on the engine's fast path (a mutable bitset
 * simulator loaded from a determinized state), with a "greedy-lite" policy: take the
 * capture worth the most, leave the cheapest card. The policy is deterministic: all the
 * randomness of a simulation is in the sampled deal, so two candidate actions simulated on
 * one sample differ only by what the actions change (common random numbers at their
 * strongest). This file is the one place that knows how a simulation runs.
 */
import { type Action, type Card, FastMove, type KoiKoiFast, type NaraFast, type SakuraFast, monthOf } from '@hanafuda/engine';
import { GIFT, isLight } from '../greedy/evaluate.js';

/** What the rollout needs of a fast simulator; SakuraFast, KoiKoiFast and NaraFast all have it. */
export type Simulator = SakuraFast | KoiKoiFast | NaraFast;

export interface RolloutPolicy {
  /** What capturing `cards` is worth to `seat`: points, and a little yaku sense. */
  gain(sim: Simulator, seat: number, cards: readonly Card[]): number;
  /** What leaving `card` on the field risks. */
  leave(card: Card): number;
  /** Whether a card played from the hand is wild (captures any one card). */
  isWild(card: Card): boolean;
  /** Koi-Koi: what calling Shobu is worth to the seat to move (Koi-Koi is worth 0); 1 (always stop) if absent. */
  shobu?(sim: Simulator, seat: number): number;
}

const MAX_MOVES = 64;

export const onField = (sim: Simulator, c: Card): boolean => (c < 32 ? (sim.fieldLo >>> c) & 1 : (sim.fieldHi >>> (c - 32)) & 1) === 1;

/** Whether card `c` is in the two-word bitset of `bits` starting at `at` (a seat's hand or captures on the fast path). */
export const hasCard = (bits: Int32Array, at: number, c: Card): boolean => ((bits[at + (c >> 5)] >>> (c & 31)) & 1) === 1;

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
  const first = (monthOf(played) - 1) * 4;
  for (let c = first; c < first + 4; c++) if (onField(sim, c)) return false;
  for (let c = first; c < first + 4; c++) {
    if (c === played || hasCard(sim.hands, 2 * sim.toMove, c)) continue;
    let captured = false;
    for (let seat = 0; seat < sim.players && !captured; seat++) captured = hasCard(sim.captured, 2 * seat, c);
    if (!captured) return true;
  }
  return false;
}

/**
 * Reused lists of the cards a move captures, one per length (a played card and up to three of
 * its month): filled in place, so that valuing a move neither allocates nor resizes an array.
 */
const lists: Card[][] = [[], [0], [0, 0], [0, 0, 0], [0, 0, 0, 0]];

function value(policy: RolloutPolicy, sim: Simulator, move: number): number {
  const seat = sim.toMove;
  switch (FastMove.moveKind(move)) {
    case FastMove.PLAY: {
      const played = FastMove.playedCard(move);
      const take = FastMove.playTake(move);
      if (take >= 0) {
        const pair = lists[2];
        pair[0] = played;
        pair[1] = take;
        return policy.gain(sim, seat, pair);
      }
      if (policy.isWild(played)) return 0;
      const first = (monthOf(played) - 1) * 4;
      let n = 1;
      for (let c = first; c < first + 4; c++) if (onField(sim, c)) n++;
      // Leaving a valuable card on the field is a gift to the next player; a light, one never made while another play exists.
      if (n === 1) return -policy.leave(played) - (givesLight(sim, move) ? GIFT : 0);
      const month = lists[n];
      month[0] = played;
      for (let c = first, i = 1; c < first + 4; c++) if (onField(sim, c)) month[i++] = c;
      return policy.gain(sim, seat, month);
    }
    case FastMove.TAKE: {
      const pair = lists[2];
      pair[0] = sim.pending;
      pair[1] = FastMove.movePayload(move);
      return policy.gain(sim, seat, pair);
    }
    case FastMove.HIKI:
      return 30;
    case FastMove.SHOBU:
      return policy.shobu ? policy.shobu(sim, seat) : 1;
    default:
      return 0;
  }
}

const moves = new Int32Array(MAX_MOVES);

/** Plays the simulator to the end of the round with the policy; returns the moves it played (what a search's `moves` cap counts). */
export function rollout(sim: Simulator, policy: RolloutPolicy): number {
  let played = 0;
  for (; !sim.over; played++) {
    const n = sim.legalMoves(moves);
    let top = moves[0];
    if (n > 1) {
      let topValue = -Infinity;
      for (let i = 0; i < n; i++) {
        const v = value(policy, sim, moves[i]);
        if (v > topValue) {
          top = moves[i];
          topValue = v;
        }
      }
    }
    sim.play(top);
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
