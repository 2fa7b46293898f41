/**
 * The deck and the canonical card ids of docs/rules.md §1. A card is a small integer:
 * (month − 1) × 4 + rank, rank following the order of the ids in docs/rules.md, so sorting
 * by number sorts by month then by that order. The Nara blank is 48.
 */
export type Card = number;

export const MONTHS = [
  { month: 1, key: 'pine', en: 'Pine', ja: '松', jaReading: 'Matsu', theme: 'Sushi' },
  { month: 2, key: 'plum', en: 'Plum blossom', ja: '梅', jaReading: 'Ume', theme: 'ChiChi Dango' },
  { month: 3, key: 'cherry', en: 'Cherry blossom', ja: '桜', jaReading: 'Sakura', theme: 'Poke' },
  { month: 4, key: 'wisteria', en: 'Wisteria', ja: '藤', jaReading: 'Fuji', theme: 'Mango' },
  { month: 5, key: 'iris', en: 'Iris', ja: '菖蒲', jaReading: 'Ayame', theme: 'Sugarcane' },
  { month: 6, key: 'peony', en: 'Peony', ja: '牡丹', jaReading: 'Botan', theme: 'Shaved Ice' },
  { month: 7, key: 'clover', en: 'Bush clover', ja: '萩', jaReading: 'Hagi', theme: 'Lauu Boar' },
  { month: 8, key: 'susuki', en: 'Pampas grass', ja: '芒', jaReading: 'Susuki', theme: 'Saimin' },
  { month: 9, key: 'chrysanthemum', en: 'Chrysanthemum', ja: '菊', jaReading: 'Kiku', theme: 'Mixed Plate' },
  { month: 10, key: 'maple', en: 'Maple', ja: '紅葉', jaReading: 'Momiji', theme: 'Pineapple' },
  { month: 11, key: 'willow', en: 'Willow', ja: '柳', jaReading: 'Yanagi', theme: 'Fishes & Spam' },
  { month: 12, key: 'paulownia', en: 'Paulownia', ja: '桐', jaReading: 'Kiri', theme: 'Poi' },
] as const;

/** The standard (Koi-Koi, `003`) classes; Sakura and Nara value cards by their own tables. */
export type CardClass = 'bright' | 'animal' | 'ribbon' | 'chaff';
export type RibbonKind = 'poetry' | 'plain' | 'blue';

export interface CardInfo {
  readonly card: Card;
  readonly id: string;
  /** 1..12; 0 for the blank, which belongs to no month. */
  readonly month: number;
  readonly cls: CardClass | 'blank';
  readonly ribbon?: RibbonKind;
  readonly en: string;
  readonly ja: string;
}

type Row = readonly [suffix: string, cls: CardClass, en: string, ja: string, ribbon?: RibbonKind];

const CHAFF: Row = ['chaff', 'chaff', 'chaff', 'カス'];
/** Per month, the four cards in canonical order (a chaff row stands for `-chaff-1` and `-chaff-2`). */
const ROWS: readonly (readonly Row[])[] = [
  [
    ['crane', 'bright', 'Crane and sun', '松に鶴'],
    ['poetry', 'ribbon', 'Poetry ribbon', '松に赤短', 'poetry'],
    CHAFF,
  ],
  [
    ['warbler', 'animal', 'Bush warbler', '梅に鶯'],
    ['poetry', 'ribbon', 'Poetry ribbon', '梅に赤短', 'poetry'],
    CHAFF,
  ],
  [
    ['curtain', 'bright', 'Curtain', '桜に幕'],
    ['poetry', 'ribbon', 'Poetry ribbon', '桜に赤短', 'poetry'],
    CHAFF,
  ],
  [
    ['cuckoo', 'animal', 'Cuckoo', '藤に不如帰'],
    ['ribbon', 'ribbon', 'Red ribbon', '藤に短冊', 'plain'],
    CHAFF,
  ],
  [
    ['bridge', 'animal', 'Eight-plank bridge', '菖蒲に八橋'],
    ['ribbon', 'ribbon', 'Red ribbon', '菖蒲に短冊', 'plain'],
    CHAFF,
  ],
  [
    ['butterflies', 'animal', 'Butterflies', '牡丹に蝶'],
    ['blue', 'ribbon', 'Blue ribbon', '牡丹に青短', 'blue'],
    CHAFF,
  ],
  [['boar', 'animal', 'Boar', '萩に猪'], ['ribbon', 'ribbon', 'Red ribbon', '萩に短冊', 'plain'], CHAFF],
  [['moon', 'bright', 'Full moon', '芒に月'], ['geese', 'animal', 'Geese', '芒に雁'], CHAFF],
  [['sake', 'animal', 'Sake cup', '菊に盃'], ['blue', 'ribbon', 'Blue ribbon', '菊に青短', 'blue'], CHAFF],
  [['deer', 'animal', 'Deer', '紅葉に鹿'], ['blue', 'ribbon', 'Blue ribbon', '紅葉に青短', 'blue'], CHAFF],
  [
    ['rainman', 'bright', 'Rain man', '柳に小野道風'],
    ['swallow', 'animal', 'Swallow', '柳に燕'],
    ['ribbon', 'ribbon', 'Red ribbon', '柳に短冊', 'plain'],
    ['lightning', 'chaff', 'Lightning (Gaji)', '柳に雷'],
  ],
  [
    ['phoenix', 'bright', 'Phoenix', '桐に鳳凰'],
    ['yellow', 'chaff', 'Chaff (yellow)', '桐のカス (黄)'],
    CHAFF,
  ],
];

