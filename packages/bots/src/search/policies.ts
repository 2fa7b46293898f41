/**
 * The rollout policies' card sense, per game, read from a fast simulator's capture
 * bitsets: card points plus a bonus for a capture that completes or nears a yaku, or
 * blocks one.
 */
import {
  BLANK, type Card, GAJI, KOIKOI_YAKU_SETS, NARA_VALUES, NARA_YAKU, SAKURA_VALUES, SAKURA_YAKU, type SakuraFast, STANDARD_DECK,
  card, classOf, monthOf,
} from '@hanafuda/engine';
import { type RolloutPolicy, type Simulator, hasCard } from './rollout.js';

/** For each card, the card lists of the yaku it belongs to. */
function byCard(yaku: readonly { readonly cards: readonly Card[] }[], size: number): Card[][][] {
  const out: Card[][][] = Array.from({ length: size }, () => []);
  for (const y of yaku) for (const c of y.cards) out[c].push(y.cards.slice());
  return out;
}

const captures = (sim: Simulator, seat: number, c: Card): boolean => hasCard(sim.captured, 2 * seat, c);

/** Sides as the rollout sees them: Sakura's teams, else one side per seat. */
interface Sides {
  of(sim: Simulator, seat: number): number;
  count(sim: Simulator): number;
  has(sim: Simulator, side: number, c: Card): boolean;
}

const SEATS: Sides = { of: (_sim, seat) => seat, count: (sim) => sim.players, has: captures };

const TEAMS: Sides = {
  of: (sim, seat) => (sim as SakuraFast).sideOfSeat[seat],
  count: (sim) => (sim as SakuraFast).sideCount,
  has(sim, side, c) {
    const sideOfSeat = (sim as SakuraFast).sideOfSeat;
    for (let seat = 0; seat < sim.players; seat++) if (sideOfSeat[seat] === side && captures(sim, seat, c)) return true;
    return false;
  },
};

/**
 * Yaku sense shared by the three games: for each captured card and each yaku it is in,
 * `byMissing[k]` when my side (with the capture) then lacks k cards of the yaku and no
 * other side holds any; `block` when another side held all but this card.
 */
function yakuBonus(sim: Simulator, seat: number, cards: readonly Card[], yakuOf: readonly Card[][][], sides: Sides, byMissing: readonly number[], block: number): number {
  const mine = sides.of(sim, seat);
  const count = sides.count(sim);
  let bonus = 0;
  for (const c of cards) {
    for (const y of yakuOf[c]) {
      let opponent = 0;
      for (let side = 0; side < count; side++) {
        if (side === mine) continue;
        let n = 0;
        for (const x of y) if (sides.has(sim, side, x)) n++;
        if (n > opponent) opponent = n;
      }
      if (opponent === 0) {
        let held = 0;
        for (const x of y) if (sides.has(sim, mine, x) || cards.includes(x)) held++;
        bonus += byMissing[y.length - held] ?? 0;
      }
      if (opponent === y.length - 1) bonus += block;
    }
  }
  return bonus;
}

function policy(values: readonly number[], yakuOf: readonly Card[][][], sides: Sides, byMissing: readonly number[], block: number, wild: Card): RolloutPolicy {
  return {
    gain(sim, seat, cards) {
      let v = 0;
      let inYaku = false;
      for (const c of cards) {
        v += values[c];
        if (yakuOf[c].length > 0) inYaku = true;
      }
      return inYaku ? v + yakuBonus(sim, seat, cards, yakuOf, sides, byMissing, block) : v;
    },
    leave: (c) => values[c] / 2,
    isWild: (c) => c === wild,
  };
}

export const SAKURA_POLICY = policy(SAKURA_VALUES, byCard(SAKURA_YAKU, 48), TEAMS, [50, 12, 3], 40, GAJI);
/** Under `yaku: off` Sakura scores points only. */
export const SAKURA_POINTS_POLICY = policy(SAKURA_VALUES, byCard([], 48), TEAMS, [], 0, GAJI);

const CLASS_VALUE = { bright: 8, animal: 3, ribbon: 3, chaff: 1, blank: 0 } as const;
/** The Koi-Koi yaku of a fixed set of cards (Ino-Shika-Cho, the poetry and blue ribbons, the two viewings), as the engine defines them. */
const KOIKOI_SETS = Object.values(KOIKOI_YAKU_SETS).map((cards) => ({ cards: cards! }));
const KOIKOI_VALUES = STANDARD_DECK.map((c) => CLASS_VALUE[classOf(c)]);
const KOIKOI_BY_CARD = byCard(KOIKOI_SETS, 48);
export const KOIKOI_POLICY = policy(KOIKOI_VALUES, KOIKOI_BY_CARD, SEATS, [15, 6, 2], 10, -1);
/** Under the `gaji` option the lightning is wild from the hand. */
export const KOIKOI_GAJI_POLICY = policy(KOIKOI_VALUES, KOIKOI_BY_CARD, SEATS, [15, 6, 2], 10, GAJI);

const WILLOW = 11;
const MOON = card('susuki-moon');
const SAKE = card('chrysanthemum-sake');
const NARA_BASE = policy(NARA_VALUES, byCard(NARA_YAKU, 49), SEATS, [60, 20, 5], 30, BLANK);
export const NARA_POLICY: RolloutPolicy = {
  ...NARA_BASE,
  gain(sim, seat, cards) {
    // A willow card spoils the capturer's Tsukimi.
    const spoils = cards.some((c) => monthOf(c) === WILLOW) && (captures(sim, seat, MOON) || captures(sim, seat, SAKE));
    return NARA_BASE.gain(sim, seat, cards) - (spoils ? 30 : 0);
  },
};

