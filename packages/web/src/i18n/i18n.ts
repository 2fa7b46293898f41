/** The page's language: English or Japanese, switchable at any time. */
import { en, type Strings } from './en.js';
import { ja } from './ja.js';

export type Lang = 'en' | 'ja';
export const STRINGS: Record<Lang, Strings> = { en, ja };
export const stringsFor = (lang: Lang): Strings => STRINGS[lang];
