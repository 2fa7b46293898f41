/**
 * Rooms nobody is in are not kept for ever: a lobby nobody has been in for half an hour, or a
 * game nobody has been connected to for a day, is marked abandoned in the store (so a restart
 * does not rebuild it; the row stays, for the record) and dropped from memory. A lobby whose
 * game has not started half an hour after it was made ends too, with its people in it (told
 * `lobby-expired`): otherwise sockets seated in lobbies nobody means to start hold the
 * server's places for good. A room the public lobby made for people it paired ends sooner, a
 * minute after it was made if one of them has not taken the seat kept for them (told
 * `paired-no-show`): strangers do not wait half an hour for someone whose page went away, they
 * go back to the lobby. A finished game's room goes by itself a few minutes after the end
 * (rooms.ts), and is not rebuilt either.
 */
import type { Room } from './room.js';
import type { Rooms } from './rooms.js';
import type { Log } from '../ops/log.js';

export interface EvictionOptions {
  /** How long an open lobby may have nobody in it. */
  readonly lobbyIdleMs: number;
  /** How long after it was made a lobby may go on without its game starting, people in it or not. */
  readonly lobbyMaxMs: number;
  /** How long a room the lobby made waits for the people it paired to take their seats. */
  readonly pairedMaxMs: number;
  /** How long a game in play may have no person or spectator connected. */
  readonly gameIdleMs: number;
  /** How often the rooms are looked at. */
  readonly sweepMs: number;
}

// Half an hour to share a link and gather the family: a table that has not filled by then is not going to.
export const DEFAULT_EVICTION: EvictionOptions = {
  lobbyIdleMs: 30 * 60_000,
  lobbyMaxMs: 30 * 60_000,
  // A paired page joins its room by itself within a second or two: a minute is for a slow phone.
  pairedMaxMs: 60_000,
  gameIdleMs: 24 * 3_600_000,
  // Ten looks within the shortest bound (a paired room's minute), so it is kept to within a tenth.
  sweepMs: 6_000,
};

const expired = (minutes: number) =>
  `this room ended: its game had not started ${minutes} minutes after it was made (a room waits only so long for its players); make a new room`;
const noShow = (seconds: number) =>
  `this room ended: someone the lobby paired you with did not take their seat within ${seconds} seconds; look for another game in the lobby`;

/** Starts looking at the rooms every `sweepMs`; answers a function that stops it. */
export function evictAbandoned(
  rooms: Rooms,
  options: EvictionOptions,
  log: Log,
  onEvicted: () => void = () => undefined,
): () => void {
  /** Since when each room has had nobody in it, as first seen by a sweep. */
  const emptySince = new Map<string, number>();
  let sweeping = false;
  /** The ends of a room not started in time, the first that applies: a paired room's, then any lobby's. */
  const unstarted = [
    {
      applies: (room: Room) => room.waitsForPaired,
      afterMs: options.pairedMaxMs,
      code: 'paired-no-show',
      message: noShow(Math.round(options.pairedMaxMs / 1000)),
      why: 'room abandoned: someone paired to it did not come',
    },
    {
      applies: (room: Room) => room.status === 'open',
      afterMs: options.lobbyMaxMs,
      code: 'lobby-expired',
      message: expired(Math.round(options.lobbyMaxMs / 60_000)),
      why: 'room abandoned: not started in time',
    },
  ];
  /** Ends a lobby not started in time: the people in it are told why, and the room is abandoned as an empty one is. */
  const expire = async (id: string, ageMs: number, end: (typeof unstarted)[number]) => {
    try {
      await rooms.abandon(id, (room) => room.dismiss(end.code, end.message));
      emptySince.delete(id);
      onEvicted();
      log.info({ room: id, status: 'open', ageMin: Math.round(ageMs / 60_000) }, end.why);
    } catch {
      // The store logged it; the next sweep tries again.
    }
  };
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    const now = Date.now();
    const held = new Set<string>();
    for (const room of rooms.all()) {
      held.add(room.id);
      const age = now - room.createdAt;
      const end = unstarted.find((e) => e.applies(room) && age >= e.afterMs);
      if (end) {
        await expire(room.id, age, end);
        continue;
      }
      const state = room.state();
      if (state.status === 'over' || state.spectators > 0 || state.seats.some((s) => s.connected)) {
        emptySince.delete(room.id);
        continue;
      }
      const since = emptySince.get(room.id) ?? now;
      emptySince.set(room.id, since);
      const limit = state.status === 'open' ? options.lobbyIdleMs : options.gameIdleMs;
      if (now - since < limit) continue;
      try {
        await rooms.abandon(room.id);
        emptySince.delete(room.id);
        onEvicted();
        log.info(
          { room: room.id, status: state.status, idleMin: Math.round((now - since) / 60_000) },
          'room abandoned: nobody was in it',
        );
      } catch {
        // The store logged it; the room stays and the next sweep tries again.
      }
    }
    for (const id of emptySince.keys()) if (!held.has(id)) emptySince.delete(id);
    sweeping = false;
  };
  const timer = setInterval(() => void sweep(), options.sweepMs);
  timer.unref();
  return () => clearInterval(timer);
}
