/** Secrets and names from the operating system's cryptographic source (never the game RNG). */
import { createHash, randomBytes } from 'node:crypto';
import { roomIdFrom } from '@hanafuda/protocol';

/** A room id for invite links: 10 url-safe characters (60 bits), unguessable enough to keep uninvited strangers out. */
export const newRoomId = (): string => roomIdFrom(randomBytes(8));

/** A seat or host token: 128 bits. Only its hash is stored. */
export const newToken = (): string => randomBytes(16).toString('base64url');

/** A game seed: 256 bits, hex. Secret until the game ends (each round's seed is revealed when that round ends). */
export const newGameSeed = (): string => randomBytes(32).toString('hex');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
