/** Nara Hana-awase's numbers (docs/rules.md §5): the deal, card values, yaku, payments and the bankroll. */
import { BLANK, type Card, card } from '../../core/cards.js';

/** The source (004) gives a setup for four players only. */
export const PLAYERS = 4;

/**
 * The deal (docs/rules.md 5.1): packets to the field, or to each of each player's two piles
 * (from the dealer's right in turn order, the dealer last). 9 on the field, two piles of 5.
 */
export const DEAL_STEPS: readonly { readonly to: 'field' | 'piles'; readonly count: number }[] = [
  { to: 'field', count: 3 },
  { to: 'piles', count: 3 },
  { to: 'field', count: 3 },
  { to: 'piles', count: 2 },
  { to: 'field', count: 3 },
];

/** Turns per player in a round: one per hand card. */
export const TURNS = 5;

const VALUE_30 = [
  'pine-crane',
  'plum-warbler',
  'cherry-curtain',
  'wisteria-cuckoo',
  'iris-bridge',
  'peony-butterflies',
  'clover-boar',
  'susuki-moon',
  'chrysanthemum-sake',
  'maple-deer',
  'willow-rainman',
  'paulownia-phoenix',
];
const VALUE_20 = [
  'pine-poetry',
  'plum-poetry',
  'cherry-poetry',
  'wisteria-ribbon',
  'iris-ribbon',
  'peony-blue',
  'clover-ribbon',
  'chrysanthemum-blue',
  'maple-blue',
  'willow-ribbon',
  'susuki-geese',
  'paulownia-yellow',
];
export const BLANK_VALUE = 40;

/** Card values (docs/rules.md 5.4), indexed by card; every other card is chaff (0). */
export const VALUES: readonly number[] = (() => {
  const values = new Array<number>(49).fill(0);
  for (const [ids, v] of [
    [VALUE_30, 30],
    [VALUE_20, 20],
  ] as const)
    for (const id of ids) values[card(id)] = v;
  values[BLANK] = BLANK_VALUE;
  return values;
})();

export const DECK_POINTS = 640;
/** Each player's fair share of the deck: card score = captured value − BASE. */
export const BASE = 160;

/** Chaff: worth nothing (the blank is worth 40, so never chaff). */
export const isChaff = (c: Card): boolean => VALUES[c] === 0;
/** A scoring card: any card worth points, the blank included. */
export const isScoring = (c: Card): boolean => VALUES[c] > 0;

export interface YakuDef {
  readonly id: string;
  readonly name: string;
  readonly value: number;
  readonly cards: readonly Card[];
  /** Void when the holder captured any card of this month (Tsukimi and willow). */
  readonly voidWithMonth?: number;
}

const WILLOW = 11;

/** The seven yaku (docs/rules.md 5.4), all cumulative; each other player pays the value to the holder. */
export const YAKU: readonly YakuDef[] = [
  {
    id: 'upper-dango',
    name: 'Upper Dango (uwa-dango)',
    value: 100,
    ids: ['pine-crane', 'plum-warbler', 'cherry-curtain'],
  },
  {
    id: 'lower-dango',
    name: 'Lower Dango (shimo-dango)',
    value: 50,
    ids: ['pine-poetry', 'plum-poetry', 'cherry-poetry'],
  },
  {
    id: 'inoshikacho',
    name: 'Ino-Shika-Cho (boar, deer, butterflies)',
    value: 30,
    ids: ['clover-boar', 'maple-deer', 'peony-butterflies'],
  },
  {
    id: 'aotan',
    name: 'Aotan (blue ribbons)',
    value: 30,
    ids: ['peony-blue', 'chrysanthemum-blue', 'maple-blue'],
  },
  {
    id: 'tsukimi',
    name: 'Tsukimi de ippai (moon and sake)',
    value: 30,
    ids: ['susuki-moon', 'chrysanthemum-sake'],
    voidWithMonth: WILLOW,
  },
  {
    id: 'fujishima',
    name: 'Fujishima (four wisteria)',
    value: 30,
    ids: ['wisteria-cuckoo', 'wisteria-ribbon', 'wisteria-chaff-1', 'wisteria-chaff-2'],
  },
  {
    id: 'kirishima',
    name: 'Kirishima (four paulownia)',
    value: 30,
    ids: ['paulownia-phoenix', 'paulownia-yellow', 'paulownia-chaff-1', 'paulownia-chaff-2'],
  },
].map(({ ids, ...rest }) => ({ ...rest, cards: ids.map(card) }));

/** The special hands (docs/rules.md 5.4): each other player pays the holder; they void card scores and yaku. */
export const SPECIAL_HANDS = { 'all-chaff': 100, 'one-twenty': 50 } as const;
export type SpecialHand = keyof typeof SPECIAL_HANDS;

/** The bankroll (docs/rules.md 5.1): 1000 each, as 20 beans of 10 and 8 sticks of 100. */
export const BANKROLL = { start: 1000, bean: 10, stick: 100, startBeans: 20, startSticks: 8 } as const;
