/** The Koi-Koi yaku tables (docs/rules.md §1 classes, §4.3 yaku), card by card. */
import { describe, expect, it } from 'vitest';
import { type Card, STANDARD_DECK, card, cardId, cardsOfMonth } from '../../src/index.js';
import { KOIKOI_OPTIONS } from '../../src/games/koikoi/options.js';
import {
  ANIMALS,
  BLUE,
  BRIGHTS,
  CHAFF,
  INOSHIKACHO,
  POETRY,
  RIBBONS,
  YAKU,
} from '../../src/games/koikoi/tables.js';
import { type YakuRules, roundMonth, yakuOf } from '../../src/games/koikoi/yaku.js';
import { validateOptions } from '../../src/core/options.js';

const defaults = validateOptions(KOIKOI_OPTIONS, {});
if (!defaults.ok) throw new Error('defaults');
const rules = (options: Partial<YakuRules['options']> = {}, round = 1): YakuRules => ({
  options: { ...defaults.value, ...options },
  round,
});
const ids = (list: readonly Card[]) => list.map(cardId);
const score = (cards: readonly string[], r: YakuRules = rules()) => {
  const t = yakuOf(cards.map(card), r);
  return { yaku: t.yaku.map((y) => `${y.id}:${y.points}`), total: t.total };
};

describe('card classes (docs/rules.md §1, standard classes)', () => {
  it('five brights', () =>
    expect(ids(BRIGHTS).sort()).toEqual([
      'cherry-curtain',
      'paulownia-phoenix',
      'pine-crane',
      'susuki-moon',
      'willow-rainman',
    ]));
  it('nine animals', () =>
    expect(ids(ANIMALS)).toEqual([
      'plum-warbler',
      'wisteria-cuckoo',
      'iris-bridge',
      'peony-butterflies',
      'clover-boar',
      'susuki-geese',
      'chrysanthemum-sake',
      'maple-deer',
      'willow-swallow',
    ]));
  it('ten ribbons: three poetry, four plain, three blue', () => {
    expect(ids(RIBBONS)).toEqual([
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
    ]);
    expect(ids(POETRY)).toEqual(['pine-poetry', 'plum-poetry', 'cherry-poetry']);
    expect(ids(BLUE)).toEqual(['peony-blue', 'chrysanthemum-blue', 'maple-blue']);
  });
  it('24 chaff, the lightning and the yellow paulownia included', () => {
    expect(CHAFF).toHaveLength(24);
    expect(ids(CHAFF)).toContain('willow-lightning');
    expect(ids(CHAFF)).toContain('paulownia-yellow');
    expect(ids(CHAFF).filter((id) => id.includes('-chaff-'))).toHaveLength(22);
  });
  it('the four classes partition the deck', () =>
    expect([...BRIGHTS, ...ANIMALS, ...RIBBONS, ...CHAFF].sort((a, b) => a - b)).toEqual([...STANDARD_DECK]));
  it('ino-shika-cho is boar, deer, butterflies', () =>
    expect(ids(INOSHIKACHO).sort()).toEqual(['clover-boar', 'maple-deer', 'peony-butterflies']));
});

describe('yaku table (docs/rules.md 4.3)', () => {
  it.each([
    ['goko', 10],
    ['shiko', 8],
    ['ame-shiko', 7],
    ['sanko', 6],
    ['inoshikacho', 5],
    ['tane', 1],
    ['akatan-aotan', 10],
    ['akatan', 5],
    ['aotan', 5],
    ['tanzaku', 1],
    ['kasu', 1],
    ['tsukimi', 5],
    ['hanami', 5],
    ['tsukimi-hanami', 10],
    ['tsukifuda', 4],
    ['teshi', 6],
    ['kuttsuki', 6],
    ['oyaken', 6],
  ])('%s scores %i', (id, points) => expect(YAKU.find((y) => y.id === id)?.points).toBe(points));
  it('has no other yaku', () => expect(YAKU).toHaveLength(18));
});

