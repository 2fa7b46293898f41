/** The last move at the table, kept in view until the next one: its cards and who made it. */
import type { GameEvent } from '@hanafuda/engine';

export interface LastMove {
  readonly seat: number | null;
  /** Played, drawn and captured cards. */
  readonly cards: ReadonlySet<string>;
}

/**
 * Reads the log backwards to the start of the latest turn: a hand play (with its capture, the
 * draw and the draw's capture after it), or a draw alone for a turn with an empty hand.
 */
export function lastMove(log: readonly GameEvent[]): LastMove {
  const cards = new Set<string>();
  let seat: number | null = null;
  let drew = false;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (e.type === 'round-start' || (e.type === 'draw' && drew)) break;
    if (e.type === 'capture' && Array.isArray(e.cards)) for (const c of e.cards) cards.add(String(c));
    if ((e.type === 'play' || e.type === 'draw') && typeof e.card === 'string') {
      cards.add(e.card);
      seat = Number(e.seat);
    }
    if (e.type === 'draw') drew = true;
    if (e.type === 'play') break;
  }
  return { seat, cards };
}
