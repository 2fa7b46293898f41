/**
 * The Sakura round inside Oi-bana runs as a 2-player game with seats 0 and 1; these map
 * its seat numbers (in events, actions and messages) to the table's seats and back.
 */
import type { Action } from '../../core/actions.js';
import type { GameEvent, SplitEvent } from '../../core/events.js';

const SEAT_FIELDS = ['seat', 'owner', 'to', 'from', 'dealer', 'nextDealer'];

export type SeatMap = readonly [number, number];

function mapFields(e: GameEvent, map: SeatMap): GameEvent {
  const out: Record<string, unknown> = { ...e };
  for (const key of SEAT_FIELDS) if (typeof out[key] === 'number') out[key] = map[out[key] as number];
  return out as GameEvent;
}

/** Duel events in table seats; the duel's own round and game ends are replaced by Oi-bana's. */
export function duelEvents(events: readonly SplitEvent[], map: SeatMap): SplitEvent[] {
  return events
    .filter((e) => e.public.type !== 'round-end' && e.public.type !== 'game-end')
    .map((e) => ({
      public: mapFields(e.public, map),
      ...(e.secret
        ? { secret: { seats: e.secret.seats.map((s) => map[s]), event: mapFields(e.secret.event, map) } }
        : {}),
    }));
}

export const toTableAction = (a: Action, map: SeatMap): Action => ({ ...a, seat: map[a.seat] });

/** Duel error messages name duel seats: say the table's. */
export const toTableMessage = (message: string, map: SeatMap): string =>
  message.replace(/seat (\d)/g, (_, n: string) => `seat ${map[Number(n)]}`);
