/** Cards on screen: a short label per card, coloured by month and class, and names typed back by prefix. */
import { CARDS, type CardInfo, MONTHS, cardById } from '@hanafuda/engine';
import type { Paint } from './ansi.js';

/** Month names short enough for an 80-column table (ids keep the full names). */
const SHORT_MONTH: Readonly<Record<string, string>> = {
  chrysanthemum: 'chrys',
  paulownia: 'paulow',
  wisteria: 'wister',
};

/** A 256-colour foreground per month, roughly the card's colours: pine green, plum red, cherry pink, ... */
const MONTH_COLOUR: readonly number[] = [0, 34, 161, 211, 141, 69, 197, 172, 180, 220, 166, 79, 133];

const info = (id: string): CardInfo | undefined => {
  const c = cardById(id);
  return c === undefined ? undefined : CARDS[c];
};

export const monthName = (month: number): string => (month === 0 ? 'blank' : MONTHS[month - 1].key);
export const shortMonth = (month: number): string => SHORT_MONTH[monthName(month)] ?? monthName(month);

/** The card's own word: `curtain`, `poetry`, `chaff` (both plain chaff of a month read the same). */
export function cardWord(id: string): string {
  if (id === 'blank') return 'blank';
  const rest = id.slice(id.indexOf('-') + 1);
  return rest.replace(/-[12]$/, '');
}

/** `cherry curtain`, unstyled. */
export const cardLabel = (id: string): string =>
  id === 'blank' ? 'blank' : `${shortMonth(info(id)?.month ?? 0)} ${cardWord(id)}`;

function wordStyle(c: CardInfo): string {
  switch (c.cls) {
    case 'bright':
      return '1;93';
    case 'animal':
      return '1;97';
    case 'ribbon':
      return c.ribbon === 'blue' ? '1;94' : '1;91';
    case 'blank':
      return '1;97';
    case 'chaff':
      return c.id === 'willow-lightning' ? '1;96' : c.id === 'paulownia-yellow' ? '33' : '2';
  }
}

/** The card's word alone, in its class's style (for lists already grouped by month). */
export function paintWord(paint: Paint, id: string): string {
  const c = info(id);
  return c ? paint.style(wordStyle(c), cardWord(id)) : id;
}

export const paintMonth = (paint: Paint, month: number, text = shortMonth(month)): string =>
  month === 0 ? paint.style('1', text) : paint.style(`38;5;${MONTH_COLOUR[month]}`, text);

/** `cherry curtain`: the month in its colour, the card's word in its class's style. */
export function paintCard(paint: Paint, id: string): string {
  const c = info(id);
  if (!c) return id;
  if (id === 'blank') return paintWord(paint, id);
  return `${paintMonth(paint, c.month)} ${paintWord(paint, id)}`;
}

/** Every card id in a line of text named as the board names it, coloured when colour is on (event descriptions name cards by id). */
export function paintIds(paint: Paint, text: string): string {
  return text.replace(/\b[a-z]+-[a-z]+(?:-[12])?\b|\bblank\b/g, (id) =>
    info(id) === undefined ? id : paint.on ? paintCard(paint, id) : cardLabel(id),
  );
}

/** Splits what was typed into words: `cherry-curtain`, `cherry curtain` and `Cherry Curtain` read the same. */
export const words = (typed: string): string[] =>
  typed
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);

/**
 * How well typed words name `name` (a card id or a keyword): each word is the start of one
 * of the name's parts, in order (`cur` and `cherry cur` name cherry-curtain; `chaff 2` names
 * pine-chaff-2). Exact when the words spell the name or its tail in full.
 */
export function nameMatch(typed: readonly string[], name: string): 'exact' | 'prefix' | null {
  const parts = name.split('-');
  let best: 'exact' | 'prefix' | null = null;
  for (let i = 0; i + typed.length <= parts.length; i++) {
    if (!typed.every((t, j) => parts[i + j].startsWith(t))) continue;
    const spelled = typed.every((t, j) => parts[i + j] === t);
    const tail =
      i + typed.length === parts.length ||
      (i + typed.length === parts.length - 1 && /^[12]$/.test(parts[parts.length - 1]));
    if (spelled && tail) return 'exact';
    best = 'prefix';
  }
  return best;
}