/** Each yaku's minimal cards: the set scores exactly that yaku, and without any one card it is gone. */
const MINIMAL: [string, string[], Partial<YakuRules['options']>?][] = [
  ['goko', ['pine-crane', 'cherry-curtain', 'susuki-moon', 'willow-rainman', 'paulownia-phoenix']],
  ['shiko', ['pine-crane', 'cherry-curtain', 'susuki-moon', 'paulownia-phoenix']],
  ['ame-shiko', ['pine-crane', 'cherry-curtain', 'susuki-moon', 'willow-rainman']],
  ['sanko', ['pine-crane', 'cherry-curtain', 'paulownia-phoenix']],
  ['inoshikacho', ['clover-boar', 'maple-deer', 'peony-butterflies']],
  ['tane', ['plum-warbler', 'wisteria-cuckoo', 'iris-bridge', 'susuki-geese', 'willow-swallow']],
  ['akatan', ['pine-poetry', 'plum-poetry', 'cherry-poetry']],
  ['aotan', ['peony-blue', 'chrysanthemum-blue', 'maple-blue']],
  ['tanzaku', ['wisteria-ribbon', 'iris-ribbon', 'clover-ribbon', 'willow-ribbon', 'pine-poetry']],
  [
    'kasu',
    [
      'pine-chaff-1',
      'pine-chaff-2',
      'plum-chaff-1',
      'plum-chaff-2',
      'cherry-chaff-1',
      'cherry-chaff-2',
      'iris-chaff-1',
      'iris-chaff-2',
      'willow-lightning',
      'paulownia-yellow',
    ],
  ],
  ['tsukimi', ['susuki-moon', 'chrysanthemum-sake']],
  ['hanami', ['cherry-curtain', 'chrysanthemum-sake']],
  ['tsukimi-hanami', ['susuki-moon', 'cherry-curtain', 'chrysanthemum-sake'], { viewingBoth: true }],
  ['tsukifuda', ['pine-crane', 'pine-poetry', 'pine-chaff-1', 'pine-chaff-2'], { tsukiFuda: true }],
];

describe('each yaku, card by card', () => {
  for (const [id, cards, options] of MINIMAL) {
    const points = YAKU.find((y) => y.id === id)!.points;
    it(`${id}: exactly its cards score ${points}`, () =>
      expect(score(cards, rules(options))).toEqual({ yaku: [`${id}:${points}`], total: points }));
    for (const missing of cards) {
      it(`${id}: without ${missing} it is gone`, () => {
        const rest = score(
          cards.filter((c) => c !== missing),
          rules(options),
        );
        expect(rest.yaku.some((y) => y.startsWith(`${id}:`))).toBe(false);
      });
    }
  }
});

describe('+1 per card beyond the minimum, card by card', () => {
  const extras: [string, string[], readonly Card[]][] = [
    ['inoshikacho', ['clover-boar', 'maple-deer', 'peony-butterflies'], ANIMALS],
    ['tane', ['plum-warbler', 'wisteria-cuckoo', 'iris-bridge', 'susuki-geese', 'willow-swallow'], ANIMALS],
    ['akatan', ['pine-poetry', 'plum-poetry', 'cherry-poetry'], RIBBONS.filter((c) => !BLUE.includes(c))],
    ['aotan', ['peony-blue', 'chrysanthemum-blue', 'maple-blue'], RIBBONS.filter((c) => !POETRY.includes(c))],
    ['tanzaku', ['wisteria-ribbon', 'iris-ribbon', 'clover-ribbon', 'willow-ribbon', 'pine-poetry'], RIBBONS],
    [
      'kasu',
      [
        'pine-chaff-1',
        'pine-chaff-2',
        'plum-chaff-1',
        'plum-chaff-2',
        'cherry-chaff-1',
        'cherry-chaff-2',
        'iris-chaff-1',
        'iris-chaff-2',
        'willow-lightning',
        'paulownia-yellow',
      ],
      CHAFF,
    ],
  ];
  for (const [id, base, family] of extras) {
    const points = YAKU.find((y) => y.id === id)!.points;
    for (const extra of family.map(cardId).filter((c) => !base.includes(c))) {
      it(`${id} + ${extra} = ${points + 1}`, () => {
        const found = score([...base, extra], rules({ sakeCup: 'animal' })).yaku.find((y) =>
          y.startsWith(`${id}:`),
        );
        expect(found).toBe(`${id}:${points + 1}`);
      });
    }
  }
});

