/** A token bucket per connection: short bursts are fine, a flood is refused. */
export class RateLimit {
  private tokens: number;
  private last: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** True once the bucket has refilled: forgetting it changes nothing. */
  full(): boolean {
    return this.tokens + ((this.now() - this.last) / 1000) * this.perSecond >= this.burst;
  }

  /** Takes one token; false when the bucket is empty. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * The bytes a connection may send: a burst, then a steady rate. Past it the connection is not
 * refused but read more slowly: `take` answers how long to stop reading it, and meanwhile its
 * bytes wait in the network's buffers at no cost to anyone else.
 */
export class ByteBudget {
  private bytes: number;
  private last: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.bytes = burst;
    this.last = now();
  }

  /** Spends `n` bytes; answers the milliseconds until the budget is back above nothing (0: read on). */
  take(n: number): number {
    const t = this.now();
    this.bytes = Math.min(this.burst, this.bytes + ((t - this.last) / 1000) * this.perSecond) - n;
    this.last = t;
    return this.bytes >= 0 ? 0 : Math.ceil((-this.bytes / this.perSecond) * 1000);
  }
}
