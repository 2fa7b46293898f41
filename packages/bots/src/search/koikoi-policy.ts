/**
 * Koi-Koi's rollout policy: the shared card sense (policies.ts) plus the yaku that count
 * cards of a class (Sanko, Tane, Tanzaku, Kasu), which the shared yaku bonus, made for fixed
 * sets, does not see: a capture that makes one, or leaves its taker one card short of one,
 * and a card taken from a class the opponent is one card short of.
 */
import { KOIKOI_YAKU_COUNTS, type KoiKoiYakuId, card } from '@hanafuda/engine';
import { maskOf } from '@hanafuda/engine/fast';
import { held } from './policies.js';
import type { RolloutPolicy, Simulator } from './rollout.js';

interface CountYaku {
  readonly lo: number;
  readonly hi: number;
  readonly need: number;
  /** Making it: a yaku lets its taker stop and score the round. */
  readonly make: number;
  /** Coming one card short of it. */
  readonly near: number;
  /** Taking a card of it while the opponent is one card short. */
  readonly deny: number;
}

/** Bonuses in points, as the shared policy's card values (a bright is worth 8, a fixed-set yaku made 15): Sanko's 6 points, the others' 1. */
export const WEIGHTS: Record<
  'sanko' | 'tane' | 'tanzaku' | 'kasu',
  { make: number; near: number; deny: number }
> = {
  sanko: { make: 7.5, near: 2, deny: 3 },
  tane: { make: 3, near: 0.5, deny: 1 },
  tanzaku: { make: 3, near: 0.5, deny: 1 },
  kasu: { make: 3, near: 0.5, deny: 1 },
};

/** Sanko's three brights leave the rain man out (he counts from the fourth, Ame-Shiko). */
const RAINMAN = card('willow-rainman');

/** The count yaku, each a card set (a card has one class, so in one of them at most); bonuses in half points, as the policy values. */
const COUNT_YAKU: CountYaku[] = Object.entries(WEIGHTS).map(([id, weights]) => {
  const { cards, need } = KOIKOI_YAKU_COUNTS[id as KoiKoiYakuId]!;
  const [lo, hi] = maskOf(cards.filter((c) => c !== RAINMAN));
  return { lo, hi, need, make: 2 * weights.make, near: 2 * weights.near, deny: 2 * weights.deny };
});

/** How many cards of `y` the seat has captured. */
const captured = (sim: Simulator, seat: number, y: CountYaku): number =>
  held(y, sim.captured[2 * seat], sim.captured[2 * seat + 1]);

/** What capturing the cards of the bitset (lo, hi) is worth to `seat` by the count yaku (half points), each yaku once with all its cards among them. */
export function countBonus(sim: Simulator, seat: number, lo: number, hi: number): number {
  let bonus = 0;
  for (const y of COUNT_YAKU) {
    const add = held(y, lo, hi);
    if (add === 0) continue;
    const mine = captured(sim, seat, y);
    if (mine < y.need && mine + add >= y.need) bonus += y.make;
    else if (mine + add === y.need - 1) bonus += y.near;
    if (captured(sim, 1 - seat, y) === y.need - 1) bonus += y.deny;
  }
  return bonus;
}

/** `base` (a Koi-Koi policy of policies.ts) with the count yaku; the same shape as every policy (no spread copy: one shape keeps the rollout's calls fast). */
export function koikoiCountsPolicy(base: RolloutPolicy): RolloutPolicy {
  return {
    gain: (sim, seat, lo, hi) => base.gain(sim, seat, lo, hi) + countBonus(sim, seat, lo, hi),
    leave: base.leave,
    isWild: base.isWild,
  };
}