describe('family rules', () => {
  it('only the best bright yaku counts', () => {
    expect(
      score(['pine-crane', 'cherry-curtain', 'susuki-moon', 'willow-rainman', 'paulownia-phoenix']).yaku,
    ).toEqual(['goko:10']);
    expect(score(['pine-crane', 'cherry-curtain', 'susuki-moon', 'willow-rainman']).yaku).toEqual([
      'ame-shiko:7',
    ]);
  });
  it('three brights with the rain man are no yaku, whichever three', () => {
    for (const pair of [
      ['pine-crane', 'susuki-moon'],
      ['cherry-curtain', 'paulownia-phoenix'],
      ['pine-crane', 'paulownia-phoenix'],
    ]) {
      expect(score([...pair, 'willow-rainman']).total).toBe(0);
    }
  });
  it('akatan-aotan replaces akatan and aotan', () =>
    expect(score([...ids(POETRY), ...ids(BLUE)]).yaku).toEqual(['akatan-aotan:10', 'tanzaku:2']));
  it('the docs/rules.md example: ino-shika-cho 5 + 3 and tane 1 + 1, total 10', () =>
    expect(
      score([
        'clover-boar',
        'maple-deer',
        'peony-butterflies',
        'plum-warbler',
        'wisteria-cuckoo',
        'susuki-geese',
      ]),
    ).toEqual({
      yaku: ['inoshikacho:8', 'tane:2'],
      total: 10,
    }));
  it('everything else adds up', () =>
    expect(
      score([
        'pine-crane',
        'cherry-curtain',
        'paulownia-phoenix',
        'susuki-moon',
        'chrysanthemum-sake',
        'pine-poetry',
        'plum-poetry',
        'cherry-poetry',
      ]).yaku,
    ).toEqual(['shiko:8', 'akatan:5', 'tsukimi:5', 'hanami:5']));
});

describe('options', () => {
  const sakeCards = [
    'plum-warbler',
    'wisteria-cuckoo',
    'iris-bridge',
    'chrysanthemum-sake',
    'pine-chaff-1',
    'pine-chaff-2',
    'plum-chaff-1',
    'plum-chaff-2',
    'cherry-chaff-1',
    'cherry-chaff-2',
    'iris-chaff-1',
    'iris-chaff-2',
    'willow-lightning',
  ];
  it('sakeCup either: the class that scores more', () => expect(score(sakeCards).yaku).toEqual(['kasu:1']));
  it('sakeCup animal', () => expect(score(sakeCards, rules({ sakeCup: 'animal' })).total).toBe(0));
  it('sakeCup both', () =>
    expect(score([...sakeCards, 'susuki-geese'], rules({ sakeCup: 'both' })).yaku).toEqual([
      'tane:1',
      'kasu:1',
    ]));
  it('viewing off / with-other-yaku / spoiled', () => {
    expect(score(['susuki-moon', 'chrysanthemum-sake'], rules({ viewing: 'off' })).total).toBe(0);
    expect(score(['susuki-moon', 'chrysanthemum-sake'], rules({ viewing: 'with-other-yaku' })).total).toBe(0);
    expect(
      score(['susuki-moon', 'chrysanthemum-sake', 'cherry-curtain'], rules({ viewing: 'with-other-yaku' }))
        .total,
    ).toBe(0);
    expect(
      score(
        ['susuki-moon', 'chrysanthemum-sake', 'pine-crane', 'cherry-curtain'],
        rules({ viewing: 'with-other-yaku' }),
      ).yaku,
    ).toEqual(['sanko:6', 'tsukimi:5', 'hanami:5']);
    expect(
      score(['susuki-moon', 'chrysanthemum-sake', 'willow-lightning'], rules({ viewingSpoiled: true })).total,
    ).toBe(0);
  });
  it('tsukifuda: round N is month ((N - 1) mod 12) + 1', () => {
    expect([1, 2, 12, 13, 24, 25].map(roundMonth)).toEqual([1, 2, 12, 1, 12, 1]);
    for (let round = 1; round <= 24; round++) {
      const month = roundMonth(round);
      expect(score(ids(cardsOfMonth(month)), rules({ tsukiFuda: true }, round)).yaku).toContain(
        'tsukifuda:4',
      );
      const next = (month % 12) + 1;
      expect(score(ids(cardsOfMonth(next)), rules({ tsukiFuda: true }, round)).yaku).not.toContain(
        'tsukifuda:4',
      );
    }
  });
});

