/**
 * What every game does when a card lands: it stays on the field, or it and the cards it
 * takes go to a player's captures, with the public event that says so.
 */
import { type Card, cardId } from './cards.js';
import { type SplitEvent, open } from './events.js';

export interface FieldAndCaptures {
  field: Card[];
  captured: Card[][];
}

export function putOnField(s: FieldAndCaptures, seat: number, card: Card, events: SplitEvent[]): void {
  s.field.push(card);
  events.push(open({ type: 'to-field', seat, card: cardId(card) }));
}

/** `cards` is the played card first, then what it takes from the field; `detail` joins the event (e.g. `wild`). */
export function captureFromField(
  s: FieldAndCaptures,
  seat: number,
  cards: readonly Card[],
  events: SplitEvent[],
  detail: Record<string, unknown> = {},
): void {
  s.field = s.field.filter((c) => !cards.includes(c));
  s.captured[seat].push(...cards);
  events.push(open({ type: 'capture', seat, cards: cards.map(cardId), ...detail }));
}
