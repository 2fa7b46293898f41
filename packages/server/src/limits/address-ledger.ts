/**
 * The per-address counts behind the limits (sockets, spectators and seats held, rooms created and API
 * requests made per address). One process keeps them in memory; processes of one cluster
 * share them in Redis, so an address gets its allowance once, not once per process.
 */
import { Redis } from 'ioredis';
import type { Log } from '../ops/log.js';
import { RateLimit } from './rate-limit.js';

/** A token bucket's size, and how many tokens come back a minute. */
export interface Rate {
  readonly burst: number;
  readonly perMinute: number;
}

/** What an address holds while its sockets are open. */
export type Place = 'sockets' | 'spectators' | 'seats';
/** What an address spends, and gets back over time. */
export type Bucket = 'rooms' | 'api' | 'guests' | 'signups' | 'renames' | 'codes' | 'seeks';

/** Gives a held place back. */
export type Release = () => void;

export interface AddressLedger {
  /** Takes one of `address`'s `max` places of `kind` (in every process); null when all are held. */
  hold(kind: Place, address: string, max: number): Promise<Release | null>;
  /** Takes one token of `address`'s bucket of `kind`; false when it is empty. */
  take(kind: Bucket, address: string, rate: Rate): Promise<boolean>;
  close(): Promise<void>;
}

/** Buckets kept before the full ones (which forgetting changes nothing for) are swept out. */
const SWEEP_ABOVE = 1000;

/** This process's own counts. */
export class LocalLedger implements AddressLedger {
  private readonly held = new Map<string, number>();
  private readonly buckets = new Map<string, RateLimit>();

  holdNow(kind: Place, address: string, max: number): Release | null {
    const key = `${kind} ${address}`;
    const mine = this.held.get(key) ?? 0;
    if (mine >= max) return null;
    this.held.set(key, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    };
  }

