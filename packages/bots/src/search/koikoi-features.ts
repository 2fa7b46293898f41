/**
 * Koi-Koi's learned rollout policy: a linear score over features of each candidate move,
 * read from the fast simulator's bitsets (what it captures, its yaku sense from the
 * hand-written policies, and what the field holds after it: cards the opponent may take,
 * cards the mover's hand can take next). The weights are data (koikoi-weights.ts), fitted by
 * `npm run train:koikoi-policy` to imitate the search's choices (docs/strength.md). Every
 * feature uses only what the mover can see, so a sampled deal's hidden cards never leak
 * into a move's score. Nothing here allocates once loaded.
 */
import { type Card, GAJI, STANDARD_DECK, card, classOf } from '@hanafuda/engine';
import { type KoiKoiFast, lowestBit, maskOf, popcount } from '@hanafuda/engine/fast';
import { countBonus } from './koikoi-policy.js';
import { koikoiSetBonus } from './policies.js';
import { type RolloutPolicy, type Simulator, moveValue } from './rollout.js';

/** The features, in the order of a weight vector (names as the weights file lists them). */
export const FEATURES = [
  /** Cards of each class the move captures (the played or drawn card among them). */
  'bright',
  'animal',
  'ribbon',
  'chaff',
  /** The hand-written policies' yaku sense for the capture: fixed sets (points), count yaku (half points). */
  'set-yaku',
  'count-yaku',
  /** 1 for a capture, 0 for a card played to the field. */
  'capture',
  /** The class value (bright 8, animal or ribbon 3, chaff 1) of a card played to the field. */
  'discard',
  /** After the move: the class value of field cards of a month with cards the mover cannot see (the opponent may take them). */
  'risk',
  /** After the move: brights and the sake cup among those. */
  'light-risk',
  /** After the move: the class value of field cards of a month in the mover's hand (its next captures). */
  'mine',
  /** The mover's yaku total (points, as the round would score it) after the move. */
  'yaku',
  /** 'risk' times the share of the mover's 8 cards played: the same risk, later in the round. */
  'late-risk',
] as const;

const COUNT = FEATURES.length;

/** Per card: its class (0 bright, 1 animal, 2 ribbon, 3 chaff) and its class value (bright 8, animal or ribbon 3, chaff 1). */
const CLASSES = ['bright', 'animal', 'ribbon', 'chaff'];
const CLASS_OF = Int8Array.from(STANDARD_DECK, (c) => CLASSES.indexOf(classOf(c)));
const VALUE = Int8Array.from(STANDARD_DECK, (c) => [8, 3, 3, 1][CLASS_OF[c]]);
const [LIGHT_LO, LIGHT_HI] = maskOf([
  ...STANDARD_DECK.filter((c) => classOf(c) === 'bright'),
  card('chrysanthemum-sake'),
]);
/** The 48 cards of the deck (card c: bit c of the low word below 32, else bit c − 32 of the high word). */
const DECK_LO = -1;
const DECK_HI = 0xffff;

/** The class value of a set's cards (a few cards: one step a card). */
function classValue(lo: number, hi: number): number {
  let v = 0;
  for (; lo !== 0; lo &= lo - 1) v += VALUE[lowestBit(lo)];
  for (; hi !== 0; hi &= hi - 1) v += VALUE[32 + lowestBit(hi)];
  return v;
}

/** Every card of each month with at least one card in the word (a month is a nibble; `nibbles` masks the word's months). */
const monthsOf = (x: number, nibbles: number): number =>
  Math.imul((x | (x >>> 1) | (x >>> 2) | (x >>> 3)) & nibbles, 15);
const monthsLo = (lo: number): number => monthsOf(lo, 0x11111111);
const monthsHi = (hi: number): number => monthsOf(hi, 0x1111);

const bitLo = (c: number): number => (c < 32 ? 1 << c : 0);
const bitHi = (c: number): number => (c < 32 ? 0 : 1 << (c - 32));

/** The field features once the move leaves the field as (fieldLo, fieldHi) and the mover's hand as (handLo, handHi). */
function after(
  sim: Simulator,
  seat: number,
  fieldLo: number,
  fieldHi: number,
  handLo: number,
  handHi: number,
  out: Float64Array,
): void {
  const pending = (sim as KoiKoiFast).pending;
  const captured = sim.captured;
  // What the mover cannot see: the opponent's hand and the pile.
  const seenLo =
    sim.hands[2 * seat] | sim.fieldLo | captured[0] | captured[2] | (pending >= 0 ? bitLo(pending) : 0);
  const seenHi =
    sim.hands[2 * seat + 1] | sim.fieldHi | captured[1] | captured[3] | (pending >= 0 ? bitHi(pending) : 0);
  const riskLo = fieldLo & monthsLo(DECK_LO & ~seenLo);
  const riskHi = fieldHi & monthsHi(DECK_HI & ~seenHi);
  out[8] = classValue(riskLo, riskHi);
  out[9] = popcount(riskLo & LIGHT_LO) + popcount(riskHi & LIGHT_HI);
  out[10] = classValue(fieldLo & monthsLo(handLo), fieldHi & monthsHi(handHi));
  out[12] = (out[8] * (8 - sim.handCount[seat])) / 8;
}

