/** Display preferences (language, learner badges, deck theme, highlights, sounds), kept in localStorage. */
import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '../i18n/i18n.js';

export interface Prefs {
  readonly lang: Lang;
  readonly learner: boolean;
  readonly theme: 'classic' | 'hanafooda';
  readonly highlight: boolean;
  /** Off by default. */
  readonly sound: boolean;
}

const KEY = 'hanafuda.prefs.v1';
const DEFAULTS: Prefs = { lang: 'en', learner: false, theme: 'classic', highlight: true, sound: false };

function load(): Prefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Prefs>;
    const lang =
      raw.lang === 'ja' || raw.lang === 'en' ? raw.lang : navigator.language?.startsWith('ja') ? 'ja' : 'en';
    return { ...DEFAULTS, ...raw, lang };
  } catch {
    return DEFAULTS;
  }
}

let current: Prefs | null = null;
const listeners = new Set<(p: Prefs) => void>();

export function getPrefs(): Prefs {
  current ??= load();
  return current;
}

export function setPrefs(change: Partial<Prefs>): void {
  current = { ...getPrefs(), ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Storage may be full or forbidden: the preference still holds for this visit.
  }
  document.documentElement.lang = current.lang;
  for (const l of listeners) l(current);
}

export function usePrefs(): Prefs {
  const [prefs, set] = useState(getPrefs());
  useEffect(() => {
    listeners.add(set);
    return () => void listeners.delete(set);
  }, []);
  return prefs;
}
