/**
 * A round followed event by event from its start: its captures, its dealer and its notable
 * events, taken at its round-end for the score breakdown. The events are the one source: a
 * page that saw every update and a page that came back with the welcome's history follow the
 * same ones, so both show the same rows.
 */
import type { GameEvent } from '@hanafuda/engine';

/** The round under way, as far as its events have told. */
export interface RoundTrack {
  /** Per seat: the cards captured so far this round. */
  readonly captured: readonly (readonly string[])[];
  /** Who dealt it (the last start, after any redeal). */
  readonly dealer: number | null;
  /** Its notable events (hiki, Gaji claims, special hands, calls). */
  readonly notable: readonly GameEvent[];
}

/** A round whose round-end was seen, with what was followed up to it (null where its start was not seen). */
export interface EndedRound {
  readonly end: GameEvent;
  readonly track: RoundTrack | null;
}

const ADDS_CARDS = new Set([
  'capture',
  'hiki-taken',
  'dealer-takes-four',
  'gaji-leftovers',
  'dealer-take',
  'blank-claim',
]);
const STARTS = new Set(['round-start', 'auction-start']);

const NOTABLE = new Set([
  'hiki',
  'hiki-taken',
  'gaji-claim',
  'gaji-blocked',
  'gaji-transfer',
  'gaji-leftovers',
  'blank-claim',
  'blank-dealt',
  'dealer-takes-four',
  'dealer-take',
  'koikoi',
  'shobu',
  'oyaken',
  'redeal',
  'misdeal',
]);

/** Follows `events` from `track` (null: no round start seen yet) for a table of `seats` seats. */
export function followRounds(
  track: RoundTrack | null,
  events: readonly GameEvent[],
  seats: number,
): { track: RoundTrack | null; ended: EndedRound[] } {
  const ended: EndedRound[] = [];
  let captured = track ? track.captured.map((c) => c.slice()) : null;
  let dealer = track?.dealer ?? null;
  let notable = track ? track.notable.slice() : [];
  const add = (seat: unknown, cards: readonly string[]) => {
    if (captured && typeof seat === 'number' && captured[seat]) captured[seat].push(...cards);
  };
  for (const e of events) {
    if (STARTS.has(e.type)) {
      captured = Array.from({ length: seats }, () => []);
      dealer = typeof e.dealer === 'number' ? e.dealer : null;
      notable = [];
    } else if (e.type === 'round-end') {
      ended.push({
        end: e,
        track: captured
          ? { captured: captured.map((c) => c.slice()), dealer, notable: notable.slice(-12) }
          : null,
      });
    } else if (ADDS_CARDS.has(e.type)) add(e.seat, (e.cards as string[] | undefined) ?? []);
    else if (e.type === 'blank-dealt')
      add(e.seat, ['blank', ...(typeof e.with === 'string' ? [e.with] : [])]);
    else if (e.type === 'blank-alone') add(e.seat, ['blank']);
    else if (e.type === 'gaji-transfer' && captured) {
      const card = e.card as string;
      if (typeof e.from === 'number' && captured[e.from])
        captured[e.from] = captured[e.from].filter((c) => c !== card);
      add(e.to, [card]);
    }
    if (NOTABLE.has(e.type)) notable.push(e);
  }
  return { track: captured ? { captured, dealer, notable } : null, ended };
}
