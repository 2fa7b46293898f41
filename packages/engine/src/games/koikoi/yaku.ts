/**
 * Koi-Koi yaku (docs/rules.md 4.3): a pure function of a seat's captures, the options and the
 * round's month. Only the best bright yaku counts; Akatan-Aotan replaces Akatan and Aotan;
 * everything else adds up, extras counted in each yaku that has them.
 */
import { type Card, cardsOfMonth } from '../../core/cards.js';
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
    'sakeCup' | 'viewing' | 'viewingBoth' | 'viewingSpoiled' | 'tsukiFuda' | 'sankoPoints' | 'setExtras' | 'akatanAotan' | 'viewingPoints'
  >;
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

const tally = (yaku: ScoredYaku[]): YakuTally => ({
  yaku: yaku.sort((a, b) => YAKU_ORDER.indexOf(a.id) - YAKU_ORDER.indexOf(b.id)),
  total: yaku.reduce((n, y) => n + y.points, 0),
});

/** A yaku at its table points plus one per card of its family beyond the minimum (`count` undefined: no extras). */
function scored(id: KoiKoiYakuId, count?: number): ScoredYaku {
  const def = yakuDef(id);
  return { id, points: def.points + (def.minimum > 0 && count !== undefined ? count - def.minimum : 0) };
}

/** The three-card sets (Ino-Shika-Cho, Akatan, Aotan, the two together) count extras only under setExtras. */
const setCount = (options: YakuRules['options'], n: number): number | undefined => (options.setExtras ? n : undefined);

function brightYaku(held: Set<Card>, options: YakuRules['options']): ScoredYaku[] {
  const n = BRIGHTS.filter((c) => held.has(c)).length;
  const rain = held.has(RAINMAN);
  if (n === 5) return [scored('goko')];
  if (n === 4) return [scored(rain ? 'ame-shiko' : 'shiko')];
  if (n === 3 && !rain) return [{ id: 'sanko', points: options.sankoPoints }];
  return [];
}

function animalYaku(held: Set<Card>, sakeAs: SakeAs, options: YakuRules['options']): ScoredYaku[] {
  const sakeIsAnimal = held.has(SAKE) && sakeAs !== 'chaff';
  const n = ANIMALS.filter((c) => c !== SAKE && held.has(c)).length + (sakeIsAnimal ? 1 : 0);
  const out: ScoredYaku[] = [];
  if (INOSHIKACHO.every((c) => held.has(c))) out.push(scored('inoshikacho', setCount(options, n)));
  if (n >= 5) out.push(scored('tane', n));
  return out;
}

function ribbonYaku(held: Set<Card>, options: YakuRules['options']): ScoredYaku[] {
  const n = RIBBONS.filter((c) => held.has(c)).length;
  const aka = POETRY.every((c) => held.has(c));
  const ao = BLUE.every((c) => held.has(c));
  const count = setCount(options, n);
  const out: ScoredYaku[] = [];
  if (aka && ao) out.push(scored('akatan-aotan', count));
  // akatanAotan "adds": the two sets keep their own 5 beside the joint 10 (KoiKoi Japan).
  if (aka && (!ao || options.akatanAotan === 'adds')) out.push(scored('akatan', count));
  if (ao && (!aka || options.akatanAotan === 'adds')) out.push(scored('aotan', count));
  if (n >= 5) out.push(scored('tanzaku', n));
  return out;
}

function chaffYaku(held: Set<Card>, sakeAs: SakeAs): ScoredYaku[] {
  const n = CHAFF.filter((c) => held.has(c)).length + (held.has(SAKE) && sakeAs !== 'animal' ? 1 : 0);
  return n >= 10 ? [scored('kasu', n)] : [];
}

/**
 * Tsukimi-zake, Hanami-zake, or (viewingBoth) the two as one; nothing when spoiled. Under
 * viewingPoints "one-or-three" each scores 1 (3 after the holder's Koi-Koi), the joint one twice that.
 */
function viewingYaku(held: Set<Card>, rules: YakuRules): ScoredYaku[] {
  const { options } = rules;
  if (options.viewing === 'off' || !held.has(SAKE)) return [];
  if (options.viewingSpoiled && (held.has(RAINMAN) || held.has(LIGHTNING))) return [];
  const moon = held.has(MOON);
  const curtain = held.has(CURTAIN);
  const low = rules.calledKoiKoi ? LOW_VIEWING.after : LOW_VIEWING.before;
  const points = (id: 'tsukimi' | 'hanami' | 'tsukimi-hanami'): ScoredYaku =>
    options.viewingPoints === 'five' ? scored(id) : { id, points: id === 'tsukimi-hanami' ? 2 * low : low };
  if (options.viewingBoth && moon && curtain) return [points('tsukimi-hanami')];
  return [...(moon ? [points('tsukimi')] : []), ...(curtain ? [points('hanami')] : [])];
}

function evaluate(held: Set<Card>, rules: YakuRules, sakeAs: SakeAs): YakuTally {
  const { options } = rules;
  const others = [...brightYaku(held, options), ...animalYaku(held, sakeAs, options), ...ribbonYaku(held, options), ...chaffYaku(held, sakeAs)];
  if (options.tsukiFuda && cardsOfMonth(roundMonth(rules.round)).every((c) => held.has(c))) others.push(scored('tsukifuda'));
  const viewing = viewingYaku(held, rules);
  // with-other-yaku: a viewing yaku counts only beside a yaku that is not a viewing yaku.
  const viewingCounts = options.viewing !== 'with-other-yaku' || others.length > 0;
  return tally([...others, ...(viewingCounts ? viewing : [])]);
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
  const held = new Set(cards);
  switch (rules.options.sakeCup) {
    case 'animal':
      return { tally: evaluate(held, rules, 'animal'), sakeAs: 'animal' };
    case 'both':
      return { tally: evaluate(held, rules, 'both'), sakeAs: 'both' };
    case 'either': {
      const asAnimal = evaluate(held, rules, 'animal');
      if (!held.has(SAKE)) return { tally: asAnimal, sakeAs: 'animal' };
      const asChaff = evaluate(held, rules, 'chaff');
      return asChaff.total > asAnimal.total ? { tally: asChaff, sakeAs: 'chaff' } : { tally: asAnimal, sakeAs: 'animal' };
    }
  }
}

export const yakuIds = (t: YakuTally): string[] => t.yaku.map((y) => y.id);
