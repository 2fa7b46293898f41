/** The deck chart of a rules page: every card by month, its class, its value in each game and its yaku, from the engine. */
import {
  CARDS,
  cardId,
  type CardInfo,
  KOIKOI_OPTIONS,
  KOIKOI_PRESETS,
  NARA_VALUES,
  pileYakuProgress,
  type PileRules,
  SAKURA_VALUES,
  validateOptions,
  type YakuProgress,
} from '@hanafuda/engine';

export interface ChartCard {
  readonly id: string;
  readonly cls: CardInfo['cls'];
  /** Card points in Sakura (and Oi-bana) and in Nara; Koi-Koi counts classes, not points. */
  readonly sakura: number | null;
  readonly nara: number;
  /** Yaku ids the card counts toward, per game, in each game's order. */
  readonly yaku: {
    readonly sakura: readonly string[];
    readonly koikoi: readonly string[];
    readonly nara: readonly string[];
  };
}

/** The cards each yaku could take: an empty pile's progress (every card still missing). */
const candidates = (rules: PileRules): YakuProgress[] => pileYakuProgress(rules, []);

const SAKE_CUP = KOIKOI_OPTIONS.find((o) => o.name === 'sakeCup')!;

/**
 * Koi-Koi's yaku by the cards they could take under any value of the sake cup's option (so the
 * cup shows in Tane and Kasu), with the viewing yaku on apart and together; Tsuki-fuda (any
 * month's four) and the hand checks are left out.
 */
const KOIKOI_CANDIDATES: readonly YakuProgress[] = (() => {
  const lists = SAKE_CUP.values.map((sakeCup) => {
    const options = validateOptions(
      KOIKOI_OPTIONS,
      { sakeCup, viewing: 'on', viewingBoth: true, tsukiFuda: false },
      KOIKOI_PRESETS,
    );
    if (!options.ok) throw new Error(options.error.message);
    return candidates({ game: 'koikoi', options: options.value, round: 1, calledKoiKoi: false });
  });
  return lists[0].map((y) => ({
    ...y,
    missing: lists.flatMap((list) => list.find((other) => other.id === y.id)?.missing ?? []),
  }));
})();
const SAKURA_CANDIDATES = candidates({ game: 'sakura', options: { yaku: 'on' } });
const NARA_CANDIDATES = candidates({ game: 'nara' });

/** The ids of the yaku that could take `id`, in the game's order. */
const yakuOf = (progress: readonly YakuProgress[], id: string) =>
  progress.filter((y) => y.missing.includes(id)).map((y) => y.id);

function chartCard(info: CardInfo): ChartCard {
  const blank = info.cls === 'blank';
  return {
    id: info.id,
    cls: info.cls,
    sakura: blank ? null : SAKURA_VALUES[info.card],
    nara: NARA_VALUES[info.card],
    yaku: {
      sakura: yakuOf(SAKURA_CANDIDATES, info.id),
      koikoi: yakuOf(KOIKOI_CANDIDATES, info.id),
      nara: yakuOf(NARA_CANDIDATES, info.id),
    },
  };
}

/** Twelve rows of four cards, months 1–12, then Nara's blank alone. */
export function deckChart(): ChartCard[][] {
  const rows: ChartCard[][] = Array.from({ length: 12 }, () => []);
  for (const info of CARDS) if (info.month > 0) rows[info.month - 1].push(chartCard(info));
  return [...rows, [chartCard(CARDS.find((c) => c.id === cardId(48))!)]];
}
