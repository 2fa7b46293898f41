/**
 * Koi-Koi yaku (docs/rules.md 4.3): the one definition, a function of a seat's captures as a
 * card-set mask (fast/bits.ts), the options and the round. Only the best bright yaku counts;
 * Akatan-Aotan replaces Akatan and Aotan; everything else adds up, extras counted in each yaku
 * that has them. The search's simulator calls `yakuTotal` on its words without a sink; the
 * public `yakuOf` passes a sink to learn which yaku scored and how the sake cup counted.
 */
import type { Card } from '../../core/cards.js';
import { foldShift, maskOf, monthNibble, popcount } from '../../fast/bits.js';
import type { KoiKoiOptions } from './options.js';
import {
  ANIMALS,
  BLUE,
  BRIGHTS,
  CHAFF,
  CURTAIN,
  INOSHIKACHO,
  LIGHTNING,
  MOON,
  POETRY,
  RAINMAN,
  RIBBONS,
  SAKE,
  type KoiKoiYakuId,
  YAKU_ORDER,
  yakuDef,
} from './tables.js';

export interface ScoredYaku {
  readonly id: KoiKoiYakuId;
  readonly points: number;
}

export interface YakuTally {
  readonly yaku: readonly ScoredYaku[];
  readonly total: number;
}

/** What the yaku rules need beside the cards. */
export interface YakuRules {
  readonly options: Pick<
    KoiKoiOptions,
    | 'sakeCup'
    | 'viewing'
    | 'viewingBoth'
    | 'viewingSpoiled'
    | 'tsukiFuda'
    | 'sankoPoints'
    | 'setExtras'
    | 'akatanAotan'
    | 'viewingPoints'
  >;
  /** The round number (1..): tsukiFuda's month is ((round − 1) mod 12) + 1. */
  readonly round: number;
  /** Whether the holder has called Koi-Koi this round (viewingPoints "one-or-three"); false when omitted. */
  readonly calledKoiKoi?: boolean;
}

/** The options the yaku read (written out in `YakuRules`, where the published API shows them). */
export type YakuOptions = YakuRules['options'];

/** Viewing yaku under viewingPoints "one-or-three": 1 each, 3 each once the holder has called Koi-Koi (KoiKoi Japan). */
export const LOW_VIEWING = { before: 1, after: 3 } as const;

export const roundMonth = (round: number): number => ((round - 1) % 12) + 1;

/** How the sake cup counts for one evaluation. */
export type SakeAs = 'animal' | 'chaff' | 'both';

const SAKE_CUP = ['either', 'animal', 'both'] as const;
const VIEWING = ['on', 'off', 'with-other-yaku'] as const;

/** The yaku options as numbers and booleans, read on every evaluation: built once per options object. */
export class YakuRuleSet {
  /** 0 either, 1 animal, 2 both. */
  readonly sakeCup: number;
  /** 0 on, 1 off, 2 with-other-yaku. */
  readonly viewing: number;
  readonly viewingBoth: boolean;
  readonly viewingSpoiled: boolean;
  readonly tsukiFuda: boolean;
  readonly sanko: number;
  readonly setExtras: boolean;
  readonly ribbonSetsAdd: boolean;
  readonly lowViewing: boolean;

  constructor(o: YakuOptions) {
    this.sakeCup = SAKE_CUP.indexOf(o.sakeCup);
    this.viewing = VIEWING.indexOf(o.viewing);
    this.viewingBoth = o.viewingBoth;
    this.viewingSpoiled = o.viewingSpoiled;
    this.tsukiFuda = o.tsukiFuda;
    this.sanko = o.sankoPoints;
    this.setExtras = o.setExtras;
    this.ribbonSetsAdd = o.akatanAotan === 'adds';
    this.lowViewing = o.viewingPoints === 'one-or-three';
  }
}

const ruleSets = new WeakMap<YakuOptions, YakuRuleSet>();

