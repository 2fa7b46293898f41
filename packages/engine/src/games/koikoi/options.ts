/** Koi-Koi's house rules (RULES.md §4), each with its default: the one source of truth. */
import { type OptionSpec, type OptionsOf, validateOptions } from '../../core/options.js';
import type { Result } from '../../core/result.js';

export const KOIKOI_OPTIONS = [
  { name: 'sakeCup', title: 'Sake cup', titleJa: '盃', kind: 'enum', values: ['either', 'animal', 'both'], default: 'either', help: 'The sake cup counts as an animal or a chaff, whichever scores more (003); only as an animal; or as both.' },
  { name: 'viewing', title: 'Viewing yaku', titleJa: '月見・花見', kind: 'enum', values: ['on', 'off', 'with-other-yaku'], default: 'on', help: 'Tsukimi-zake and Hanami-zake score (003), do not, or score only beside another yaku (003 variant).' },
  { name: 'viewingBoth', title: 'Moon, curtain and sake together', titleJa: '月見花見の合わせ役', kind: 'boolean', default: false, help: 'Moon, curtain and sake together form one yaku of 10 in place of the two viewing yaku (003 variant).' },
  { name: 'viewingSpoiled', title: 'Rain spoils the viewing', titleJa: '雨で見役なし', kind: 'boolean', default: false, help: 'Viewing yaku score nothing if their holder has the rain man or the lightning (003 variant).' },
  { name: 'tsukiFuda', title: 'Cards of the month (Tsuki-fuda)', titleJa: '月札', kind: 'boolean', default: false, help: "All four cards of the round's month score 4; round N is month ((N - 1) mod 12) + 1 (003 variant)." },
  { name: 'gaji', title: 'Wild lightning (Gaji)', titleJa: '雷の万能札（ガジ）', kind: 'boolean', default: false, help: 'The lightning is wild from the hand: it captures any one field card (003 variant, as Sakura 3.8).' },
  { name: 'gajiDrawnIsWild', title: 'A drawn Gaji is wild', titleJa: '山札のガジも万能', kind: 'boolean', default: true, help: 'Under gaji: a lightning turned up from the pile is wild too (001); false: an ordinary willow card.' },
  { name: 'fourPairsRedeal', title: 'Four pairs on the field: redeal', titleJa: '場に四組で配り直し', kind: 'boolean', default: true, help: 'Four pairs of months on the field void the deal, as four of a month does (003).' },
  { name: 'sevenDouble', title: '7 points or more doubles', titleJa: '7点以上で倍', kind: 'boolean', default: true, help: 'A winning total of 7 or more is doubled (003).' },
  { name: 'koiKoiDouble', title: "Opponent's Koi-Koi doubles", titleJa: '相手のこいこいで倍', kind: 'boolean', default: true, help: 'A winning total is doubled once if the opponent had called Koi-Koi (003).' },
  { name: 'oyaKen', title: "Dealer's privilege (oya-ken)", titleJa: '親権', kind: 'boolean', default: true, help: 'When the hands run out and neither player has a yaku, the dealer scores 6 (003).' },
  { name: 'rounds', title: 'Rounds', titleJa: '局数', kind: 'integer', min: 1, default: 12, help: 'Rounds in a game: 12 (003), 6 for a short game, or any whole number.' },
] as const satisfies readonly OptionSpec[];

export type KoiKoiOptions = OptionsOf<typeof KOIKOI_OPTIONS>;

const BOOLEANS = new Set<string>(KOIKOI_OPTIONS.filter((s) => s.kind === 'boolean').map((s) => s.name));

/**
 * Validates options and fills in defaults. RULES.md §4 writes some switches as
 * "off | on", so "on"/"off" are accepted for the boolean options beside true/false.
 */
export function validateKoiKoiOptions(raw: unknown): Result<KoiKoiOptions> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return validateOptions(KOIKOI_OPTIONS, raw);
  const input: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const [name, value] of Object.entries(input)) {
    if (BOOLEANS.has(name) && (value === 'on' || value === 'off')) input[name] = value === 'on';
  }
  return validateOptions(KOIKOI_OPTIONS, input);
}
