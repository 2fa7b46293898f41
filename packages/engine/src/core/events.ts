/**
 * Events with per-seat redaction, as Pokémon Showdown's `|split|`: every event has a public
 * form, and may carry a fuller form seen only by some seats (a dealt hand, a hiki's month).
 */
export interface GameEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}

export interface SplitEvent {
  /** What everyone (spectators included) sees. */
  readonly public: GameEvent;
  /** What the listed seats see instead. */
  readonly secret?: { readonly seats: readonly number[]; readonly event: GameEvent };
}

/** A seat number, or null for a spectator. */
export type Viewer = number | null;

export function eventFor(event: SplitEvent, viewer: Viewer): GameEvent {
  return event.secret && viewer !== null && event.secret.seats.includes(viewer)
    ? event.secret.event
    : event.public;
}

export const eventsFor = (events: readonly SplitEvent[], viewer: Viewer): GameEvent[] =>
  events.map((e) => eventFor(e, viewer));

/** An event everyone sees in full. */
export const open = (event: GameEvent): SplitEvent => ({ public: event });

/** An event whose full form only `seats` see. */
export const split = (
  publicEvent: GameEvent,
  seats: readonly number[],
  secretEvent: GameEvent,
): SplitEvent => ({
  public: publicEvent,
  secret: { seats, event: secretEvent },
});
