/**
 * Who may see a room. A private room (the default) is reached only through its links: the
 * invite key lets one join or watch, the watch key only watch, a seat's token (its player)
 * watch and read its records. The keys are derived from the host token's stored hash with
 * HMAC (sha256 of a 128-bit secret that never leaves the server), so they need no storage of
 * their own, survive restarts, are the same in every process, and cannot be worked back to
 * the host's token. A public room is open to anyone who knows its id.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RoomKeys, RoomSetup } from '@hanafuda/protocol';
import { hashToken } from './ids.js';
import type { StoredSeat } from '../store/store.js';

/** What a key opens: `play` (join, watch), `watch`, or nothing. */
export type Access = 'play' | 'watch' | null;

/** What of a room decides who may see it (a live room, or a stored one). */
export interface Guarded {
  readonly setup: RoomSetup;
  readonly hostTokenHash: string;
  readonly seats: readonly StoredSeat[];
}

const derive = (hostTokenHash: string, purpose: 'invite' | 'watch'): string =>
  createHmac('sha256', hostTokenHash).update(`room ${purpose} key`).digest('base64url').slice(0, 22);

/** Rooms whose keys are kept derived: a crowd watching a room checks its key once each, and an HMAC is some 0.1 ms. */
const KEPT_KEYS = 10_000;
const derived = new Map<string, RoomKeys>();

/** A room's invite and watch keys (128 bits each). */
export function roomKeys(hostTokenHash: string): RoomKeys {
  let keys = derived.get(hostTokenHash);
  if (keys) return keys;
  keys = Object.freeze({ invite: derive(hostTokenHash, 'invite'), watch: derive(hostTokenHash, 'watch') });
  // The oldest derived first is forgotten (derived again if asked for).
  if (derived.size >= KEPT_KEYS) derived.delete(derived.keys().next().value!);
  derived.set(hostTokenHash, keys);
  return keys;
}

const same = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** What `key` opens in `room`; a public room is open to play without one. */
export function access(room: Guarded, key: string | undefined): Access {
  if (room.setup.public) return 'play';
  if (key === undefined) return null;
  const keys = roomKeys(room.hostTokenHash);
  if (same(key, keys.invite)) return 'play';
  if (same(key, keys.watch)) return 'watch';
  const hash = hashToken(key);
  return room.seats.some((s) => s.tokenHash !== undefined && same(s.tokenHash, hash)) ? 'watch' : null;
}
