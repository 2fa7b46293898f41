/** Card points and yaku progress per game, from the engine's own tables. */
import {
  CARDS,
  KOIKOI_YAKU,
  KOIKOI_YAKU_COUNTS,
  KOIKOI_YAKU_SETS,
  NARA_VALUES,
  NARA_YAKU,
  SAKURA_VALUES,
  SAKURA_YAKU,
  cardById,
  cardId,
  type Card,
} from '@hanafuda/engine';

/** A card's points in this game (Koi-Koi counts yaku, not card points: undefined). */
export function cardPoints(game: string, id: string): number | undefined {
  const card = cardById(id);
  if (card === undefined) return undefined;
  if (game === 'sakura' || game === 'oibana') return SAKURA_VALUES[card] ?? 0;
  if (game === 'nara') return NARA_VALUES[card];
  return undefined;
}

export interface YakuProgress {
  readonly id: string;
  readonly name: string;
  readonly ja: string;
  /** The cards the yaku needs, when it is a fixed set. */
  readonly cards: readonly string[];
  readonly have: number;
  readonly need: number;
}

const ids = (cards: readonly Card[]) => cards.map(cardId);

const SAKURA_JA: Record<string, string> = {
  I: 'い（呑み）',
  Ro: 'ろ（表菅原）',
  Ha: 'は（赤短）',
  Ni: 'に（青短）',
  Ho: 'ほ',
  He: 'へ（草短）',
  To: 'と',
  Chi: 'ち（猪鹿雁）',
};
const NARA_JA: Record<string, string> = {
  'upper-dango': '上団子',
  'lower-dango': '下団子',
  inoshikacho: '猪鹿蝶',
  aotan: '青短',
  tsukimi: '月見で一杯',
  fujishima: '藤島',
  kirishima: '桐島',
};

function fixedSets(
  defs: readonly { id: string; name: string; cards: readonly Card[] }[],
  ja: Record<string, string>,
  captured: readonly string[],
): YakuProgress[] {
  const held = new Set(captured);
  return defs.map((y) => {
    const cards = ids(y.cards);
    return { id: y.id, name: y.name, ja: ja[y.id] ?? y.name, cards, have: cards.filter((c) => held.has(c)).length, need: cards.length };
  });
}

/** Koi-Koi's yaku made of fixed cards, by card id (the engine's table). */
export const KOIKOI_SETS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(KOIKOI_YAKU_SETS).map(([id, cards]) => [id, ids(cards!)]),
);
/** Koi-Koi's yaku that count the cards of a class: those cards, and how many make the yaku (the engine's table). */
const KOIKOI_COUNTS: Readonly<Record<string, { cards: ReadonlySet<string>; need: number }>> = Object.fromEntries(
  Object.entries(KOIKOI_YAKU_COUNTS).map(([id, count]) => [id, { cards: new Set(ids(count!.cards)), need: count!.need }]),
);

function koikoiProgress(captured: readonly string[]): YakuProgress[] {
  const held = new Set(captured);
  return KOIKOI_YAKU.flatMap((y): YakuProgress[] => {
    const set = KOIKOI_SETS[y.id];
    if (set) return [{ id: y.id, name: y.name, ja: y.ja, cards: set, have: set.filter((c) => held.has(c)).length, need: set.length }];
    const count = KOIKOI_COUNTS[y.id];
    if (count) return [{ id: y.id, name: y.name, ja: y.ja, cards: [], have: captured.filter((c) => count.cards.has(c)).length, need: count.need }];
    return [];
  });
}

/** Each yaku of the game with how many of its cards the pile holds, for the progress chips. */
export function yakuProgress(game: string, captured: readonly string[]): YakuProgress[] {
  switch (game) {
    case 'sakura':
    case 'oibana':
      return fixedSets(SAKURA_YAKU, SAKURA_JA, captured);
    case 'nara':
      return fixedSets(NARA_YAKU, NARA_JA, captured);
    case 'koikoi':
      return koikoiProgress(captured);
    default:
      return [];
  }
}

/** A yaku's display name in a language, by game and id. */
export function yakuName(game: string, id: string, lang: 'en' | 'ja'): string {
  const all: { id: string; name: string; ja?: string }[] =
    game === 'koikoi'
      ? [...KOIKOI_YAKU]
      : game === 'nara'
        ? NARA_YAKU.map((y) => ({ ...y, ja: NARA_JA[y.id] }))
        : SAKURA_YAKU.map((y) => ({ ...y, ja: SAKURA_JA[y.id] }));
  const y = all.find((d) => d.id === id);
  if (!y) return id;
  return lang === 'ja' && y.ja ? y.ja : y.name;
}

/** The cards of a captured pile that make a yaku, for the score breakdown. */
export function yakuCards(game: string, id: string, captured: readonly string[]): string[] {
  if (game === 'koikoi') {
    const set = KOIKOI_SETS[id];
    if (set) return set.filter((c) => captured.includes(c));
    const family: Record<string, string> = {
      goko: 'bright',
      shiko: 'bright',
      'ame-shiko': 'bright',
      sanko: 'bright',
      tane: 'animal',
      tanzaku: 'ribbon',
      'akatan-aotan': 'ribbon',
      kasu: 'chaff',
    };
    if (id === 'akatan-aotan') return [...KOIKOI_SETS.akatan, ...KOIKOI_SETS.aotan].filter((c) => captured.includes(c));
    if (id === 'tsukimi-hanami') return ['susuki-moon', 'cherry-curtain', 'chrysanthemum-sake'].filter((c) => captured.includes(c));
    const cls = family[id];
    if (cls) {
      const cards = captured.filter((c) => CARDS[cardById(c)!].cls === cls);
      return cls === 'chaff' && captured.includes('chrysanthemum-sake') ? [...cards, 'chrysanthemum-sake'] : cards;
    }
    return [];
  }
  const defs = game === 'nara' ? NARA_YAKU : SAKURA_YAKU;
  const y = defs.find((d) => d.id === id);
  return y ? ids(y.cards).filter((c) => captured.includes(c)) : [];
}
