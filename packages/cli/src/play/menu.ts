/**
 * A seat's legal actions as a menu people answer by number or by name, and the parser of
 * what they type. A hand card that can capture one of several cards is one entry with a
 * follow-up question, so the menu stays one entry per card.
 */
import { type Action, CARDS, type CardInfo, MONTHS, cardById, interchangeable } from '@hanafuda/engine';
import type { Paint } from './ansi.js';
import { PILE_NAMES } from '../describe-event.js';
import { cardLabel, nameMatch, paintCard, words } from './cards.js';

export interface Choice {
  readonly label: string;
  /** Names it answers to: card ids or keywords. */
  readonly names: readonly string[];
  readonly action?: Action;
  /** A follow-up question, with its own choices. */
  readonly question?: string;
  readonly then?: readonly Choice[];
}

export interface Menu {
  readonly question: string;
  readonly choices: readonly Choice[];
}

const cardOf = (id: string): CardInfo | undefined => {
  const c = cardById(id);
  return c === undefined ? undefined : CARDS[c];
};
const sameMonth = (a: string, b: string) => cardOf(a)?.month === cardOf(b)?.month && cardOf(a)?.month !== 0;
const WILD = new Set(['willow-lightning', 'blank']);

type Get<K extends string> = Record<K, unknown>;
const has = <K extends string>(a: Action, key: K): a is Action & Get<K> => key in a;

/** What playing `card` without naming a take does on this field. */
function playNote(paint: Paint, card: string, field: readonly string[]): string {
  const meets = field.filter((f) => sameMonth(f, card));
  if (meets.length === 0) return paint.style('2', 'to the field');
  // Two alike (plain chaff of a month): the play takes one of them, with no choice to make.
  if (meets.length === 2 && interchangeable(cardById(meets[0])!, cardById(meets[1])!))
    return `takes one ${paintCard(paint, meets[0])} (of 2 alike)`;
  return `takes ${meets.map((m) => paintCard(paint, m)).join(', ')}`;
}

/** Builds the menu for the seat's legal actions; `field` labels what a hand card would take. */
export function buildMenu(
  paint: Paint,
  actions: readonly Action[],
  field: readonly string[],
  pending: string | null,
): Menu {
  const choices: Choice[] = [];
  const plays = new Map<string, Action[]>();
  for (const a of actions)
    if (has(a, 'play')) plays.set(a.play as string, [...(plays.get(a.play as string) ?? []), a]);
  const order = [...plays.keys()].sort((a, b) => (cardById(a) ?? 0) - (cardById(b) ?? 0));
  for (const card of order) {
    const options = plays.get(card)!;
    const twin = order.find((other) => other !== card && interchangeable(cardById(other)!, cardById(card)!));
    // Two plain chaff of a month play the same: offer the first only.
    if (twin !== undefined && order.indexOf(twin) < order.indexOf(card)) continue;
    const label = paintCard(paint, card);
    if (options.length === 1 && !has(options[0], 'take')) {
      choices.push({
        label: `${label} ${paint.style('2', '→')} ${playNote(paint, card, field)}`,
        names: [card],
        action: options[0],
      });
      continue;
    }
    if (options.length === 1) {
      const take = (options[0] as Get<'take'>).take as string;
      choices.push({
        label: `${label} ${paint.style('2', '→')} takes ${paintCard(paint, take)}${WILD.has(card) ? ' (wild)' : ''}`,
        names: [card],
        action: options[0],
      });
      continue;
    }
    const then = options.map((o) =>
      has(o, 'take')
        ? { label: `take ${paintCard(paint, o.take as string)}`, names: [o.take as string], action: o }
        : { label: playNote(paint, card, field), names: ['none', 'field'], action: o },
    );
    const what = WILD.has(card) ? 'wild: takes any one card' : `takes one of ${options.length}`;
    choices.push({
      label: `${label} ${paint.style('2', '→')} ${what}`,
      names: [card],
      question: `${cardLabel(card)} takes which card?`,
      then,
    });
  }
  for (const a of actions) {
    if (has(a, 'play')) continue;
    if (has(a, 'hiki')) {
      const m = a.hiki as number;
      choices.push({
        label: `take your hiki of ${MONTHS[m - 1].key} (all four)`,
        names: ['hiki', MONTHS[m - 1].key],
        action: a,
      });
    } else if (has(a, 'take')) {
      const up = pending ? `${paintCard(paint, pending)} takes ` : 'take ';
      choices.push({
        label: `${up}${paintCard(paint, a.take as string)}`,
        names: [a.take as string],
        action: a,
      });
    } else if (has(a, 'leave'))
      choices.push({ label: 'leave the Gaji on the field', names: ['leave'], action: a });
    else if (has(a, 'return'))
      choices.push({ label: 'take the Gaji back into your hand', names: ['return', 'back'], action: a });
    else if (has(a, 'koikoi'))
      choices.push({ label: 'Koi-Koi: play on for more', names: ['koikoi', 'koi-koi'], action: a });
    else if (has(a, 'shobu'))
      choices.push({ label: 'Shobu: stop and score now', names: ['shobu', 'stop'], action: a });
    else if (has(a, 'pile')) {
      const name = PILE_NAMES[a.pile as number];
      choices.push({ label: `${name} as your hand`, names: [name.split(' ')[1]], action: a });
    } else if (has(a, 'redeal'))
      choices.push(
        a.redeal
          ? { label: 'ask for a redeal', names: ['redeal', 'yes'], action: a }
          : { label: 'keep this hand', names: ['keep', 'no'], action: a },
      );
    else if (has(a, 'dealerTake')) {
      const ids = a.dealerTake as string[];
      choices.push({
        label: `take ${ids.map((id) => paintCard(paint, id)).join(' and ')}`,
        names: ids,
        action: a,
      });
    } else if (has(a, 'bid')) choices.push({ label: `bid ${a.bid}`, names: [`bid-${a.bid}`], action: a });
  }
  return { question: questionFor(actions, pending), choices };
}

