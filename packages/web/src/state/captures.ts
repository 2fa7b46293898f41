/**
 * The captures at the end of a round, for the score breakdown: the view after a round-end
 * already shows the next deal, so the last view's captures are carried through the events
 * that came before the round-end.
 */
import type { GameEvent } from '@hanafuda/engine';

const ADDS_CARDS = new Set(['capture', 'hiki-taken', 'dealer-takes-four', 'gaji-leftovers', 'dealer-take', 'blank-claim']);

export function capturesThrough(before: readonly (readonly string[])[], events: readonly GameEvent[]): string[][] {
  const captured = before.map((c) => c.slice());
  const add = (seat: unknown, cards: readonly string[]) => {
    if (typeof seat === 'number' && captured[seat]) captured[seat].push(...cards);
  };
  for (const e of events) {
    if (e.type === 'round-end') break;
    if (ADDS_CARDS.has(e.type)) add(e.seat, (e.cards as string[] | undefined) ?? []);
    else if (e.type === 'blank-dealt') add(e.seat, ['blank', ...(typeof e.with === 'string' ? [e.with] : [])]);
    else if (e.type === 'blank-alone') add(e.seat, ['blank']);
    else if (e.type === 'gaji-transfer') {
      const card = e.card as string;
      if (typeof e.from === 'number') captured[e.from] = captured[e.from].filter((c) => c !== card);
      add(e.to, [card]);
    }
  }
  return captured;
}
