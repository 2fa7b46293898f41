/** Koi-Koi's numbers (docs/rules.md §4): the card groups the yaku name, the yaku and their points. */
import { type Card, STANDARD_DECK, card, classOf } from '../../core/cards.js';

const cards = (ids: readonly string[]): readonly Card[] => ids.map(card);

/** The five brights (docs/rules.md §1, standard classes). */
export const BRIGHTS = cards([
  'pine-crane',
  'cherry-curtain',
  'susuki-moon',
  'willow-rainman',
  'paulownia-phoenix',
]);
export const RAINMAN = card('willow-rainman');
export const MOON = card('susuki-moon');
export const CURTAIN = card('cherry-curtain');
/** The sake cup: an animal that may also count as a chaff (option `sakeCup`). */
export const SAKE = card('chrysanthemum-sake');
export const LIGHTNING = card('willow-lightning');

/** The nine animals, the sake cup included. */
export const ANIMALS = STANDARD_DECK.filter((c) => classOf(c) === 'animal');
export const INOSHIKACHO = cards(['clover-boar', 'maple-deer', 'peony-butterflies']);
/** The ten ribbons. */
export const RIBBONS = STANDARD_DECK.filter((c) => classOf(c) === 'ribbon');
export const POETRY = cards(['pine-poetry', 'plum-poetry', 'cherry-poetry']);
export const BLUE = cards(['peony-blue', 'chrysanthemum-blue', 'maple-blue']);
/** The 24 chaff, the lightning and the yellow paulownia included. */
export const CHAFF = STANDARD_DECK.filter((c) => classOf(c) === 'chaff');

export type YakuFamily = 'bright' | 'animal' | 'ribbon' | 'chaff' | 'viewing' | 'month' | 'special';

export interface YakuDef {
  readonly id: string;
  readonly name: string;
  readonly ja: string;
  readonly family: YakuFamily;
  /** Points for the minimum. */
  readonly points: number;
  /** "+1 per extra": cards of the family needed before extras count (0: no extras). */
  readonly minimum: number;
}

/**
 * The yaku of docs/rules.md §4.3 in its order, then the round's special events that score
 * (teshi, kuttsuki §4.1; oya-ken §4.4). Lists of yaku are given in this order.
 */
export const YAKU = [
  { id: 'goko', name: 'Goko (five brights)', ja: '五光', family: 'bright', points: 10, minimum: 0 },
  { id: 'shiko', name: 'Shiko (four brights)', ja: '四光', family: 'bright', points: 8, minimum: 0 },
  {
    id: 'ame-shiko',
    name: 'Ame-Shiko (rainy four brights)',
    ja: '雨四光',
    family: 'bright',
    points: 7,
    minimum: 0,
  },
  { id: 'sanko', name: 'Sanko (three brights)', ja: '三光', family: 'bright', points: 6, minimum: 0 },
  {
    id: 'inoshikacho',
    name: 'Ino-Shika-Cho (boar, deer, butterflies)',
    ja: '猪鹿蝶',
    family: 'animal',
    points: 5,
    minimum: 3,
  },
  { id: 'tane', name: 'Tane (five animals)', ja: 'タネ', family: 'animal', points: 1, minimum: 5 },
  {
    id: 'akatan-aotan',
    name: 'Akatan-Aotan (poetry and blue ribbons)',
    ja: '赤短・青短の重複',
    family: 'ribbon',
    points: 10,
    minimum: 6,
  },
  { id: 'akatan', name: 'Akatan (poetry ribbons)', ja: '赤短', family: 'ribbon', points: 5, minimum: 3 },
  { id: 'aotan', name: 'Aotan (blue ribbons)', ja: '青短', family: 'ribbon', points: 5, minimum: 3 },
  { id: 'tanzaku', name: 'Tanzaku (five ribbons)', ja: '短冊', family: 'ribbon', points: 1, minimum: 5 },
  { id: 'kasu', name: 'Kasu (ten chaff)', ja: 'カス', family: 'chaff', points: 1, minimum: 10 },
  {
    id: 'tsukimi',
    name: 'Tsukimi-zake (moon viewing)',
    ja: '月見酒',
    family: 'viewing',
    points: 5,
    minimum: 0,
  },
  {
    id: 'hanami',
    name: 'Hanami-zake (blossom viewing)',
    ja: '花見酒',
    family: 'viewing',
    points: 5,
    minimum: 0,
  },
  {
    id: 'tsukimi-hanami',
    name: 'Viewing blossoms in the moonlight',
    ja: '月見・花見',
    family: 'viewing',
    points: 10,
    minimum: 0,
  },
  {
    id: 'tsukifuda',
    name: "Tsuki-fuda (the round's month)",
    ja: '月札',
    family: 'month',
    points: 4,
    minimum: 0,
  },
  {
    id: 'teshi',
    name: 'Teshi (four of a month in hand)',
    ja: '手四',
    family: 'special',
    points: 6,
    minimum: 0,
  },
  {
    id: 'kuttsuki',
    name: 'Kuttsuki (four pairs in hand)',
    ja: 'くっつき',
    family: 'special',
    points: 6,
    minimum: 0,
  },
  {
    id: 'oyaken',
    name: "Oya-Ken (dealer's privilege)",
    ja: '親権',
    family: 'special',
    points: 6,
    minimum: 0,
  },
] as const satisfies readonly YakuDef[];

export type KoiKoiYakuId = (typeof YAKU)[number]['id'];

/** The yaku made of one fixed set of cards, with that set (the others count cards of a class). */
export const YAKU_SETS: Readonly<Partial<Record<KoiKoiYakuId, readonly Card[]>>> = {
  inoshikacho: INOSHIKACHO,
  akatan: POETRY,
  aotan: BLUE,
  tsukimi: [MOON, SAKE],
  hanami: [CURTAIN, SAKE],
};

/** The yaku that count the cards of a class, with those cards and how many make the yaku. */
export const YAKU_COUNTS: Readonly<
  Partial<Record<KoiKoiYakuId, { readonly cards: readonly Card[]; readonly need: number }>>
> = {
  sanko: { cards: BRIGHTS, need: 3 },
  tane: { cards: ANIMALS, need: 5 },
  tanzaku: { cards: RIBBONS, need: 5 },
  kasu: { cards: CHAFF, need: 10 },
};

export const yakuDef = (id: KoiKoiYakuId): YakuDef => YAKU.find((y) => y.id === id)!;
export const YAKU_ORDER: readonly KoiKoiYakuId[] = YAKU.map((y) => y.id);

/** Teshi, kuttsuki and oya-ken all score 6 (docs/rules.md 4.1, 4.4). */
export const HAND_CHECK_POINTS = 6;
export const OYAKEN_POINTS = 6;
/** A total of this much or more is doubled under `sevenDouble`. */
export const SEVEN = 7;
/** koiKoiBonus "own-calls" (KoiKoi Japan): 1–3 calls add these points; 4, 5, 6, 7 or more calls multiply by these. */
export const OWN_CALL_ADDS = [1, 2, 3] as const;
export const OWN_CALL_TIMES = [2, 3, 4, 5] as const;
/** handsOut "dealer-one" (KoiKoi Japan): what the dealer takes when the hands run out. */
export const DEALER_ONE_POINTS = 1;
