/**
 * The rollout policies' card sense, per game, read from a fast simulator's capture
 * bitsets: card points plus a bonus for a capture that completes or nears a yaku, or
 * blocks one.
 */
import {
  BLANK,
  type Card,
  GAJI,
  KOIKOI_YAKU_SETS,
  NARA_VALUES,
  NARA_YAKU,
  SAKURA_VALUES,
  SAKURA_YAKU,
  STANDARD_DECK,
  card,
  classOf,
} from '@hanafuda/engine';
import { type SakuraFast, lowestBit, maskOf, monthNibble, popcount } from '@hanafuda/engine/fast';
import { type RolloutPolicy, type Simulator, hasCard } from './rollout.js';

/** A yaku of a fixed set of cards, as a bitset (card c: bit c of `lo` below 32, bit c − 32 of `hi`). */
interface YakuSet {
  readonly lo: number;
  readonly hi: number;
  readonly size: number;
}

/** For each card, the yaku sets it belongs to. */
function setsByCard(yaku: readonly { readonly cards: readonly Card[] }[], size: number): YakuSet[][] {
  const of: YakuSet[][] = Array.from({ length: size }, () => []);
  for (const { cards } of yaku) {
    const [lo, hi] = maskOf(cards);
    const set = { lo, hi, size: cards.length };
    for (const c of cards) of[c].push(set);
  }
  return of;
}

/** How many cards of `set` (a card set as two words) the bitset (lo, hi) holds. */
export const held = (set: { readonly lo: number; readonly hi: number }, lo: number, hi: number): number =>
  popcount(set.lo & lo) + popcount(set.hi & hi);

/** Sides as the rollout sees them: Sakura's teams, else one side per seat; a side's captures as a bitset's two words. */
interface Sides {
  of(sim: Simulator, seat: number): number;
  count(sim: Simulator): number;
  lo(sim: Simulator, side: number): number;
  hi(sim: Simulator, side: number): number;
}

const SEATS: Sides = {
  of: (_sim, seat) => seat,
  count: (sim) => sim.players,
  lo: (sim, side) => sim.captured[2 * side],
  hi: (sim, side) => sim.captured[2 * side + 1],
};

function teamCaptures(sim: Simulator, side: number, word: number): number {
  const sideOfSeat = (sim as SakuraFast).sideOfSeat;
  let bits = 0;
  for (let seat = 0; seat < sim.players; seat++)
    if (sideOfSeat[seat] === side) bits |= sim.captured[2 * seat + word];
  return bits;
}

const TEAMS: Sides = {
  of: (sim, seat) => (sim as SakuraFast).sideOfSeat[seat],
  count: (sim) => (sim as SakuraFast).sideCount,
  lo: (sim, side) => teamCaptures(sim, side, 0),
  hi: (sim, side) => teamCaptures(sim, side, 1),
};

/** The other sides' captures during one `yakuBonus` (Sakura has at most 7 sides): read once, not per yaku. */
const otherLo = new Int32Array(7);
const otherHi = new Int32Array(7);

/**
 * Yaku sense shared by the three games: for each captured card (the bitset lo, hi) and each
 * yaku it is in, `byMissing[k]` when my side (with the capture) then lacks k cards of the
 * yaku and no other side holds any; `block` when another side held all but this card.
 */
function yakuBonus(
  sim: Simulator,
  seat: number,
  lo: number,
  hi: number,
  of: readonly YakuSet[][],
  sides: Sides,
  byMissing: readonly number[],
  block: number,
): number {
  const mine = sides.of(sim, seat);
  const count = sides.count(sim);
  const mineLo = sides.lo(sim, mine) | lo;
  const mineHi = sides.hi(sim, mine) | hi;
  let others = 0;
  for (let side = 0; side < count; side++) {
    if (side === mine) continue;
    otherLo[others] = sides.lo(sim, side);
    otherHi[others++] = sides.hi(sim, side);
  }
  let bonus = 0;
  for (let bits = lo, word = 0; word < 2; bits = hi, word++) {
    for (; bits !== 0; bits &= bits - 1) {
      for (const set of of[32 * word + lowestBit(bits)]) {
        let opponent = 0;
        for (let i = 0; i < others; i++) {
          const n = held(set, otherLo[i], otherHi[i]);
          if (n > opponent) opponent = n;
        }
        if (opponent === 0) bonus += byMissing[set.size - held(set, mineLo, mineHi)] ?? 0;
        if (opponent === set.size - 1) bonus += block;
      }
    }
  }
  return bonus;
}

