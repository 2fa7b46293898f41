/**
 * Koi-Koi yaku (docs/rules.md 4.3): the one definition, a function of a seat's captures as a
 * card-set mask (fast/bits.ts), the options and the round. Only the best bright yaku counts;
 * Akatan-Aotan replaces Akatan and Aotan; everything else adds up, extras counted in each yaku
 * that has them. The search's simulator calls `yakuTotal` on its words without a sink; the
 * public `yakuOf` passes a sink to learn which yaku scored.
 */
import type { Card } from '../../core/cards.js';
import { maskOf, monthNibble, popcount } from '../../fast/bits.js';
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

export type YakuOptions = Pick<
  KoiKoiOptions,
  'sakeCup' | 'viewing' | 'viewingBoth' | 'viewingSpoiled' | 'tsukiFuda' | 'sankoPoints' | 'setExtras' | 'akatanAotan' | 'viewingPoints'
>;

/** What the yaku rules need beside the cards. */
export interface YakuRules {
  readonly options: YakuOptions;
  /** The round number (1..): tsukiFuda's month is ((round − 1) mod 12) + 1. */
  readonly round: number;
  /** Whether the holder has called Koi-Koi this round (viewingPoints "one-or-three"); false when omitted. */
  readonly calledKoiKoi?: boolean;
}

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

const has = (lo: number, hi: number, c: Card): boolean => ((c < 32 ? lo >>> c : hi >>> (c - 32)) & 1) === 1;

/** Where the public path learns which yaku scored; the search passes null. */
export type YakuSink = ScoredYaku[] | null;

/** `points` of yaku `id`, recorded in the sink if there is one. */
function score(sink: YakuSink, id: KoiKoiYakuId, points: number): number {
  if (sink !== null) sink.push({ id, points });
  return points;
}

/**
 * The yaku total of captures (lo, hi) with the sake cup counted as an animal and/or a chaff,
 * each yaku that scores recorded in `sink`. `called`: the holder has called Koi-Koi.
 */
function evaluate(lo: number, hi: number, r: YakuRuleSet, round: number, called: boolean, sakeAnimal: boolean, sakeChaff: boolean, sink: YakuSink): number {
  let total = 0;
  // Yaku other than the viewing ones: "with-other-yaku" lets a viewing yaku count only beside one.
  let others = 0;
  const brights = popcount(lo & BRIGHT_LO) + popcount(hi & BRIGHT_HI);
  const rain = has(lo, hi, RAINMAN);
  if (brights === 5) total += score(sink, 'goko', GOKO);
  else if (brights === 4) total += rain ? score(sink, 'ame-shiko', AME_SHIKO) : score(sink, 'shiko', SHIKO);
  else if (brights === 3 && !rain) total += score(sink, 'sanko', r.sanko);
  if (total > 0) others++;
  const animals = popcount(lo & ANIMAL_LO) + popcount(hi & ANIMAL_HI) + (sakeAnimal ? 1 : 0);
  if ((lo & ISC_LO) === ISC_LO && (hi & ISC_HI) === ISC_HI) {
    total += score(sink, 'inoshikacho', r.setExtras ? ISC_BASE + animals : ISC);
    others++;
  }
  if (animals >= TANE_MIN) {
    total += score(sink, 'tane', TANE_BASE + animals);
    others++;
  }
  const ribbons = popcount(lo & RIBBON_LO) + popcount(hi & RIBBON_HI);
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
  const chaff = popcount(lo & CHAFF_LO) + popcount(hi & CHAFF_HI) + (sakeChaff ? 1 : 0);
  if (chaff >= KASU_MIN) {
    total += score(sink, 'kasu', KASU_BASE + chaff);
    others++;
  }
  if (r.tsukiFuda && monthNibble(lo, hi, roundMonth(round)) === 15) {
    total += score(sink, 'tsukifuda', TSUKIFUDA);
    others++;
  }
  // Viewing: Tsukimi-zake, Hanami-zake, or (viewingBoth) the two as one; nothing when spoiled. Under
  // viewingPoints "one-or-three" each scores 1 (3 after the holder's Koi-Koi), the joint one twice that.
  if (r.viewing === 1 || !has(lo, hi, SAKE)) return total;
  if (r.viewingSpoiled && (rain || has(lo, hi, LIGHTNING))) return total;
  if (r.viewing === 2 && others === 0) return total;
  const moon = has(lo, hi, MOON);
  const curtain = has(lo, hi, CURTAIN);
  const low = called ? LOW_VIEWING.after : LOW_VIEWING.before;
  if (r.viewingBoth && moon && curtain) return total + score(sink, 'tsukimi-hanami', r.lowViewing ? 2 * low : BOTH_VIEWING);
  if (moon) total += score(sink, 'tsukimi', r.lowViewing ? low : TSUKIMI);
  if (curtain) total += score(sink, 'hanami', r.lowViewing ? low : HANAMI);
  return total;
}

/**
 * The yaku total of captures (lo, hi). Under `sakeCup: either` the sake cup counts as
 * whichever class gives the higher total; on a tie it stays an animal, its printed class.
 */
export function yakuTotal(lo: number, hi: number, r: YakuRuleSet, round: number, called: boolean, sink: YakuSink): number {
  const sake = has(lo, hi, SAKE);
  if (r.sakeCup === 1 || !sake) return evaluate(lo, hi, r, round, called, sake, false, sink);
  if (r.sakeCup === 2) return evaluate(lo, hi, r, round, called, true, true, sink);
  const asAnimal = evaluate(lo, hi, r, round, called, true, false, null);
  const asChaff = evaluate(lo, hi, r, round, called, false, true, null);
  if (sink === null) return asChaff > asAnimal ? asChaff : asAnimal;
  return asChaff > asAnimal ? evaluate(lo, hi, r, round, called, false, true, sink) : evaluate(lo, hi, r, round, called, true, false, sink);
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
  const r = yakuRuleSet(rules.options);
  const called = rules.calledKoiKoi ?? false;
  const yaku: ScoredYaku[] = [];
  const total = yakuTotal(lo, hi, r, rules.round, called, yaku);
  yaku.sort((a, b) => YAKU_ORDER.indexOf(a.id) - YAKU_ORDER.indexOf(b.id));
  return { tally: { yaku, total }, sakeAs: sakeAsOf(lo, hi, r, rules.round, called) };
}

/** How the sake cup counted: as the option says, or under `either` the class that scored more. */
function sakeAsOf(lo: number, hi: number, r: YakuRuleSet, round: number, called: boolean): SakeAs {
  if (r.sakeCup !== 0) return r.sakeCup === 1 ? 'animal' : 'both';
  if (!has(lo, hi, SAKE)) return 'animal';
  return evaluate(lo, hi, r, round, called, false, true, null) > evaluate(lo, hi, r, round, called, true, false, null) ? 'chaff' : 'animal';
}

export const yakuIds = (t: YakuTally): string[] => t.yaku.map((y) => y.id);
