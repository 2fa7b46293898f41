/** Screen-reader labels and display names for cards, from the engine's card table. */
import { CARDS, MONTHS, type Card, type CardInfo } from '@hanafuda/engine';

export type Lang = 'en' | 'ja';
export type Theme = 'classic' | 'hanafooda';

const BY_ID = new Map<string, CardInfo>(CARDS.map((c) => [c.id, c]));

/** A card by its canonical id (`cherry-curtain`) or the engine's card number. */
export type CardRef = string | Card;

/** The engine's card record for `id`; throws on an unknown id. */
export function cardInfo(id: CardRef): CardInfo {
  const info = typeof id === 'number' ? CARDS[id] : BY_ID.get(id);
  if (!info) throw new Error(`unknown card id: ${id}`);
  return info;
}

/** Class names as the learner overlay shows them. */
export const CLASS_NAMES: Record<CardInfo['cls'], Record<Lang, string>> = {
  bright: { en: 'Bright', ja: '光' },
  animal: { en: 'Animal', ja: 'タネ' },
  ribbon: { en: 'Ribbon', ja: '短冊' },
  chaff: { en: 'Chaff', ja: 'カス' },
  blank: { en: 'Blank', ja: '白札' },
};

/** The card's name without its month ("Crane and sun"), from the engine's English name. */
function subject(info: CardInfo): string {
  const i = info.en.indexOf(': ');
  return i < 0 ? info.en : info.en.slice(i + 2);
}

/**
 * The accessible name of a card: "Cherry blossom with curtain, 20 points" (`en`) or
 * "桜に幕、20点" (`ja`). Points depend on the game being played, so they are given by the
 * caller; without them the label names the card only.
 */
export function cardLabel(id: CardRef, lang: Lang = 'en', points?: number): string {
  const info = cardInfo(id);
  let name: string;
  if (lang === 'ja') {
    name = info.ja;
  } else if (info.month === 0) {
    name = info.en;
  } else {
    const month = MONTHS[info.month - 1].en;
    const what = subject(info);
    name = /^chaff/i.test(what) ? `${month} ${what.toLowerCase()}` : `${month} with ${lowerFirst(what)}`;
  }
  if (points === undefined) return name;
  if (lang === 'ja') return `${name}、${points}点`;
  return `${name}, ${points} ${points === 1 ? 'point' : 'points'}`;
}

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The caption a deck theme shows on a card: the HanaFooda food name of its month
 * (RULES.md §1, display only), or nothing for the classic deck and for the blank.
 */
export function themeCaption(id: CardRef, theme: Theme): string | undefined {
  const info = cardInfo(id);
  if (theme === 'classic' || info.month === 0) return undefined;
  return MONTHS[info.month - 1].theme;
}

/**
 * The learner overlay text: the month and the card's class ("3 · Bright"), or, in a game
 * that counts card points, its value there ("12 · 10 pts", "12 · 10点").
 */
export function learnerText(id: CardRef, lang: Lang = 'en', points?: number): string {
  const info = cardInfo(id);
  const what =
    points === undefined ? CLASS_NAMES[info.cls][lang] : `${points}${lang === 'ja' ? '点' : ' pts'}`;
  return info.month === 0 ? what : `${info.month} · ${what}`;
}

/** Escapes text for HTML or XML content and attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
