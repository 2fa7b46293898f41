/**
 * Actions: one decision by one seat, as plain data in the public form of the scenario
 * format (docs/scenarios.md), with card ids as strings. This is also the form of
 * game records and of the wire protocol.
 */
import { type Card, cardById } from './cards.js';
import { err, ok, type Result } from './result.js';

export type Action =
  | { readonly seat: number; readonly play: string; readonly take?: string }
  | { readonly seat: number; readonly take: string }
  | { readonly seat: number; readonly leave: true }
  | { readonly seat: number; readonly return: true }
  | { readonly seat: number; readonly hiki: number }
  | { readonly seat: number; readonly koikoi: true }
  | { readonly seat: number; readonly shobu: true }
  | { readonly seat: number; readonly pile: 0 | 1 }
  | { readonly seat: number; readonly redeal: boolean }
  | { readonly seat: number; readonly dealerTake: readonly string[] }
  | { readonly seat: number; readonly bid: number };

/** Each action kind, named by its deciding key; `take` alone is the choice for a drawn card. */
export type ActionKind =
  | 'play'
  | 'take'
  | 'leave'
  | 'return'
  | 'hiki'
  | 'koikoi'
  | 'shobu'
  | 'pile'
  | 'redeal'
  | 'dealerTake'
  | 'bid';

const KINDS: readonly ActionKind[] = [
  'play',
  'leave',
  'return',
  'hiki',
  'koikoi',
  'shobu',
  'pile',
  'redeal',
  'dealerTake',
  'bid',
  'take',
];

export function actionKind(action: Action): ActionKind {
  for (const kind of KINDS) if (kind in action) return kind;
  throw new Error('not an action'); // unreachable for a value that passed parseAction
}

/** Validates an untrusted value as an action: shape only; legality is the game's business. */
export function parseAction(raw: unknown): Result<Action> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return err('bad-action', 'an action must be a JSON object');
  const a = raw as Record<string, unknown>;
  if (!Number.isInteger(a.seat) || (a.seat as number) < 0)
    return err('bad-action', 'an action needs "seat": a seat number');
  const keys = Object.keys(a).filter((k) => k !== 'seat');
  const kind = KINDS.find((k) => k in a);
  if (!kind) return err('bad-action', `unknown action ${JSON.stringify(raw)}`);
  const allowed = kind === 'play' ? ['play', 'take'] : [kind];
  const extra = keys.find((k) => !allowed.includes(k));
  if (extra) return err('bad-action', `unexpected "${extra}" in ${JSON.stringify(raw)}`);
  const card = (k: string) => typeof a[k] === 'string' && cardById(a[k] as string) !== undefined;
  switch (kind) {
    case 'play':
      if (!card('play')) return err('unknown-card', `unknown card ${JSON.stringify(a.play)}`);
      if ('take' in a && !card('take')) return err('unknown-card', `unknown card ${JSON.stringify(a.take)}`);
      break;
    case 'take':
      if (!card('take')) return err('unknown-card', `unknown card ${JSON.stringify(a.take)}`);
      break;
    case 'leave':
    case 'return':
    case 'koikoi':
    case 'shobu':
      if (a[kind] !== true) return err('bad-action', `"${kind}" must be true`);
      break;
    case 'redeal':
      if (typeof a.redeal !== 'boolean') return err('bad-action', '"redeal" must be true or false');
      break;
    case 'hiki':
      if (!Number.isInteger(a.hiki) || (a.hiki as number) < 1 || (a.hiki as number) > 12)
        return err('bad-action', '"hiki" must be a month, 1..12');
      break;
    case 'pile':
      if (a.pile !== 0 && a.pile !== 1) return err('bad-action', '"pile" must be 0 or 1');
      break;
    case 'bid':
      if (!Number.isInteger(a.bid) || (a.bid as number) < 0)
        return err('bad-action', '"bid" must be a whole number ≥ 0');
      break;
    case 'dealerTake':
      if (
        !Array.isArray(a.dealerTake) ||
        !a.dealerTake.every((id) => typeof id === 'string' && cardById(id) !== undefined)
      ) {
        return err('bad-action', '"dealerTake" must be a list of card ids');
      }
      break;
  }
  return ok(a as unknown as Action);
}

/** Whether two actions are the same decision, whatever order their fields were written in (a record read back, a menu's own copy). */
export function sameAction(a: Action, b: Action): boolean {
  const key = (x: Action) => JSON.stringify(x, Object.keys(x).sort());
  return key(a) === key(b);
}

/** The card an action names under `key`, for actions that passed parseAction. */
export function actionCard(action: Action, key: 'play' | 'take'): Card | undefined {
  const id = (action as Record<string, unknown>)[key];
  return typeof id === 'string' ? cardById(id) : undefined;
}

/** A short human-readable form: `seat 1 plays cherry-curtain, takes cherry-chaff-1`. */
export function describeAction(action: Action): string {
  const a = action as Record<string, unknown>;
  const who = `seat ${action.seat}`;
  switch (actionKind(action)) {
    case 'play':
      return `${who} plays ${a.play}${a.take ? `, takes ${a.take}` : ''}`;
    case 'take':
      return `${who} takes ${a.take}`;
    case 'leave':
      return `${who} leaves the Gaji on the field`;
    case 'return':
      return `${who} takes the Gaji back into the hand`;
    case 'hiki':
      return `${who} takes the hiki of month ${a.hiki}`;
    case 'koikoi':
      return `${who} calls Koi-Koi`;
    case 'shobu':
      return `${who} calls Shobu`;
    case 'pile':
      return `${who} chooses pile ${a.pile} as the hand`;
    case 'redeal':
      return a.redeal ? `${who} asks for a redeal` : `${who} declines a redeal`;
    case 'dealerTake':
      return `${who} (dealer) takes ${(a.dealerTake as string[]).join(', ')}`;
    case 'bid':
      return `${who} bids ${a.bid}`;
  }
}
