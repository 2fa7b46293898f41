/** The page's language: English or Japanese, switchable at any time. */
import { botNameIn } from '@hanafuda/table';
import { en, type Strings } from './en.js';
import { ja } from './ja.js';

export type Lang = 'en' | 'ja';
export const STRINGS: Record<Lang, Strings> = { en, ja };
export const stringsFor = (lang: Lang): Strings => STRINGS[lang];

/** The name the app gives the person's own seat ("You", "あなた"): whatever language it was stored in, it is the person. */
export const isYou = (name: string): boolean => name === en.you || name === ja.you;

/** A seat's name as the page shows it: the person's seat is "You" in the page's language, a bot's name in the page's script. */
export const shownName = (name: string, t: Strings): string =>
  isYou(name) ? t.you : botNameIn(name, t.lang);
