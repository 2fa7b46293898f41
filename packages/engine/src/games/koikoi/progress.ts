/**
 * Koi-Koi's yaku progress (core/yaku-progress.ts): every yaku the options let score, with
 * the cards that count toward it. The sake cup counts where the scoring counted it (`sakeCup`:
 * an animal, a chaff, both, or under `either` the class that scored more), and the points are
 * the scoring's own.
 */
import { type Card, cardsOfMonth } from '../../core/cards.js';
import { type YakuProgress, progressOf } from '../../core/yaku-progress.js';
import {
  ANIMALS,
  BLUE,
  BRIGHTS,
  CHAFF,
  CURTAIN,
  INOSHIKACHO,
  MOON,
  POETRY,
  RAINMAN,
  RIBBONS,
  SAKE,
  type KoiKoiYakuId,
} from './tables.js';
import { type YakuRules, roundMonth, scoredAs } from './yaku.js';

const WITHOUT_RAIN = BRIGHTS.filter((c) => c !== RAINMAN);

/** The yaku of a seat with these captures, in the table's order (teshi, kuttsuki and oya-ken are not made of captures). */
export function yakuProgress(cards: readonly Card[], rules: YakuRules): YakuProgress[] {
  const { tally, sakeAs } = scoredAs(cards, rules);
  const { options } = rules;
  const held = new Set(cards);
  const points = (id: KoiKoiYakuId) => tally.yaku.find((y) => y.id === id)?.points ?? null;
  const yaku = (id: KoiKoiYakuId, candidates: readonly Card[], need: number) =>
    progressOf(id, candidates, held, need, points(id));
  const animals = sakeAs === 'chaff' ? ANIMALS.filter((c) => c !== SAKE) : ANIMALS;
  const chaff = sakeAs === 'animal' ? CHAFF : [...CHAFF, SAKE];
  return [
    yaku('goko', BRIGHTS, 5),
    yaku('shiko', WITHOUT_RAIN, 4),
    // Four brights, the rain man among them.
    yaku('ame-shiko', BRIGHTS, 4),
    yaku('sanko', WITHOUT_RAIN, 3),
    yaku('inoshikacho', INOSHIKACHO, 3),
    yaku('tane', animals, 5),
    yaku('akatan-aotan', [...POETRY, ...BLUE], 6),
    yaku('akatan', POETRY, 3),
    yaku('aotan', BLUE, 3),
    yaku('tanzaku', RIBBONS, 5),
    yaku('kasu', chaff, 10),
    ...(options.viewing === 'off'
      ? []
      : [yaku('tsukimi', [MOON, SAKE], 2), yaku('hanami', [CURTAIN, SAKE], 2)]),
    ...(options.viewing !== 'off' && options.viewingBoth
      ? [yaku('tsukimi-hanami', [MOON, CURTAIN, SAKE], 3)]
      : []),
    ...(options.tsukiFuda ? [yaku('tsukifuda', cardsOfMonth(roundMonth(rules.round)), 4)] : []),
  ];
}