  takeNow(kind: Bucket, address: string, rate: Rate): boolean {
    // A crowd of one-off visitors leaves nothing behind; an address's bucket outlives its sockets (reconnecting must not refill it).
    if (this.buckets.size > SWEEP_ABOVE)
      for (const [k, b] of this.buckets) if (b.full()) this.buckets.delete(k);
    const key = `${kind} ${address}`;
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new RateLimit(rate.burst, rate.perMinute / 60)));
    return bucket.take();
  }

  hold(kind: Place, address: string, max: number): Promise<Release | null> {
    return Promise.resolve(this.holdNow(kind, address, max));
  }

  take(kind: Bucket, address: string, rate: Rate): Promise<boolean> {
    return Promise.resolve(this.takeNow(kind, address, rate));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

const PREFIX = 'hanafuda:limits:';
/** How long a process's counts stand once it stops saying it is alive (a SIGKILL leaves them behind). */
const ALIVE_MS = 30_000;
const HEARTBEAT_MS = 10_000;

/**
 * Places of one address: a hash of counts per process. Counts of a process that is no longer
 * alive (its key expired: it was killed) are dropped as they are found.
 */
const HOLD = `
local total = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  if fields[i] == ARGV[1] or redis.call('EXISTS', ARGV[3] .. fields[i]) == 1 then
    total = total + tonumber(fields[i + 1])
  else
    redis.call('HDEL', KEYS[1], fields[i])
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
return 1`;

const RELEASE = `
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1`;

/** Sets this process's count of one address's places to what it holds (after a write it could not make, or a Redis that lost it). */
const SET_COUNT = `
if tonumber(ARGV[2]) > 0 then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) else redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1`;

/** A token bucket on Redis's clock (the processes' clocks may differ); it expires once full again. */
const TAKE = `
local burst = tonumber(ARGV[1])
local perMs = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
tokens = math.min(burst, tokens + (now - at) * perMs)
local taken = 0
if tokens >= 1 then
  tokens = tokens - 1
  taken = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / perMs) + 1000)
return taken`;

/**
 * The counts of every process of a cluster, in Redis. When Redis cannot be reached it fails
 * open to this process's own counts (each process then gives an address its allowance, as a
 * single server would), rather than refusing every player: the limits guard against abuse,
 * and an outage of the cache must not lock everyone out. Places held locally are given back
 * locally. The process knows what it holds in Redis: a place given back while Redis could
 * not be written to, or counts a restarted Redis lost, are set right once it answers again.
 */
export class RedisLedger implements AddressLedger {
  private readonly local = new LocalLedger();
  private readonly alive: NodeJS.Timeout;
  private failing = false;
  /** The places this process holds in Redis, by key: what its field there must say. */
  private readonly mine = new Map<string, number>();
  /** Holds sent to Redis and not yet answered, by key. */
  private readonly sending = new Map<string, number>();
  /** Keys whose field in Redis may not say what `mine` does (a write failed, or Redis lost it). */
  private readonly stale = new Set<string>();
  private syncing = false;

  /**
   * A ledger on its own connection to `url`, once connected: a command Redis does not answer
   * at once (it is down, or the connection is being made again) falls back to the local
   * counts, never waits.
   */
  static async open(url: string, nodeId: string, log: Log): Promise<RedisLedger> {
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    // Said once per outage by the commands that fail (run below), not once per reconnection attempt.
    redis.on('error', () => undefined);
    // Unreachable now, it is tried again and again (the local counts serve meanwhile).
    await redis.connect().catch(() => undefined);
    return new RedisLedger(redis, nodeId, log);
  }

  constructor(
    private readonly redis: Redis,
    private readonly nodeId: string,
    private readonly log: Log,
  ) {
    const beat = () => void this.beat().then((ok) => ok && this.resync());
    beat();
    this.alive = setInterval(beat, HEARTBEAT_MS).unref();
    // Connected again (after an outage, or a restart that may have lost every count): what this process holds is written again.
    redis.on('ready', () => {
      for (const key of this.mine.keys()) this.stale.add(key);
      beat();
    });
  }

  /** Says this process is alive; false when Redis cannot answer. */
  private async beat(): Promise<boolean> {
    return (
      (await this.run(() => this.redis.set(`${PREFIX}node:${this.nodeId}`, '1', 'PX', ALIVE_MS))) !==
      undefined
    );
  }

  async hold(kind: Place, address: string, max: number): Promise<Release | null> {
    const key = `${PREFIX}${kind}:${address}`;
    this.count(this.sending, key, 1);
    const held = await this.run(() =>
      this.redis.eval(HOLD, 1, key, this.nodeId, max, `${PREFIX}node:`),
    ).finally(() => this.count(this.sending, key, -1));
    if (held === undefined) {
      // Unanswered, it may still have been counted there.
      this.stale.add(key);
      return this.local.holdNow(kind, address, max);
    }
    if (held !== 1) return null;
    this.count(this.mine, key, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.count(this.mine, key, -1);
      void this.run(() => this.redis.eval(RELEASE, 1, key, this.nodeId)).then(
        (done) => done === undefined && this.stale.add(key),
      );
    };
  }

  private count(counts: Map<string, number>, key: string, by: number): void {
    const n = (counts.get(key) ?? 0) + by;
    if (n > 0) counts.set(key, n);
    else counts.delete(key);
  }

  /**
   * Writes this process's true count of every stale key (its alive key first: other processes
   * drop the counts of a process they do not see alive). A key with a hold still unanswered
   * waits for the next heartbeat: that hold may land before or after the write.
   */
  private resync(): void {
    if (this.syncing || this.stale.size === 0) return;
    this.syncing = true;
    void (async () => {
      try {
        if (!(await this.beat())) return;
        for (const key of [...this.stale]) {
          if (this.sending.has(key)) continue;
          this.stale.delete(key);
          const done = await this.run(() =>
            this.redis.eval(SET_COUNT, 1, key, this.nodeId, this.mine.get(key) ?? 0),
          );
          if (done === undefined) {
            this.stale.add(key);
            return;
          }
        }
      } finally {
        this.syncing = false;
      }
    })();
  }

  async take(kind: Bucket, address: string, rate: Rate): Promise<boolean> {
    const taken = await this.run(() =>
      this.redis.eval(TAKE, 1, `${PREFIX}${kind}:${address}`, rate.burst, rate.perMinute / 60_000),
    );
    return taken === undefined ? this.local.takeNow(kind, address, rate) : taken === 1;
  }

  /** Runs a command; undefined when Redis cannot answer (said once per outage). */
  private async run<T>(command: () => Promise<T>): Promise<T | undefined> {
    try {
      const answer = await command();
      if (this.failing) {
        this.log.info('limits: Redis answers again; per-address counts are shared again');
        this.failing = false;
        this.resync();
      }
      return answer;
    } catch (e) {
      if (!this.failing)
        this.log.warn(
          { err: e },
          "limits: Redis cannot be reached; each process counts its own addresses' use until it can",
        );
      this.failing = true;
      return undefined;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.alive);
    await this.run(() => this.redis.del(`${PREFIX}node:${this.nodeId}`));
    this.redis.disconnect();
  }
}