/** The seat's yaku total with the bitset (lo, hi) captured too (the simulator's captures restored after). */
function yakuWith(sim: Simulator, seat: number, lo: number, hi: number): number {
  const captured = sim.captured;
  const mineLo = captured[2 * seat];
  const mineHi = captured[2 * seat + 1];
  captured[2 * seat] = mineLo | lo;
  captured[2 * seat + 1] = mineHi | hi;
  const total = (sim as KoiKoiFast).yakuTotal(seat);
  captured[2 * seat] = mineLo;
  captured[2 * seat + 1] = mineHi;
  return total;
}

/** The features of `seat` capturing the bitset (lo, hi), into `out`. */
export function captureFeatures(
  sim: Simulator,
  seat: number,
  lo: number,
  hi: number,
  out: Float64Array,
): void {
  out[0] = out[1] = out[2] = out[3] = 0;
  for (let x = lo; x !== 0; x &= x - 1) out[CLASS_OF[lowestBit(x)]]++;
  for (let x = hi; x !== 0; x &= x - 1) out[CLASS_OF[32 + lowestBit(x)]]++;
  out[4] = koikoiSetBonus(sim, seat, lo, hi);
  out[5] = countBonus(sim, seat, lo, hi);
  out[6] = 1;
  out[7] = 0;
  out[11] = yakuWith(sim, seat, lo, hi);
  after(
    sim,
    seat,
    sim.fieldLo & ~lo,
    sim.fieldHi & ~hi,
    sim.hands[2 * seat] & ~lo,
    sim.hands[2 * seat + 1] & ~hi,
    out,
  );
}

/** The features of `seat` playing `card` from its hand to the field, capturing nothing, into `out`. */
export function discardFeatures(sim: Simulator, seat: number, card: Card, out: Float64Array): void {
  out[0] = out[1] = out[2] = out[3] = out[4] = out[5] = out[6] = 0;
  out[7] = VALUE[card];
  out[11] = (sim as KoiKoiFast).yakuTotal(seat);
  after(
    sim,
    seat,
    sim.fieldLo | bitLo(card),
    sim.fieldHi | bitHi(card),
    sim.hands[2 * seat] & ~bitLo(card),
    sim.hands[2 * seat + 1] & ~bitHi(card),
    out,
  );
}

/** Scores are returned in 1/64ths, truncated to integers: a fraction per valued move would be a heap number to collect (rollout.ts). */
const SCALE = 64;

/** Weights as the training script writes them: one per feature, by name. */
export interface PolicyWeights {
  readonly features: readonly string[];
  readonly weights: readonly number[];
}

/**
 * The hand-written rollout policy (koikoi-policy.ts over policies.ts) in these features, in
 * half points: with these weights the learned policy plays every rollout as it does (tested),
 * the reference a training run must beat.
 */
export const HAND_WRITTEN_WEIGHTS: PolicyWeights = {
  features: FEATURES,
  weights: [16, 6, 6, 2, 2, 1, 0, -1, 0, 0, 0, 0, 0],
};

/** The weights in the order of FEATURES; throws if they do not name exactly these features or a weight is not a finite number. */
export function checkedWeights(data: PolicyWeights): Float64Array {
  const names = FEATURES as readonly string[];
  if (data.features.length !== COUNT || data.features.some((f, i) => f !== names[i])) {
    throw new Error(
      `Koi-Koi policy weights: features ${JSON.stringify(data.features)}, expected ${JSON.stringify(names)}`,
    );
  }
  if (data.weights.length !== COUNT || data.weights.some((w) => !Number.isFinite(w))) {
    throw new Error(
      `Koi-Koi policy weights: expected ${COUNT} finite numbers, got ${JSON.stringify(data.weights)}`,
    );
  }
  return Float64Array.from(data.weights);
}

/** A rollout policy by the linear score; `wild` is the card wild from the hand (the Gaji option), or -1. */
export function learnedPolicy(data: PolicyWeights, wild: Card): RolloutPolicy {
  const w = checkedWeights(data);
  const f = new Float64Array(COUNT);
  const score = (): number => {
    let s = 0;
    for (let i = 0; i < COUNT; i++) s += w[i] * f[i];
    return (SCALE * s) | 0;
  };
  return {
    gain(sim, seat, lo, hi) {
      captureFeatures(sim, seat, lo, hi, f);
      return score();
    },
    leave(card, sim, seat) {
      discardFeatures(sim, seat, card, f);
      return -score();
    },
    isWild: (c) => c === wild,
  };
}

/** A policy that records the features of the move it values, through the rollout's own reading of a move (moveValue). */
const recorded = new Float64Array(COUNT);
const RECORDER: RolloutPolicy = {
  gain(sim, seat, lo, hi) {
    captureFeatures(sim, seat, lo, hi, recorded);
    return 0;
  },
  leave(card, sim, seat) {
    discardFeatures(sim, seat, card, recorded);
    return 0;
  },
  isWild: () => false,
};
const GAJI_RECORDER: RolloutPolicy = { ...RECORDER, isWild: (c) => c === GAJI };

/** The features of the seat to move's `move` on the simulator, as the learned policy reads them (a copy; a wild Gaji's play to the field has none). */
export function moveFeatures(sim: Simulator, move: number, gaji: boolean): number[] {
  recorded.fill(0);
  moveValue(gaji ? GAJI_RECORDER : RECORDER, sim, move);
  return Array.from(recorded);
}
