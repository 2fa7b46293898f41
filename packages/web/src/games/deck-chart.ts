/** The deck chart of the Rules page: every card by month, its class, its value in each game and its yaku, from the engine's tables. */
import { CARDS, KOIKOI_YAKU, NARA_VALUES, NARA_YAKU, SAKURA_VALUES, SAKURA_YAKU, cardId, type CardInfo } from '@hanafuda/engine';
import { KOIKOI_SETS } from './yaku-progress.js';

export interface ChartCard {
  readonly id: string;
  readonly cls: CardInfo['cls'];
  /** Card points in Sakura (and Oi-bana) and in Nara; Koi-Koi counts classes, not points. */
  readonly sakura: number | null;
  readonly nara: number;
  /** Yaku ids the card counts in, per game (Koi-Koi: those its class or its own name enters; Tsuki-fuda and the hand checks are left out, they are any month's). */
  readonly yaku: { readonly sakura: readonly string[]; readonly koikoi: readonly string[]; readonly nara: readonly string[] };
}

const inFixed = (defs: readonly { id: string; cards: readonly number[] }[], card: number) => defs.filter((y) => y.cards.includes(card)).map((y) => y.id);

function koikoiYaku(info: CardInfo): string[] {
  const bright = info.cls === 'bright';
  const member: Record<string, boolean> = {
    goko: bright,
    'ame-shiko': bright,
    // Shiko and Sanko are the brights without the rain man (docs/rules.md 4.3).
    shiko: bright && info.id !== 'willow-rainman',
    sanko: bright && info.id !== 'willow-rainman',
    tane: info.cls === 'animal',
    tanzaku: info.cls === 'ribbon',
    // The sake cup counts as an animal or a chaff, whichever scores more (option sakeCup's default).
    kasu: info.cls === 'chaff' || info.id === 'chrysanthemum-sake',
    'akatan-aotan': KOIKOI_SETS.akatan.includes(info.id) || KOIKOI_SETS.aotan.includes(info.id),
    'tsukimi-hanami': ['susuki-moon', 'cherry-curtain', 'chrysanthemum-sake'].includes(info.id),
  };
  return KOIKOI_YAKU.filter((y) => (KOIKOI_SETS[y.id] ? KOIKOI_SETS[y.id].includes(info.id) : member[y.id] === true)).map((y) => y.id);
}

function chartCard(info: CardInfo): ChartCard {
  const blank = info.cls === 'blank';
  return {
    id: info.id,
    cls: info.cls,
    sakura: blank ? null : SAKURA_VALUES[info.card],
    nara: NARA_VALUES[info.card],
    yaku: { sakura: blank ? [] : inFixed(SAKURA_YAKU, info.card), koikoi: blank ? [] : koikoiYaku(info), nara: inFixed(NARA_YAKU, info.card) },
  };
}

/** Twelve rows of four cards, months 1–12, then Nara's blank alone. */
export function deckChart(): ChartCard[][] {
  const rows: ChartCard[][] = Array.from({ length: 12 }, () => []);
  for (const info of CARDS) if (info.month > 0) rows[info.month - 1].push(chartCard(info));
  return [...rows, [chartCard(CARDS.find((c) => c.id === cardId(48))!)]];
}
