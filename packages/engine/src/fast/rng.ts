/**
 * The fast path's RNG: the engine's sfc32 (core/rng.ts) with its four words held in fields,
 * so a shuffle here draws the very numbers `shuffled` draws from the same state.
 */
import { type RngState, seedRng } from '../core/rng.js';

/** `randomInt`'s rejection limits for the small bounds of shuffles and move choices. */
const LIMITS = Array.from({ length: 64 }, (_, bound) =>
  bound === 0 ? 0 : 0x100000000 - (0x100000000 % bound),
);

const INVERSES = Float64Array.from({ length: 64 }, (_, bound) => (bound === 0 ? 0 : 1 / bound));

export class FastRng {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(seed: string | number | RngState = 0) {
    this.setState(Array.isArray(seed) ? seed : seedRng(seed));
  }

  setState(s: RngState): void {
    // As int32, so the fields stay small integers (a uint32 above 2^31 would box them as doubles).
    this.a = s[0] | 0;
    this.b = s[1] | 0;
    this.c = s[2] | 0;
    this.d = s[3] | 0;
  }

  state(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  copyFrom(other: FastRng): void {
    this.a = other.a;
    this.b = other.b;
    this.c = other.c;
    this.d = other.d;
  }

  /** A uniform 32-bit unsigned integer (sfc32, as `nextUint32`). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /**
   * A uniform integer in [0, bound), drawn exactly as `randomInt` draws it (rejection, no
   * modulo bias) but without a float modulo, which made the shuffle the slowest part of a
   * round: the quotient from a multiplication by 1/bound is off by at most one, then fixed.
   */
  below(bound: number): number {
    const small = bound < LIMITS.length;
    const limit = small ? LIMITS[bound] : 0x100000000 - (0x100000000 % bound);
    let x = this.next();
    while (x >= limit) x = this.next();
    if (!small) return x % bound;
    let r = x - Math.floor(x * INVERSES[bound]) * bound;
    if (r < 0) r += bound;
    else if (r >= bound) r -= bound;
    return r;
  }

  /** A near-uniform integer in [0, bound) (bias below 2^-26 for small bounds): the playouts' pick. */
  pick(bound: number): number {
    return Math.floor(this.next() * bound * 2.3283064365386963e-10);
  }

  /** Fisher–Yates in place over `items[0..length)`, drawing as `shuffled` does. */
  shuffle(items: Int8Array, length: number): void {
    for (let i = length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const tmp = items[i];
      items[i] = items[j];
      items[j] = tmp;
    }
  }
}
