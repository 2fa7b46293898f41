/**
 * Koi-Koi's rollout policy: the shared card sense (policies.ts) plus the yaku that count
 * cards of a class (Sanko, Tane, Tanzaku, Kasu), which the shared yaku bonus, made for fixed
 * sets, does not see: a capture that makes one, or leaves its taker one card short of one,
 * and a card taken from a class the opponent is one card short of.
 */
import { type Card, KOIKOI_YAKU_COUNTS, type KoiKoiYakuId, card, maskOf, popcount } from '@hanafuda/engine';
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

/** Bonuses in the policy's units (a bright is worth 8, a fixed-set yaku made 15): Sanko's 6 points, the others' 1. */
export const WEIGHTS: Record<'sanko' | 'tane' | 'tanzaku' | 'kasu', { make: number; near: number; deny: number }> = {
  sanko: { make: 7.5, near: 2, deny: 3 },
  tane: { make: 3, near: 0.5, deny: 1 },
  tanzaku: { make: 3, near: 0.5, deny: 1 },
  kasu: { make: 3, near: 0.5, deny: 1 },
};

/** Sanko's three brights leave the rain man out (he counts from the fourth, Ame-Shiko). */
const RAINMAN = card('willow-rainman');

/** Per card, the count yaku it counts towards (one at most: a card has one class), or undefined. */
const YAKU_OF: (CountYaku | undefined)[] = [];
for (const [id, weights] of Object.entries(WEIGHTS)) {
  const { cards, need } = KOIKOI_YAKU_COUNTS[id as KoiKoiYakuId]!;
  const counted = cards.filter((c) => c !== RAINMAN);
  const [lo, hi] = maskOf(counted);
  const yaku: CountYaku = { lo, hi, need, ...weights };
  for (const c of counted) YAKU_OF[c] = yaku;
}

const held = (sim: Simulator, seat: number, y: CountYaku): number => popcount(sim.captured[2 * seat] & y.lo) + popcount(sim.captured[2 * seat + 1] & y.hi);

/** What capturing `cards` is worth to `seat` by the count yaku (allocation-free: it runs inside the rollouts). */
function countBonus(sim: Simulator, seat: number, cards: readonly Card[]): number {
  let bonus = 0;
  for (let i = 0; i < cards.length; i++) {
    const y = YAKU_OF[cards[i]];
    if (y === undefined) continue;
    // Each yaku once, at its first card among `cards`, with all of them.
    let add = 1;
    let counted = false;
    for (let j = 0; j < cards.length; j++) {
      if (j === i || YAKU_OF[cards[j]] !== y) continue;
      if (j < i) counted = true;
      else add++;
    }
    if (counted) continue;
    const mine = held(sim, seat, y);
    if (mine < y.need && mine + add >= y.need) bonus += y.make;
    else if (mine + add === y.need - 1) bonus += y.near;
    if (held(sim, 1 - seat, y) === y.need - 1) bonus += y.deny;
  }
  return bonus;
}

/** `base` (a Koi-Koi policy of policies.ts) with the count yaku. */
export function koikoiCountsPolicy(base: RolloutPolicy): RolloutPolicy {
  return { ...base, gain: (sim, seat, cards) => base.gain(sim, seat, cards) + countBonus(sim, seat, cards) };
}
