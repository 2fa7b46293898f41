/**
 * Koi-Koi's house rules (docs/rules.md §4), each with its default: the one source of truth;
 * and the presets, the rule sets players know from other programs (§4.5).
 */
import { type OptionSpec, type OptionsOf, validateOptions } from '../../core/options.js';
import type { Result } from '../../core/result.js';
import { yakuDef } from './tables.js';

export const KOIKOI_OPTIONS = [
  {
    name: 'preset',
    title: 'Rule set',
    titleJa: 'ルール一式',
    kind: 'enum',
    values: ['sources', 'koikoi-japan', 'nintendo'],
    default: 'sources',
    help: "Our reading of the sources; the Steam game KoiKoi Japan's rules; or Nintendo's. Options set beside it override it.",
  },
  {
    name: 'sakeCup',
    title: 'Sake cup',
    titleJa: '盃',
    kind: 'enum',
    values: ['either', 'animal', 'both'],
    default: 'either',
    help: 'The sake cup counts as an animal or a chaff, whichever scores more (003); only as an animal; or as both.',
  },
  {
    name: 'viewing',
    title: 'Viewing yaku',
    titleJa: '月見・花見',
    kind: 'enum',
    values: ['on', 'off', 'with-other-yaku'],
    default: 'on',
    help: 'Tsukimi-zake and Hanami-zake score (003), do not, or score only beside another yaku (003 variant).',
  },
  {
    name: 'viewingBoth',
    title: 'Moon, curtain and sake together',
    titleJa: '月見花見の合わせ役',
    kind: 'boolean',
    default: false,
    help: 'Moon, curtain and sake together form one yaku of 10 in place of the two viewing yaku (003 variant).',
  },
  {
    name: 'viewingSpoiled',
    title: 'Rain spoils the viewing',
    titleJa: '雨で見役なし',
    kind: 'boolean',
    default: false,
    help: 'Viewing yaku score nothing if their holder has the rain man or the lightning (003 variant).',
  },
  {
    name: 'tsukiFuda',
    title: 'Cards of the month (Tsuki-fuda)',
    titleJa: '月札',
    kind: 'boolean',
    default: false,
    help: "All four cards of the round's month score 4; round N is month ((N - 1) mod 12) + 1 (003 variant).",
  },
  {
    name: 'gaji',
    title: 'Wild lightning (Gaji)',
    titleJa: '雷の万能札（ガジ）',
    kind: 'boolean',
    default: false,
    help: 'The lightning is wild from the hand: it captures any one field card (003 variant, as Sakura 3.8).',
  },
  {
    name: 'gajiDrawnIsWild',
    title: 'A drawn Gaji is wild',
    titleJa: '山札のガジも万能',
    kind: 'boolean',
    default: true,
    help: 'Under gaji: a lightning turned up from the pile is wild too (001); false: an ordinary willow card.',
  },
  {
    name: 'fourPairsRedeal',
    title: 'Four pairs on the field: redeal',
    titleJa: '場に四組で配り直し',
    kind: 'boolean',
    default: true,
    help: 'Four pairs of months on the field void the deal, as four of a month does (003).',
  },
  {
    name: 'sankoPoints',
    title: 'Sanko points',
    titleJa: '三光の点',
    kind: 'integer',
    min: 5,
    max: 6,
    default: yakuDef('sanko').points,
    help: 'Three brights without the rain man score 6 (003), or 5 (KoiKoi Japan).',
  },
  {
    name: 'setExtras',
    title: 'Extras in the three-card sets',
    titleJa: '猪鹿蝶・赤短・青短の加点',
    kind: 'boolean',
    default: true,
    help: 'Ino-Shika-Cho, Akatan and Aotan score +1 per further card of their class (003); false: a flat 5 (KoiKoi Japan).',
  },
  {
    name: 'akatanAotan',
    title: 'Akatan and Aotan together',
    titleJa: '赤短・青短の重複',
    kind: 'enum',
    values: ['replaces', 'adds'],
    default: 'replaces',
    help: 'Both ribbon sets score 10 in place of the two (003), or 10 beside 5 and 5 (KoiKoi Japan).',
  },
  {
    name: 'viewingPoints',
    title: 'Viewing yaku points',
    titleJa: '月見・花見の点',
    kind: 'enum',
    values: ['five', 'one-or-three'],
    default: 'five',
    help: 'Each viewing yaku scores 5 (003), or 1, and 3 once its holder has called Koi-Koi (KoiKoi Japan).',
  },
  {
    name: 'koiKoiCalls',
    title: 'Koi-Koi calls a round',
    titleJa: 'こいこいの回数',
    kind: 'enum',
    values: ['unlimited', 'once'],
    default: 'unlimited',
    help: 'Koi-Koi may be called any number of times (003), or once: a further rise ends the round (Nintendo).',
  },
  {
    name: 'lastTurnKoiKoi',
    title: 'Koi-Koi on the last turn',
    titleJa: '最後の手番のこいこい',
    kind: 'boolean',
    default: true,
    help: "Koi-Koi or Shobu is offered on a player's last turn too; false: a rise there ends the round (KoiKoi Japan).",
  },
  {
    name: 'teshi',
    title: 'Four of a month in hand (teshi)',
    titleJa: '手四',
    kind: 'enum',
    values: ['scores', 'redeal'],
    default: 'scores',
    help: 'Teshi scores 6 and ends the round (003), or the deal is void and dealt again (KoiKoi Japan).',
  },
  {
    name: 'kuttsuki',
    title: 'Four pairs in hand (kuttsuki)',
    titleJa: 'くっつき',
    kind: 'boolean',
    default: true,
    help: 'Four pairs in hand score 6 and end the round (003); false: no such rule (KoiKoi Japan).',
  },
  {
    name: 'sevenDouble',
    title: '7 points or more doubles',
    titleJa: '7点以上で倍',
    kind: 'boolean',
    default: true,
    help: 'A winning total of 7 or more is doubled (003).',
  },
  {
    name: 'koiKoiDouble',
    title: "Opponent's Koi-Koi doubles",
    titleJa: '相手のこいこいで倍',
    kind: 'boolean',
    default: true,
    help: 'A winning total is doubled once if the opponent had called Koi-Koi (003).',
  },
  {
    name: 'koiKoiBonus',
    title: "Bonus for one's own Koi-Koi",
    titleJa: '自分のこいこいの加点',
    kind: 'enum',
    values: ['none', 'own-calls'],
    default: 'none',
    help: "None (003); or the winner's own calls add +1, +2, +3 (1-3 calls), then multiply by 2, 3, 4, 5 (4-7 calls) (KoiKoi Japan).",
  },
  {
    name: 'handsOut',
    title: 'When the hands run out',
    titleJa: '流局',
    kind: 'enum',
    values: ['higher-total', 'dealer-one', 'no-game'],
    default: 'higher-total',
    help: 'The higher yaku total scores (003); the dealer takes 1 (KoiKoi Japan); or nobody scores and the deal passes (Nintendo).',
  },
  {
    name: 'oyaKen',
    title: "Dealer's privilege (oya-ken)",
    titleJa: '親権',
    kind: 'boolean',
    default: true,
    help: 'When the hands run out and neither player has a yaku, the dealer scores 6 (003).',
  },
  {
    name: 'rounds',
    title: 'Rounds',
    titleJa: '局数',
    kind: 'integer',
    min: 1,
    default: 12,
    help: 'Rounds in a game: 12 (003), 6 for a short game, 8 (KoiKoi Japan), or any whole number.',
  },
  {
    name: 'bankroll',
    title: 'Starting points',
    titleJa: '持ち点',
    kind: 'integer',
    min: 0,
    default: 0,
    help: 'Scores count up from 0 (003); or each player starts with this many, the loser pays each round, and the game ends when a player has 0 (KoiKoi Japan: 30).',
  },
] as const satisfies readonly OptionSpec[];

