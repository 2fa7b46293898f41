/**
 * Hiki (docs/rules.md 3.7): all four cards of a month among a player's hand and the field.
 * Announced to all without the month; the month stays secret until taken or revealed.
 */
import { cardId, cardsOfMonth, monthOf } from '../../core/cards.js';
import { type SplitEvent, split } from '../../core/events.js';
import type { Hiki, SakuraState } from './state.js';

/**
 * Whether `seat` holds all four cards of `month` in hand and field. At least one must be
 * in the hand: four of a month on the field belong to nobody (the dealer captures them).
 */
export function holdsHiki(s: SakuraState, seat: number, month: number): boolean {
  const hand = s.hands[seat];
  const four = cardsOfMonth(month);
  return four.some((c) => hand.includes(c)) && four.every((c) => hand.includes(c) || s.field.includes(c));
}

/** The months `seat` could announce now. */
export function hikiMonths(s: SakuraState, seat: number): number[] {
  const months = new Set(s.hands[seat].map(monthOf));
  return [...months].filter((m) => holdsHiki(s, seat, m)).sort((a, b) => a - b);
}

function announce(s: SakuraState, seat: number, month: number, events: SplitEvent[]): void {
  s.hikis.push({ seat, month, revealed: false });
  events.push(split({ type: 'hiki', seat }, [seat], { type: 'hiki', seat, month }));
}

/** At the deal: every hiki dealt is announced (both timings). */
export function announceDealtHikis(s: SakuraState, events: SplitEvent[]): void {
  for (let seat = 0; seat < s.players; seat++)
    for (const m of hikiMonths(s, seat)) announce(s, seat, m, events);
}

/**
 * After every change: forget hikis no longer held (only their owner's own play breaks one),
 * and under `hikiTiming: anytime` announce the new ones.
 */
export function updateHikis(s: SakuraState, events: SplitEvent[]): void {
  s.hikis = s.hikis.filter((h) => holdsHiki(s, h.seat, h.month));
  if (s.options.hikiTiming !== 'anytime') return;
  for (let seat = 0; seat < s.players; seat++) {
    for (const m of hikiMonths(s, seat))
      if (!s.hikis.some((h) => h.seat === seat && h.month === m)) announce(s, seat, m, events);
  }
}

/** The held hiki of another seat that `card` (on the field) belongs to, if any. */
export const hikiOfOther = (s: SakuraState, seat: number, month: number): Hiki | undefined =>
  s.hikis.find((h) => h.seat !== seat && h.month === month);

/** Moves every card of `month` in the seat's hand and on the field to its captures; returns them as ids. */
export function gatherMonth(s: SakuraState, seat: number, month: number): string[] {
  const taken = [...s.hands[seat], ...s.field].filter((c) => monthOf(c) === month);
  s.hands[seat] = s.hands[seat].filter((c) => monthOf(c) !== month);
  s.field = s.field.filter((c) => monthOf(c) !== month);
  s.captured[seat].push(...taken);
  s.hikis = s.hikis.filter((h) => !(h.seat === seat && h.month === month));
  return taken.map(cardId);
}