/** The rule set of an options object (a state's options are shared by its copies, so this is built once a game). */
export function yakuRuleSet(options: YakuOptions): YakuRuleSet {
  let set = ruleSets.get(options);
  if (set === undefined) ruleSets.set(options, (set = new YakuRuleSet(options)));
  return set;
}

const [BRIGHT_LO, BRIGHT_HI] = maskOf(BRIGHTS);
const [ANIMAL_LO, ANIMAL_HI] = maskOf(ANIMALS.filter((c) => c !== SAKE));
const [ISC_LO, ISC_HI] = maskOf(INOSHIKACHO);
const [RIBBON_LO, RIBBON_HI] = maskOf(RIBBONS);
const [POETRY_LO, POETRY_HI] = maskOf(POETRY);
const [BLUE_LO, BLUE_HI] = maskOf(BLUE);
const [CHAFF_LO, CHAFF_HI] = maskOf(CHAFF);
// Families counted in one popcount, the hi word shifted beside the lo word (the chaff overlap at every shift).
const BRIGHT_FOLD = foldShift(BRIGHT_LO, BRIGHT_HI);
const ANIMAL_FOLD = foldShift(ANIMAL_LO, ANIMAL_HI);
const RIBBON_FOLD = foldShift(RIBBON_LO, RIBBON_HI);

/** A yaku with extras scores `points − minimum` plus the count of its family. */
const base = (id: KoiKoiYakuId): number => yakuDef(id).points - yakuDef(id).minimum;
const points = (id: KoiKoiYakuId): number => yakuDef(id).points;
const ISC_BASE = base('inoshikacho');
const TANE_BASE = base('tane');
const AKA_AO_BASE = base('akatan-aotan');
const AKATAN_BASE = base('akatan');
const AOTAN_BASE = base('aotan');
const TANZAKU_BASE = base('tanzaku');
const KASU_BASE = base('kasu');
const GOKO = points('goko');
const SHIKO = points('shiko');
const AME_SHIKO = points('ame-shiko');
const ISC = points('inoshikacho');
const AKA_AO = points('akatan-aotan');
const AKATAN = points('akatan');
const AOTAN = points('aotan');
const TANE_MIN = yakuDef('tane').minimum;
const TANZAKU_MIN = yakuDef('tanzaku').minimum;
const KASU_MIN = yakuDef('kasu').minimum;
const TSUKIMI = points('tsukimi');
const HANAMI = points('hanami');
const BOTH_VIEWING = points('tsukimi-hanami');
const TSUKIFUDA = points('tsukifuda');

// Single cards as masks, tested inline: (lo & X_LO) | (hi & X_HI) is non-zero when X is held.
const [RAIN_LO, RAIN_HI] = maskOf([RAINMAN]);
const [SAKE_LO, SAKE_HI] = maskOf([SAKE]);
const [LIGHTNING_LO, LIGHTNING_HI] = maskOf([LIGHTNING]);
const [MOON_LO, MOON_HI] = maskOf([MOON]);
const [CURTAIN_LO, CURTAIN_HI] = maskOf([CURTAIN]);

/** Where the public path learns which yaku scored and how the sake cup counted; the search passes null. */
export interface YakuRecord {
  readonly yaku: ScoredYaku[];
  sakeAs: SakeAs;
}
export type YakuSink = YakuRecord | null;

/**
 * `points` of yaku `id`, recorded in the sink if there is one. Kept this small so that the
 * optimizing compiler inlines it at every site without spending its inlining budget, which the
 * popcounts need; the search, which never records, then pays only the null test.
 */
const score = (sink: YakuSink, id: KoiKoiYakuId, points: number): number =>
  sink === null ? points : record(sink, id, points);

function record(sink: YakuRecord, id: KoiKoiYakuId, points: number): number {
  sink.yaku.push({ id, points });
  return points;
}

// How the sake cup counts (held or not): a bit for the animal, a bit for the chaff.
const AS_ANIMAL = 1;
const AS_CHAFF = 2;
const SAKE_AS: readonly SakeAs[] = ['animal', 'animal', 'chaff', 'both'];

