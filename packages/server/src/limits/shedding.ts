/**
 * Which socket goes when the server is full and a newcomer knocks: the one least useful to
 * keep. First the longest-held spectator (watching is the least loss). Then a socket in no
 * room or seated in a lobby that has not started, taken from the address holding the most such
 * sockets (its socket in no room first, then its oldest), so that one address filling the
 * server with lobbies it never starts pays for it, and a newcomer is not pushed out by the
 * next one. A seat in a game under way (or finished and waiting for a rematch, or in a room
 * another process holds) is never shed: its player can always come back to it.
 */
import type { Slot } from './slot.js';

const sheddable = (slot: Slot): boolean => slot.role === 'idle' || (slot.role === 'seated' && slot.inLobby());

/** The socket to shed among `slots` (oldest first), or undefined when none may go. */
export function leastUseful(slots: Iterable<Slot>): Slot | undefined {
  const byAddress = new Map<string, Slot[]>();
  for (const slot of slots) {
    if (slot.role === 'spectator') return slot;
    if (!sheddable(slot)) continue;
    const held = byAddress.get(slot.address);
    if (held) held.push(slot);
    else byAddress.set(slot.address, [slot]);
  }
  // The address holding most; between equals, the one whose socket is oldest (met first).
  let most: Slot[] | undefined;
  for (const held of byAddress.values()) if (!most || held.length > most.length) most = held;
  return most?.find((slot) => slot.role === 'idle') ?? most?.[0];
}