function questionFor(actions: readonly Action[], pending: string | null): string {
  const a = actions[0];
  if (!a) return '';
  if (has(a, 'play') || has(a, 'hiki')) return 'Play a card from your hand:';
  if (has(a, 'take') || has(a, 'leave'))
    return pending ? `${cardLabel(pending)} is up: which card does it take?` : 'Which card does it take?';
  if (has(a, 'koikoi') || has(a, 'shobu')) return 'You have a new yaku: Koi-Koi or Shobu?';
  if (has(a, 'pile')) return 'Choose one of your two face-down piles as your hand:';
  if (has(a, 'redeal')) return 'Your hand allows a redeal:';
  if (has(a, 'dealerTake')) return 'As dealer, take two of the three cards of a month:';
  if (has(a, 'bid')) return 'Your bid (or type "bid N" for any amount):';
  return 'Your choice:';
}

export type Command = 'rules' | 'hint' | 'quit' | 'captures' | 'redraw';

export type Parsed =
  | { readonly kind: 'command'; readonly command: Command }
  | { readonly kind: 'action'; readonly action: Action }
  /** A choice that needs a follow-up answer. */
  | { readonly kind: 'ask'; readonly choice: Choice }
  | { readonly kind: 'error'; readonly message: string };

const COMMANDS: Readonly<Record<string, Command>> = {
  '?': 'rules',
  help: 'rules',
  rules: 'rules',
  hint: 'hint',
  q: 'quit',
  quit: 'quit',
  exit: 'quit',
  c: 'captures',
  captures: 'captures',
  r: 'redraw',
  redraw: 'redraw',
  look: 'redraw',
};

export const INPUT_HELP =
  'a number, a card name (a prefix will do: "cur" is cherry-curtain), hint, c (captures), ? (rules) or q';

/** Reads one line against a menu; `seat` fills in free-form bids. */
export function parseInput(text: string, menu: Menu, seat: number): Parsed {
  const typed = text.trim();
  if (!typed) return { kind: 'error', message: `type ${INPUT_HELP}` };
  const command = COMMANDS[typed.toLowerCase()];
  if (command) return { kind: 'command', command };
  const bid = /^bid\s+(\d+)$/i.exec(typed);
  if (bid && menu.choices.some((c) => c.action && 'bid' in c.action))
    return { kind: 'action', action: { seat, bid: Number(bid[1]) } };
  return pick(words(typed), menu.choices);
}

/** Resolves words against choices: a number, or the longest run of leading words that names one choice; the rest answers its follow-up. */
export function pick(typed: readonly string[], choices: readonly Choice[]): Parsed {
  if (typed.length === 0) return { kind: 'error', message: `type ${INPUT_HELP}` };
  let found: { choice: Choice; rest: readonly string[] } | undefined;
  if (/^\d+$/.test(typed[0])) {
    const n = Number(typed[0]);
    if (n < 1 || n > choices.length)
      return {
        kind: 'error',
        message: `there is no choice ${typed[0]}: choose 1${choices.length > 1 ? `–${choices.length}` : ''}`,
      };
    found = { choice: choices[n - 1], rest: typed.slice(1) };
  } else {
    for (let k = typed.length; k >= 1 && !found; k--) {
      const head = typed.slice(0, k);
      const scored = choices.map((c) => ({ c, m: best(c.names.map((n) => nameMatch(head, n))) }));
      const exact = scored.filter((s) => s.m === 'exact').map((s) => s.c);
      const matches = exact.length ? exact : scored.filter((s) => s.m === 'prefix').map((s) => s.c);
      if (!matches.length) continue;
      if (matches.length > 1 && !allInterchangeable(matches)) {
        return {
          kind: 'error',
          message: `"${head.join(' ')}" could be ${matches.map((c) => c.names[0]).join(', ')}: type more of the name, or a number`,
        };
      }
      found = { choice: matches[0], rest: typed.slice(k) };
    }
  }
  if (!found) return unknown(typed);
  const { choice, rest } = found;
  if (rest.length === 0)
    return choice.action ? { kind: 'action', action: choice.action } : { kind: 'ask', choice };
  if (!choice.then)
    return { kind: 'error', message: `${choice.names[0]} needs no more: leave out "${rest.join(' ')}"` };
  const inner = pick(rest, choice.then);
  if (inner.kind === 'error') return { kind: 'error', message: `${choice.names[0]}: ${inner.message}` };
  return inner;
}

const best = (ms: readonly ('exact' | 'prefix' | null)[]) =>
  ms.includes('exact') ? 'exact' : ms.includes('prefix') ? 'prefix' : null;

/** Two plain chaff of one month are one choice in all but name. */
function allInterchangeable(choices: readonly Choice[]): boolean {
  const cards = choices.map((c) => cardById(c.names[0]));
  return cards.every((c) => c !== undefined && interchangeable(c, cards[0]!));
}

function unknown(typed: readonly string[]): Parsed {
  const named = CARDS.filter((c) => nameMatch(typed, c.id) !== null);
  const text = typed.join(' ');
  if (
    named.length === 1 ||
    (named.length > 1 && named.every((c) => interchangeable(c.card, named[0].card)))
  ) {
    return { kind: 'error', message: `${named[0].id} is not one of your choices now` };
  }
  if (named.length > 1)
    return {
      kind: 'error',
      message: `"${text}" is none of your choices (it could name ${named.length} cards, none playable now)`,
    };
  return { kind: 'error', message: `"${text}" is not a choice: type ${INPUT_HELP}` };
}