/** The yaku whose points depend on how the sake cup counts, from the counts with it as it counts. */
const inoshikacho = (r: YakuRuleSet, held: boolean, animals: number): number =>
  !held ? 0 : r.setExtras ? ISC_BASE + animals : ISC;
const tane = (animals: number): number => (animals >= TANE_MIN ? TANE_BASE + animals : 0);
const kasu = (chaff: number): number => (chaff >= KASU_MIN ? KASU_BASE + chaff : 0);
/** The viewing points `view` as they count beside `others` other yaku ("with-other-yaku": only beside one). */
const viewed = (r: YakuRuleSet, others: number, view: number): number =>
  r.viewing === 2 && others === 0 ? 0 : view;

/**
 * The yaku total of captures (lo, hi), each yaku that scores recorded in `sink`. `called`: the
 * holder has called Koi-Koi. Under `sakeCup: either` the sake cup counts as whichever class gives
 * the higher total; on a tie it stays an animal, its printed class. Only tane, kasu and
 * inoshikacho's extras depend on that class (and, through them, "with-other-yaku" viewing), so
 * everything is counted once and the two classes compare on those alone.
 */
export function yakuTotal(
  lo: number,
  hi: number,
  r: YakuRuleSet,
  round: number,
  called: boolean,
  sink: YakuSink,
): number {
  let total = 0;
  // Yaku other than the viewing ones: "with-other-yaku" lets a viewing yaku count only beside one.
  let others = 0;
  const brights = popcount((lo & BRIGHT_LO) | ((hi & BRIGHT_HI) << BRIGHT_FOLD));
  const rain = ((lo & RAIN_LO) | (hi & RAIN_HI)) !== 0;
  if (brights === 5) total += score(sink, 'goko', GOKO);
  else if (brights === 4) total += rain ? score(sink, 'ame-shiko', AME_SHIKO) : score(sink, 'shiko', SHIKO);
  else if (brights === 3 && !rain) total += score(sink, 'sanko', r.sanko);
  if (total > 0) others++;
  const ribbons = popcount((lo & RIBBON_LO) | ((hi & RIBBON_HI) << RIBBON_FOLD));
  const aka = (lo & POETRY_LO) === POETRY_LO && (hi & POETRY_HI) === POETRY_HI;
  const ao = (lo & BLUE_LO) === BLUE_LO && (hi & BLUE_HI) === BLUE_HI;
  const extras = r.setExtras;
  if (aka && ao) {
    total += score(sink, 'akatan-aotan', extras ? AKA_AO_BASE + ribbons : AKA_AO);
    others++;
  }
  // akatanAotan "adds": the two sets keep their own 5 beside the joint 10 (KoiKoi Japan).
  if (aka && (!ao || r.ribbonSetsAdd)) {
    total += score(sink, 'akatan', extras ? AKATAN_BASE + ribbons : AKATAN);
    others++;
  }
  if (ao && (!aka || r.ribbonSetsAdd)) {
    total += score(sink, 'aotan', extras ? AOTAN_BASE + ribbons : AOTAN);
    others++;
  }
  if (ribbons >= TANZAKU_MIN) {
    total += score(sink, 'tanzaku', TANZAKU_BASE + ribbons);
    others++;
  }
  if (r.tsukiFuda && monthNibble(lo, hi, roundMonth(round)) === 15) {
    total += score(sink, 'tsukifuda', TSUKIFUDA);
    others++;
  }
  const isc = (lo & ISC_LO) === ISC_LO && (hi & ISC_HI) === ISC_HI;
  if (isc) others++;
  // Viewing: Tsukimi-zake, Hanami-zake, or (viewingBoth) the two as one; nothing when spoiled. Under
  // viewingPoints "one-or-three" each scores 1 (3 after the holder's Koi-Koi), the joint one twice that.
  const sake = ((lo & SAKE_LO) | (hi & SAKE_HI)) !== 0;
  let joint = 0;
  let moon = 0;
  let curtain = 0;
  if (
    sake &&
    r.viewing !== 1 &&
    !(r.viewingSpoiled && (rain || ((lo & LIGHTNING_LO) | (hi & LIGHTNING_HI)) !== 0))
  ) {
    const low = called ? LOW_VIEWING.after : LOW_VIEWING.before;
    const hasMoon = ((lo & MOON_LO) | (hi & MOON_HI)) !== 0;
    const hasCurtain = ((lo & CURTAIN_LO) | (hi & CURTAIN_HI)) !== 0;
    if (r.viewingBoth && hasMoon && hasCurtain) joint = r.lowViewing ? 2 * low : BOTH_VIEWING;
    else {
      if (hasMoon) moon = r.lowViewing ? low : TSUKIMI;
      if (hasCurtain) curtain = r.lowViewing ? low : HANAMI;
    }
  }
  const view = joint + moon + curtain;
  // The counts without the sake cup, then as it counts.
  let animals = popcount((lo & ANIMAL_LO) | ((hi & ANIMAL_HI) << ANIMAL_FOLD));
  let chaff = popcount(lo & CHAFF_LO) + popcount(hi & CHAFF_HI);
  let as = r.sakeCup === 2 ? AS_ANIMAL | AS_CHAFF : AS_ANIMAL;
  if (sake && r.sakeCup === 0) {
    const tA = tane(animals + 1);
    const kA = kasu(chaff);
    const tC = tane(animals);
    const kC = kasu(chaff + 1);
    // Points stand in for the count of other yaku: only whether it is zero matters.
    const asAnimal = inoshikacho(r, isc, animals + 1) + tA + kA + viewed(r, others + tA + kA, view);
    const asChaff = inoshikacho(r, isc, animals) + tC + kC + viewed(r, others + tC + kC, view);
    if (asChaff > asAnimal) as = AS_CHAFF;
  }
  if (sink !== null) sink.sakeAs = SAKE_AS[as];
  if (sake) {
    animals += as & AS_ANIMAL;
    chaff += as >> 1;
  }
  if (isc) total += score(sink, 'inoshikacho', inoshikacho(r, isc, animals));
  const t = tane(animals);
  if (t > 0) {
    total += score(sink, 'tane', t);
    others++;
  }
  const k = kasu(chaff);
  if (k > 0) {
    total += score(sink, 'kasu', k);
    others++;
  }
  if (viewed(r, others, view) === 0) return total;
  if (joint > 0) total += score(sink, 'tsukimi-hanami', joint);
  if (moon > 0) total += score(sink, 'tsukimi', moon);
  if (curtain > 0) total += score(sink, 'hanami', curtain);
  return total;
}

/**
 * The yaku a seat holds with `cards` captured. Under `sakeCup: either` the sake cup counts
 * as whichever class gives the higher total; on a tie it stays an animal, its printed class.
 */
export function yakuOf(cards: readonly Card[], rules: YakuRules): YakuTally {
  return scoredAs(cards, rules).tally;
}

/** The yaku, and how the sake cup counted in them (the class `sakeCup: either` chose). */
export function scoredAs(cards: readonly Card[], rules: YakuRules): { tally: YakuTally; sakeAs: SakeAs } {
  const [lo, hi] = maskOf(cards);
  const sink: YakuRecord = { yaku: [], sakeAs: 'animal' };
  const total = yakuTotal(lo, hi, yakuRuleSet(rules.options), rules.round, rules.calledKoiKoi ?? false, sink);
  const yaku = sink.yaku.sort((a, b) => YAKU_ORDER.indexOf(a.id) - YAKU_ORDER.indexOf(b.id));
  return { tally: { yaku, total }, sakeAs: sink.sakeAs };
}

export const yakuIds = (t: YakuTally): string[] => t.yaku.map((y) => y.id);
