/** Each game's yaku by name, in English and Japanese: the engine's ids, the players' words. */
import { assertNever, KOIKOI_YAKU, NARA_YAKU, SAKURA_YAKU } from '@hanafuda/engine';
import type { GameId } from './game-rules.js';

export type Lang = 'en' | 'ja';

/**
 * Sakura's yaku are named by the iroha; the Japanese adds the common name where there is one,
 * and for the two that have none (ほ, と) says which cards they are, as the English does.
 */
const SAKURA_JA: Readonly<Record<string, string>> = {
  I: 'い（呑み）',
  Ro: 'ろ（表菅原）',
  Ha: 'は（赤短）',
  Ni: 'に（青短）',
  Ho: 'ほ（牡丹・菊・紅葉のタネ）',
  He: 'へ（草短）',
  To: 'と（藤・菖蒲・萩のタネ）',
  Chi: 'ち（猪鹿雁）',
};
/** The engine's names where they say what the yaku is; Ho and To, which have no common name, by their cards. */
const SAKURA_EN: Readonly<Record<string, string>> = {
  Ho: 'Ho (butterflies, sake cup, deer)',
  To: 'To (cuckoo, bridge, boar)',
};
const NARA_JA: Readonly<Record<string, string>> = {
  'upper-dango': '上団子',
  'lower-dango': '下団子',
  inoshikacho: '猪鹿蝶',
  aotan: '青短',
  tsukimi: '月見で一杯',
  fujishima: '藤島',
  kirishima: '桐島',
};

function namesOf(
  game: GameId,
): readonly { readonly id: string; readonly name: string; readonly ja?: string }[] {
  switch (game) {
    case 'koikoi':
      return KOIKOI_YAKU;
    case 'nara':
      return NARA_YAKU.map((y) => ({ ...y, ja: NARA_JA[y.id] }));
    case 'sakura':
    case 'oibana':
      return SAKURA_YAKU.map((y) => ({ ...y, name: SAKURA_EN[y.id] ?? y.name, ja: SAKURA_JA[y.id] }));
    default:
      return assertNever(game);
  }
}

/** A yaku's full name ("Tane (five animals)", "タネ"); its id when the game has no such yaku. */
export function yakuName(game: GameId, id: string, lang: Lang): string {
  const y = namesOf(game).find((d) => d.id === id);
  if (!y) return id;
  return lang === 'ja' && y.ja ? y.ja : y.name;
}

/** A yaku's short name, for a chip or a prompt: the name without its gloss ("Tane", 「ち」). */
export const yakuShortName = (game: GameId, id: string, lang: Lang): string =>
  yakuName(game, id, lang).replace(/ \(.*\)$|（.*）$/, '');
