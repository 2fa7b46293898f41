/** Sakura's numbers (docs/rules.md §3): deal sizes, card values, yaku, team layouts. */
import { type Card, card } from '../../core/cards.js';

/** Cards dealt to each hand and to the field, by player count (docs/rules.md 3.2). */
export const DEAL: Readonly<Record<number, { hand: number; field: number }>> = {
  2: { hand: 8, field: 8 },
  3: { hand: 7, field: 6 },
  4: { hand: 5, field: 8 },
  5: { hand: 4, field: 8 },
  6: { hand: 3, field: 12 },
  7: { hand: 3, field: 6 },
};

const VALUE_20 = ['pine-crane', 'cherry-curtain', 'susuki-moon', 'paulownia-phoenix'];
const VALUE_10 = [
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
  'paulownia-yellow',
];
const VALUE_5 = [
  'plum-warbler',
  'wisteria-cuckoo',
  'iris-bridge',
  'peony-butterflies',
  'clover-boar',
  'susuki-geese',
  'chrysanthemum-sake',
  'maple-deer',
  'willow-rainman',
  'willow-swallow',
];

/** Card values (docs/rules.md 3.4); the deck totals 240. */
export const VALUES: readonly number[] = (() => {
  const values = new Array<number>(48).fill(0);
  for (const [ids, v] of [
    [VALUE_20, 20],
    [VALUE_10, 10],
    [VALUE_5, 5],
  ] as const)
    for (const id of ids) values[card(id)] = v;
  return values;
})();

export const DECK_POINTS = 240;
export const YAKU_PENALTY = 50;
export const CHU_MARGIN = 50;
export const BASA_MARGIN = 100;

export interface YakuDef {
  readonly id: string;
  readonly name: string;
  readonly cards: readonly Card[];
}

/** The eight yaku (docs/rules.md 3.5), three cards each; a card may count in two. */
export const YAKU: readonly YakuDef[] = [
  ['I', 'I (Drinking, Nomi)', ['cherry-curtain', 'susuki-moon', 'chrysanthemum-sake']],
  ['Ro', 'Ro (Spring, Omote Sugawara)', ['pine-crane', 'plum-warbler', 'cherry-curtain']],
  ['Ha', 'Ha (Akatan, poetry ribbons)', ['pine-poetry', 'plum-poetry', 'cherry-poetry']],
  ['Ni', 'Ni (Aotan, blue ribbons)', ['peony-blue', 'chrysanthemum-blue', 'maple-blue']],
  ['Ho', 'Ho', ['peony-butterflies', 'chrysanthemum-sake', 'maple-deer']],
  ['He', 'He (Kusatan, grass ribbons)', ['wisteria-ribbon', 'iris-ribbon', 'clover-ribbon']],
  ['To', 'To', ['wisteria-cuckoo', 'iris-bridge', 'clover-boar']],
  ['Chi', 'Chi (Inoshikagan, Boar-Deer-Geese)', ['clover-boar', 'susuki-geese', 'maple-deer']],
].map(([id, name, ids]) => ({ id: id as string, name: name as string, cards: (ids as string[]).map(card) }));

/** The team layouts of docs/rules.md 3.1, by player count: pairs sit opposite, trios alternate. */
export const TEAM_LAYOUTS: Readonly<
  Record<number, Readonly<Record<string, readonly (readonly number[])[]>>>
> = {
  4: {
    '2x2': [
      [0, 2],
      [1, 3],
    ],
  },
  6: {
    '3x2': [
      [0, 3],
      [1, 4],
      [2, 5],
    ],
    '2x3': [
      [0, 2, 4],
      [1, 3, 5],
    ],
  },
};
