/**
 * The matching rule all three games share (docs/rules.md §2): a card played to the field
 * captures the one card of its month, one of two (the player's choice), or all three.
 * Wild cards (the Sakura Gaji, the Nara blank) capture exactly one card of any month.
 */
import { type Card, cardId, monthOf } from './cards.js';
import { POP4, TWIN_NIBBLE, distinctHi, distinctLo, maskOf, monthNibble, popcount } from '../fast/bits.js';
import { err, ok, type Result } from './result.js';

/** How a card meets the field, as a number for the search's simulators (which read `choices <= 1` as no choice). */
export const STAYS = 0;
export const CAPTURES = 1;
export const CHOICE = 2;

/**
 * The matching rule on a mask: a card of `month` meeting `nibble`, the field's cards of that
 * month (fast/bits.ts). None: it stays; one or three: it captures them; two: the player
 * picks one, unless the two are interchangeable chaff (then it takes either, no choice).
 */
function meetingOf(nibble: number, month: number): number {
  const n = POP4[nibble];
  if (n !== 2) return n === 0 ? STAYS : CAPTURES;
  return nibble === TWIN_NIBBLE[month] ? CAPTURES : CHOICE;
}

/** `meetingOf` for every month (row) and nibble (month 0: none), so that asking is one load. */
const MEETINGS = Uint8Array.from({ length: 13 * 16 }, (_, i) => (i < 16 ? STAYS : meetingOf(i & 15, i >> 4)));

/**
 * The matching rule on a mask, as the simulators ask it on every card they walk: a table, as
 * `meetingOf`'s branches on the field's cards went the way the processor did not guess about
 * one time in two (more of Sakura's fast path's time than its instructions showed).
 */
export const monthMeeting = (nibble: number, month: number): number => MEETINGS[(month << 4) | nibble];

/**
 * A wild card (the Nara blank, a wild Gaji) meeting its targets as a mask (lo, hi): it takes
 * exactly one card of any month. None: it stays; one, or two interchangeable chaff: it takes
 * that card (either twin, no choice); more: the player picks one.
 */
export function wildMeeting(lo: number, hi: number): number {
  const n = popcount(distinctLo(lo)) + popcount(distinctHi(hi));
  return n === 0 ? STAYS : n === 1 ? CAPTURES : CHOICE;
}

/** What happens when a card meets the field: it stays, captures these cards, or the player picks one of `options`. */
export type Meeting =
  | { readonly kind: 'stays' }
  /** `alike`: interchangeable cards the player may name instead of `cards[0]` (no real choice). */
  | { readonly kind: 'captures'; readonly cards: readonly Card[]; readonly alike?: readonly Card[] }
  | { readonly kind: 'choice'; readonly options: readonly Card[] };

export const sameMonth = (card: Card, field: readonly Card[]): Card[] =>
  field.filter((f) => monthOf(f) === monthOf(card));

/** An ordinary card meeting the field. */
export function meetByMonth(card: Card, field: readonly Card[]): Meeting {
  const matches = sameMonth(card, field);
  const month = monthOf(card);
  switch (monthMeeting(monthNibble(...maskOf(matches), month), month)) {
    case STAYS:
      return { kind: 'stays' };
    case CHOICE:
      return { kind: 'choice', options: matches };
    default:
      return matches.length === 2
        ? { kind: 'captures', cards: [matches[0]], alike: matches }
        : { kind: 'captures', cards: matches };
  }
}

/** A wild card meeting the field: it takes exactly one of `targets` (even from a stack of three). */
export function meetWild(targets: readonly Card[]): Meeting {
  switch (wildMeeting(...maskOf(targets))) {
    case STAYS:
      return { kind: 'stays' };
    case CAPTURES:
      return { kind: 'captures', cards: [targets[0]], alike: targets };
    default:
      return { kind: 'choice', options: targets };
  }
}

/**
 * The cards a meeting captures, given the player's `take` (optional). A `take` that names a
 * card the meeting captures anyway, or its interchangeable twin on the field, is accepted.
 */
export function resolveTake(meeting: Meeting, take: Card | undefined, played: Card): Result<Card[]> {
  switch (meeting.kind) {
    case 'stays':
      if (take !== undefined)
        return err('bad-take', `${cardId(played)} captures nothing here, so it cannot take ${cardId(take)}`);
      return ok([]);
    case 'captures': {
      if (take === undefined) return ok(meeting.cards.slice());
      if (meeting.alike?.includes(take)) return ok([take]);
      if (!meeting.cards.includes(take))
        return err(
          'bad-take',
          `${cardId(played)} cannot take ${cardId(take)}; it captures ${meeting.cards.map(cardId).join(', ')}`,
        );
      return ok(meeting.cards.slice());
    }
    case 'choice':
      if (take === undefined)
        return err(
          'choice-needed',
          `${cardId(played)} can take ${meeting.options.map(cardId).join(' or ')}: say which ("take")`,
        );
      if (!meeting.options.includes(take))
        return err(
          'bad-take',
          `${cardId(played)} cannot take ${cardId(take)}; choose from ${meeting.options.map(cardId).join(', ')}`,
        );
      return ok([take]);
  }
}

/** The `take` values a player may name for a meeting: none when automatic, else one per option. */
export function takeChoices(meeting: Meeting): (Card | undefined)[] {
  return meeting.kind === 'choice' ? meeting.options.slice() : [undefined];
}
