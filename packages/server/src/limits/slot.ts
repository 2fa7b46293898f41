import type { Release } from './address-ledger.js';

/**
 * One admitted socket: what it is doing (in no room yet, watching, seated), and how to close
 * it when its place is needed (shedding.ts says which goes first).
 */
export interface Slot {
  /** The address its limits count against (an IPv6 one by its block). */
  readonly address: string;
  /** Spared the per-address limits (a program on this machine). */
  readonly spared: boolean;
  role: 'idle' | 'spectator' | 'seated';
  /** Closes the socket, saying why. */
  readonly shed: (message: string) => void;
  /** Its place among its address's sockets, and (watching) among its spectators, (seated) among its seats. */
  readonly socket: Release;
  watching: Release | null;
  seat: Release | null;
  /** Whether its seat is in a room that has not started (a lobby): it may be shed. Set by the socket's session. */
  inLobby: () => boolean;
}
