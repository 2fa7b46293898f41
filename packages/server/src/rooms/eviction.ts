/**
 * Rooms nobody is in are not kept for ever: a lobby nobody has been in for half an hour, or a
 * game nobody has been connected to for a day, is marked abandoned in the store (so a restart
 * does not rebuild it; the row stays, for the record) and dropped from memory. A lobby whose
 * game has not started half an hour after it was made ends too, with its people in it (told
 * `lobby-expired`): otherwise sockets seated in lobbies nobody means to start hold the
 * server's places for good. A finished game's room goes by itself a few minutes after the
 * end (rooms.ts), and is not rebuilt either.
 */
import type { Rooms } from './rooms.js';
import type { Log } from '../ops/log.js';

export interface EvictionOptions {
  /** How long an open lobby may have nobody in it. */
  readonly lobbyIdleMs: number;
  /** How long after it was made a lobby may go on without its game starting, people in it or not. */
  readonly lobbyMaxMs: number;
  /** How long a game in play may have no person or spectator connected. */
  readonly gameIdleMs: number;
  /** How often the rooms are looked at. */
  readonly sweepMs: number;
}

// Half an hour to share a link and gather the family: a table that has not filled by then is not going to.
export const DEFAULT_EVICTION: EvictionOptions = {
  lobbyIdleMs: 30 * 60_000,
  lobbyMaxMs: 30 * 60_000,
  gameIdleMs: 24 * 3_600_000,
  sweepMs: 60_000,
};

const expired = (minutes: number) =>
  `this room ended: its game had not started ${minutes} minutes after it was made (a room waits only so long for its players); make a new room`;

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
  /** Ends a lobby not started in time: the people in it are told, and the room is abandoned as an empty one is. */
  const expire = async (id: string, ageMin: number) => {
    try {
      await rooms.abandon(id, (room) =>
        room.dismiss('lobby-expired', expired(Math.round(options.lobbyMaxMs / 60_000))),
      );
      emptySince.delete(id);
      onEvicted();
      log.info({ room: id, status: 'open', ageMin }, 'room abandoned: not started in time');
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
      if (room.status === 'open' && now - room.createdAt >= options.lobbyMaxMs) {
        await expire(room.id, Math.round((now - room.createdAt) / 60_000));
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