/** A policy by card values and yaku sets, valuing in half points (RolloutPolicy). */
function policy(
  values: readonly number[],
  yaku: readonly { readonly cards: readonly Card[] }[],
  sides: Sides,
  byMissing: readonly number[],
  block: number,
  wild: Card,
): RolloutPolicy {
  const of = setsByCard(yaku, values.length);
  return {
    gain(sim, seat, lo, hi) {
      let v = 0;
      let inYaku = false;
      for (let bits = lo, word = 0; word < 2; bits = hi, word++) {
        for (; bits !== 0; bits &= bits - 1) {
          const c = 32 * word + lowestBit(bits);
          v += values[c];
          if (of[c].length > 0) inYaku = true;
        }
      }
      return 2 * (inYaku ? v + yakuBonus(sim, seat, lo, hi, of, sides, byMissing, block) : v);
    },
    leave: (c) => values[c],
    isWild: (c) => c === wild,
  };
}

export const SAKURA_POLICY = policy(SAKURA_VALUES, SAKURA_YAKU, TEAMS, [50, 12, 3], 40, GAJI);
/** Under `yaku: off` Sakura scores points only. */
export const SAKURA_POINTS_POLICY = policy(SAKURA_VALUES, [], TEAMS, [], 0, GAJI);

const CLASS_VALUE = { bright: 8, animal: 3, ribbon: 3, chaff: 1, blank: 0 } as const;
/** The Koi-Koi yaku of a fixed set of cards (Ino-Shika-Cho, the poetry and blue ribbons, the two viewings), as the engine defines them. */
const KOIKOI_SETS = Object.values(KOIKOI_YAKU_SETS).map((cards) => ({ cards: cards! }));
const KOIKOI_VALUES = STANDARD_DECK.map((c) => CLASS_VALUE[classOf(c)]);
const KOIKOI_BY_MISSING = [15, 6, 2];
const KOIKOI_BLOCK = 10;
export const KOIKOI_POLICY = policy(KOIKOI_VALUES, KOIKOI_SETS, SEATS, KOIKOI_BY_MISSING, KOIKOI_BLOCK, -1);
/** Under the `gaji` option the lightning is wild from the hand. */
export const KOIKOI_GAJI_POLICY = policy(
  KOIKOI_VALUES,
  KOIKOI_SETS,
  SEATS,
  KOIKOI_BY_MISSING,
  KOIKOI_BLOCK,
  GAJI,
);
const KOIKOI_SETS_BY_CARD = setsByCard(KOIKOI_SETS, KOIKOI_VALUES.length);
const [KOIKOI_SET_LO, KOIKOI_SET_HI] = maskOf(KOIKOI_SETS.flatMap((s) => s.cards));
/** The fixed-set yaku bonus of Koi-Koi's policies (in points) for capturing the bitset (lo, hi): the learned policy's feature (koikoi-features.ts). */
export const koikoiSetBonus = (sim: Simulator, seat: number, lo: number, hi: number): number =>
  (lo & KOIKOI_SET_LO) === 0 && (hi & KOIKOI_SET_HI) === 0
    ? 0
    : yakuBonus(sim, seat, lo, hi, KOIKOI_SETS_BY_CARD, SEATS, KOIKOI_BY_MISSING, KOIKOI_BLOCK);

const WILLOW = 11;
const MOON = card('susuki-moon');
const SAKE = card('chrysanthemum-sake');
const NARA_BASE = policy(NARA_VALUES, NARA_YAKU, SEATS, [60, 20, 5], 30, BLANK);
export const NARA_POLICY: RolloutPolicy = {
  gain(sim, seat, lo, hi) {
    // A willow card spoils the capturer's Tsukimi (30 points, 60 half points).
    const spoils =
      monthNibble(lo, hi, WILLOW) !== 0 &&
      (hasCard(sim.captured, 2 * seat, MOON) || hasCard(sim.captured, 2 * seat, SAKE));
    return NARA_BASE.gain(sim, seat, lo, hi) - (spoils ? 60 : 0);
  },
  leave: NARA_BASE.leave,
  isWild: NARA_BASE.isWild,
};
