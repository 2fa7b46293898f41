/**
 * A round's hand plays, kept by the games whose views list them (Koi-Koi, Sakura, Nara): each card played
 * from a hand with the table it was played to. Public, as every player at a real table sees
 * them played; a bot reads what the plays say of the hand left.
 */
import { type Card, cardId, cardIds } from './cards.js';

/** A card played from a hand this round, with the table it was played to. */
export interface HandPlay {
  readonly seat: number;
  readonly card: Card;
  /** The field just before the play, in the order its cards came. */
  readonly field: readonly Card[];
  /** Per seat, how many cards it had captured then: captures are kept in the order taken, so they were its first ones. */
  readonly captured: readonly number[];
}

/** A hand play as a view shows it: the card, the field it was played to, and what its turn took (the play's and the draw's). */
export interface PlayView {
  readonly seat: number;
  readonly card: string;
  readonly field: string[];
  readonly took: string[];
}

/** Keeps `seat`'s play of `card` on the table of `s`, before the card leaves the hand. */
export function recordPlay(
  s: { plays?: HandPlay[]; field: readonly Card[]; captured: readonly (readonly Card[])[] },
  seat: number,
  card: Card,
): void {
  (s.plays ??= []).push({ seat, card, field: s.field.slice(), captured: s.captured.map((c) => c.length) });
}

/** The plays as a view shows them: a turn took the seat's captures from its play's count to the next play's (or to now). */
export function playViews(
  plays: readonly HandPlay[] | undefined,
  captured: readonly (readonly Card[])[],
): PlayView[] {
  const all = plays ?? [];
  return all.map((p, t) => {
    const next = all[t + 1]?.captured[p.seat] ?? captured[p.seat].length;
    return {
      seat: p.seat,
      card: cardId(p.card),
      field: p.field.map(cardId),
      took: cardIds(captured[p.seat].slice(p.captured[p.seat], next)),
    };
  });
}
