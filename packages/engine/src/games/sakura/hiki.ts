/**
 * Hiki (docs/rules.md 3.7): all four cards of a month among a player's hand and the field.
 * Announced to all without the month; the month stays secret until taken or revealed. The
 * rules are functions of card sets as masks (fast/bits.ts), which the search's simulator
 * (fast/sakura.ts) calls too.
 */
import { cardId, monthOf } from '../../core/cards.js';
import { type SplitEvent, split } from '../../core/events.js';
import { fullMonthsWith, lowestBit, maskOf } from '../../fast/bits.js';
import type { Hiki, SakuraState } from './state.js';

/**
 * The months (bit m − 1) whose four cards a hand (lo, hi) holds with the field: the hikis the
 * hand holds. At least one card must be in the hand: four of a month on the field belong to
 * nobody (the dealer captures them).
 */
export const heldHikis = (handLo: number, handHi: number, fieldLo: number, fieldHi: number): number =>
  fullMonthsWith(handLo | fieldLo, handHi | fieldHi, handLo, handHi);

/**
 * The months (bit m − 1) among `months` whose hiki another seat than `seat` holds (`owner[m]`:
 * the seat of month m's hiki). A wild Gaji aimed at one of them is blocked (3.8).
 */
export function othersHikis(months: number, owner: ArrayLike<number>, seat: number): number {
  let others = 0;
  for (let left = months; left !== 0; left &= left - 1) {
    const m = lowestBit(left);
    if (owner[m + 1] !== seat) others |= 1 << m;
  }
  return others;
}

/** The months (bit m − 1) of `seat`'s hikis now. */
function heldBy(s: SakuraState, seat: number): number {
  const [fieldLo, fieldHi] = maskOf(s.field);
  const [lo, hi] = maskOf(s.hands[seat]);
  return heldHikis(lo, hi, fieldLo, fieldHi);
}

/** Whether `seat` holds all four cards of `month` in hand and field, one at least in the hand. */
export const holdsHiki = (s: SakuraState, seat: number, month: number): boolean =>
  (heldBy(s, seat) & (1 << (month - 1))) !== 0;

/** The months `seat` could announce now. */
export function hikiMonths(s: SakuraState, seat: number): number[] {
  const months: number[] = [];
  for (let left = heldBy(s, seat); left !== 0; left &= left - 1) months.push(lowestBit(left) + 1);
  return months;
}

/** The announced hikis as masks: their months, those revealed, and each month's owner. */
export function hikiMasks(hikis: readonly Hiki[]): { months: number; revealed: number; owner: Int8Array } {
  const owner = new Int8Array(13).fill(-1);
  let months = 0;
  let revealed = 0;
  for (const h of hikis) {
    months |= 1 << (h.month - 1);
    if (h.revealed) revealed |= 1 << (h.month - 1);
    owner[h.month] = h.seat;
  }
  return { months, revealed, owner };
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

/** The held hiki of another seat of `month` (a field card's month), if any: it blocks a wild Gaji. */
export function hikiOfOther(s: SakuraState, seat: number, month: number): Hiki | undefined {
  const { months, owner } = hikiMasks(s.hikis);
  if ((othersHikis(months, owner, seat) & (1 << (month - 1))) === 0) return undefined;
  return s.hikis.find((h) => h.seat !== seat && h.month === month);
}

/** Moves every card of `month` in the seat's hand and on the field to its captures; returns them as ids. */
export function gatherMonth(s: SakuraState, seat: number, month: number): string[] {
  const taken = [...s.hands[seat], ...s.field].filter((c) => monthOf(c) === month);
  s.hands[seat] = s.hands[seat].filter((c) => monthOf(c) !== month);
  s.field = s.field.filter((c) => monthOf(c) !== month);
  s.captured[seat].push(...taken);
  s.hikis = s.hikis.filter((h) => !(h.seat === seat && h.month === month));
  return taken.map(cardId);
}