/** The presets (docs/rules.md §4.5): what each sets; every option it does not name keeps its default. */
export const KOIKOI_PRESETS: Readonly<Record<KoiKoiOptions['preset'], Partial<KoiKoiOptions>>> = {
  sources: {},
  'koikoi-japan': {
    sankoPoints: 5,
    setExtras: false,
    akatanAotan: 'adds',
    viewingPoints: 'one-or-three',
    lastTurnKoiKoi: false,
    teshi: 'redeal',
    kuttsuki: false,
    fourPairsRedeal: false,
    sevenDouble: false,
    koiKoiDouble: false,
    koiKoiBonus: 'own-calls',
    handsOut: 'dealer-one',
    sakeCup: 'both',
    rounds: 8,
    bankroll: 30,
  },
  nintendo: {
    koiKoiCalls: 'once',
    handsOut: 'no-game',
    sakeCup: 'both',
  },
};

export type KoiKoiOptions = OptionsOf<typeof KOIKOI_OPTIONS>;

const BOOLEANS = new Set<string>(KOIKOI_OPTIONS.filter((s) => s.kind === 'boolean').map((s) => s.name));

/**
 * Validates options and fills in defaults. docs/rules.md §4 writes some switches as
 * "off | on", so "on"/"off" are accepted for the boolean options beside true/false.
 */
export function validateKoiKoiOptions(raw: unknown): Result<KoiKoiOptions> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return validateOptions(KOIKOI_OPTIONS, raw, KOIKOI_PRESETS);
  const input: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const [name, value] of Object.entries(input)) {
    if (BOOLEANS.has(name) && (value === 'on' || value === 'off')) input[name] = value === 'on';
  }
  return validateOptions(KOIKOI_OPTIONS, input, KOIKOI_PRESETS);
}