function buildDeck(): CardInfo[] {
  const deck: CardInfo[] = [];
  for (const { month, key, en: monthEn, ja: monthJa } of MONTHS) {
    const rows = ROWS[month - 1];
    for (const [suffix, cls, en, ja, ribbon] of rows) {
      const copies = suffix === 'chaff' ? [1, 2] : [0];
      for (const n of copies) {
        const id = n === 0 ? `${key}-${suffix}` : `${key}-${suffix}-${n}`;
        const fullJa = suffix === 'chaff' ? `${monthJa}の${ja}` : ja;
        deck.push({ card: deck.length, id, month, cls, ribbon, en: `${monthEn}: ${en}`, ja: fullJa });
      }
    }
  }
  deck.push({ card: 48, id: 'blank', month: 0, cls: 'blank', en: 'Blank card', ja: '白札' });
  return deck;
}

export const CARDS: readonly CardInfo[] = buildDeck();
export const BLANK: Card = 48;
/** The 48 cards of a standard deck (Sakura, Koi-Koi). */
export const STANDARD_DECK: readonly Card[] = CARDS.slice(0, 48).map((c) => c.card);
/** The 49 cards of Nara Hana-awase. */
export const NARA_DECK: readonly Card[] = CARDS.map((c) => c.card);

const BY_ID = new Map(CARDS.map((c) => [c.id, c.card]));

export const cardId = (card: Card): string => CARDS[card].id;
export const cardById = (id: string): Card | undefined => BY_ID.get(id);
export const monthOf = (card: Card): number => (card === BLANK ? 0 : (card >> 2) + 1);
export const classOf = (card: Card): CardClass | 'blank' => CARDS[card].cls;
/** The four cards of month 1..12. */
export const cardsOfMonth = (month: number): Card[] => [0, 1, 2, 3].map((k) => (month - 1) * 4 + k);

/** Cards by id; `card('pine-crane')` for tables that name cards. Throws on a typo in a table. */
export function card(id: string): Card {
  const c = BY_ID.get(id);
  if (c === undefined) throw new Error(`unknown card id in a table: ${id}`);
  return c;
}

export const GAJI: Card = card('willow-lightning');

export const sortCards = (cards: readonly Card[]): Card[] => cards.slice().sort((a, b) => a - b);
export const cardIds = (cards: readonly Card[]): string[] => sortCards(cards).map(cardId);

/**
 * Two cards are interchangeable in play when they are the two plain chaff of one month
 * (docs/rules.md §1); a choice between them is no real decision.
 */
export function interchangeable(a: Card, b: Card): boolean {
  return monthOf(a) === monthOf(b) && isPlainChaff(a) && isPlainChaff(b);
}
const isPlainChaff = (c: Card): boolean => CARDS[c].id.includes('-chaff-');