describe('KoiKoi Japan yaku options (docs/rules.md 4.3)', () => {
  const japan = {
    sankoPoints: 5,
    setExtras: false,
    akatanAotan: 'adds',
    viewingPoints: 'one-or-three',
  } as const;
  it('sankoPoints: three brights without the rain man score 5', () =>
    expect(score(['pine-crane', 'cherry-curtain', 'susuki-moon'], rules({ sankoPoints: 5 }))).toEqual({
      yaku: ['sanko:5'],
      total: 5,
    }));
  it('setExtras off: Ino-Shika-Cho is a flat 5 beside Tane with its extras', () =>
    expect(
      score(
        ['clover-boar', 'maple-deer', 'peony-butterflies', 'plum-warbler', 'iris-bridge', 'susuki-geese'],
        rules({ setExtras: false }),
      ),
    ).toEqual({
      yaku: ['inoshikacho:5', 'tane:2'],
      total: 7,
    }));
  it('setExtras off: Akatan with two more ribbons is a flat 5, Tanzaku keeps its extra', () =>
    expect(
      score(
        ['pine-poetry', 'plum-poetry', 'cherry-poetry', 'iris-ribbon', 'willow-ribbon'],
        rules({ setExtras: false }),
      ),
    ).toEqual({
      yaku: ['akatan:5', 'tanzaku:1'],
      total: 6,
    }));
  const sixRibbons = [
    'pine-poetry',
    'plum-poetry',
    'cherry-poetry',
    'peony-blue',
    'chrysanthemum-blue',
    'maple-blue',
  ];
  it('akatanAotan adds: the joint 10 beside Akatan 5 and Aotan 5 (20), plus Tanzaku', () =>
    expect(score(sixRibbons, rules(japan))).toEqual({
      yaku: ['akatan-aotan:10', 'akatan:5', 'aotan:5', 'tanzaku:2'],
      total: 22,
    }));
  it('akatanAotan adds with extras counts them in each of the three', () =>
    expect(score([...sixRibbons, 'iris-ribbon'], rules({ akatanAotan: 'adds' }))).toEqual({
      yaku: ['akatan-aotan:11', 'akatan:9', 'aotan:9', 'tanzaku:3'],
      total: 32,
    }));
  it('viewingPoints one-or-three: 1 each before the holder calls Koi-Koi, 3 each after', () => {
    const viewing = ['susuki-moon', 'cherry-curtain', 'chrysanthemum-sake'];
    expect(score(viewing, rules({ viewingPoints: 'one-or-three' }))).toEqual({
      yaku: ['tsukimi:1', 'hanami:1'],
      total: 2,
    });
    expect(score(viewing, { ...rules({ viewingPoints: 'one-or-three' }), calledKoiKoi: true })).toEqual({
      yaku: ['tsukimi:3', 'hanami:3'],
      total: 6,
    });
    expect(
      score(viewing, { ...rules({ viewingPoints: 'one-or-three', viewingBoth: true }), calledKoiKoi: true }),
    ).toEqual({
      yaku: ['tsukimi-hanami:6'],
      total: 6,
    });
  });
});
