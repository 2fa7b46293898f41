import { sha256Hex } from './sha256.js';

/**
 * The engine's only source of randomness: sfc32, a small fast PRNG whose whole state is
 * four 32-bit words kept in the game state as plain data, so a game is replayable from
 * its seed and its state can be cloned or serialised at any point.
 */
export type RngState = [number, number, number, number];

/** Seeds from any string (or number) by hashing it with cyrb128. */
export function seedRng(seed: string | number): RngState {
  const text = String(seed);
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const state: RngState = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  for (let i = 0; i < 12; i++) nextUint32(state); // warm up: mix the hash thoroughly
  return state;
}

/** Advances the state in place and returns a uniform 32-bit unsigned integer. */
export function nextUint32(s: RngState): number {
  const t = (((s[0] + s[1]) | 0) + s[3]) | 0;
  s[3] = (s[3] + 1) | 0;
  s[0] = s[1] ^ (s[1] >>> 9);
  s[1] = (s[2] + (s[2] << 3)) | 0;
  s[2] = (s[2] << 21) | (s[2] >>> 11);
  s[2] = (s[2] + t) | 0;
  return t >>> 0;
}

/** A uniform integer in [0, bound), without modulo bias. */
export function randomInt(s: RngState, bound: number): number {
  const limit = 0x100000000 - (0x100000000 % bound);
  let x = nextUint32(s);
  while (x >= limit) x = nextUint32(s);
  return x % bound;
}

/** Fisher-Yates shuffle of a copy. */
export function shuffled<T>(s: RngState, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(s, i + 1);
    const tmp = out[i];
    out[i] = out[j];
    out[j] = tmp;
  }
  return out;
}

/**
 * Round `round`'s own seed (round 0: the first-dealer draw): a one-way function of the
 * game's seed, so a server can publish sha256(roundSeed) when a round starts and reveal the
 * round seed when it ends without revealing the seed of any other round.
 */
export const roundSeed = (gameSeed: string | number, round: number): string =>
  sha256Hex(`${gameSeed}:round:${round}`);

/** The RNG every shuffle of round `round` draws from (its deal and any redeal). */
export const roundRng = (gameSeed: string | number, round: number): RngState =>
  seedRng(roundSeed(gameSeed, round));
