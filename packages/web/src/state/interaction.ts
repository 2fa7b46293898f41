/**
 * What the player can do now, read from the view's legal actions: which hand cards play,
 * which field cards a selected card (or the pending one) may take, and the decisions that
 * are buttons (hiki, Koi-Koi or Shobu, piles, redeal, dealer takes, bids, leaving the Gaji).
 */
import { type Action, cardById, monthOf } from '@hanafuda/engine';

type Loose = Record<string, unknown>;
const field = (a: Action, key: string): unknown => (a as Loose)[key];

/** The hand cards that can be played now. */
export function playableCards(actions: readonly Action[]): Set<string> {
  return new Set(
    actions.flatMap((a) => (typeof field(a, 'play') === 'string' ? [field(a, 'play') as string] : [])),
  );
}

/** The plays of one hand card: one action (play it), or several (choose what it takes). */
export function playsOf(actions: readonly Action[], card: string): Action[] {
  return actions.filter((a) => field(a, 'play') === card);
}

/** The field cards a choice can take: for a selected hand card, or for the pending card (actions `take` alone). */
export function takeTargets(actions: readonly Action[], selected: string | null): Map<string, Action> {
  const targets = new Map<string, Action>();
  for (const a of actions) {
    const take = field(a, 'take');
    if (typeof take !== 'string') continue;
    const play = field(a, 'play');
    if ((selected === null && play === undefined) || (selected !== null && play === selected))
      targets.set(take, a);
  }
  return targets;
}

/** Field cards of the same month as a card (what a hover highlights). */
export function sameMonth(card: string, fieldCards: readonly string[]): Set<string> {
  const c = cardById(card);
  if (c === undefined || monthOf(c) === 0) return new Set();
  const month = monthOf(c);
  return new Set(
    fieldCards.filter((f) => {
      const fc = cardById(f);
      return fc !== undefined && monthOf(fc) === month;
    }),
  );
}

export type ButtonKind =
  'hiki' | 'koikoi' | 'shobu' | 'pile' | 'redeal' | 'dealerTake' | 'bid' | 'leave' | 'return';

/** The decisions shown as buttons, by kind, in the actions' order. */
export function buttonActions(actions: readonly Action[]): { kind: ButtonKind; action: Action }[] {
  const kinds: ButtonKind[] = [
    'hiki',
    'koikoi',
    'shobu',
    'pile',
    'redeal',
    'dealerTake',
    'bid',
    'leave',
    'return',
  ];
  return actions.flatMap((action) => {
    const kind = kinds.find((k) => k in action);
    return kind ? [{ kind, action }] : [];
  });
}
