/**
 * Bounds on what connections may take, each refused with its own error code and a message:
 * sockets in all (below the process's file limit, so one flood cannot lock everyone out) and
 * per address; rooms created per address; joins and hints per connection; and how long a
 * socket may stay without entering a room.
 */
import { readFileSync } from 'node:fs';
import type { ClientAddress } from './client-address.js';
import { type AddressLedger, LocalLedger, type Rate } from './address-ledger.js';
import { RateLimit } from './rate-limit.js';
import { DEFAULT_IPV6_PREFIX, addressBlock } from './address-block.js';
import { leastUseful } from './shedding.js';
import type { Slot } from './slot.js';

export type { Rate } from './address-ledger.js';

export interface ConnectionLimits {
  /** Open WebSockets in all. */
  readonly maxConnections: number;
  /** Open WebSockets from one address (a family behind one router shares one). */
  readonly maxPerAddress: number;
  /** Spectators of one room, and from one address (a watch link posted in public must not fill the server). */
  readonly maxSpectatorsPerRoom: number;
  readonly maxSpectatorsPerAddress: number;
  /**
   * Sockets seated at a table from one address at once: a family's phones behind one home
   * router, with room to spare, not a server's worth of lobbies held by one stranger.
   */
  readonly maxSeatsPerAddress: number;
  /** The share of `maxConnections` spectators may never hold: it is kept for seated players. */
  readonly seatReserve: number;
  /** A socket that has not joined, resumed or watched a room this long after connecting (or creating one) is closed. */
  readonly idleMs: number;
  readonly roomsPerAddress: Rate;
  readonly joinsPerConnection: Rate;
  readonly hintsPerConnection: Rate;
  /** Bytes one connection may send at once, and each second after that (past them it is read more slowly). */
  readonly bytesPerConnection: { readonly burst: number; readonly perSecond: number };
  /** Requests to the HTTP API from one address (guessing room or game ids is slow). */
  readonly apiPerAddress: Rate;
  /** Guest identities made, sign-ups begun, renames, device codes tried and lobby seeks opened from one address. */
  readonly guestsPerAddress: Rate;
  readonly signupsPerAddress: Rate;
  readonly renamesPerAddress: Rate;
  readonly codeTriesPerAddress: Rate;
  readonly seeksPerAddress: Rate;
  /** The IPv6 prefix length every per-address limit counts an address by (address-block.ts): its sockets, spectators, rooms, requests, account actions. */
  readonly ipv6Prefix: number;
  /**
   * Whether programs on this machine (loopback, not forwarded by a proxy) are spared the
   * per-address limits: the terminal client, tools and benchmarks. A proxy's requests carry
   * X-Forwarded-For and are never spared (see client-address.ts).
   */
  readonly spareLocal: boolean;
}

/** File descriptors kept for everything but the WebSockets: the database, worker threads, files the web app serves. */
const RESERVED_FILES = 100;

/**
 * The process's soft limit on open files (`ulimit -n`), read from /proc on Linux; null where
 * it cannot be read. Each WebSocket holds one: past the limit the server could not even open
 * its database, so the cap on sockets sits below it.
 */
export function openFileLimit(
  limits: () => string = () => readFileSync('/proc/self/limits', 'utf8'),
): number | null {
  try {
    const soft = /^Max open files\s+(\d+|unlimited)/m.exec(limits())?.[1];
    if (!soft) return null;
    return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
  } catch {
    return null;
  }
}

/** The default cap on sockets: the open-file limit less a reserve (at most 20,000; 1,000 where the limit is unknown). */
export function defaultMaxConnections(fileLimit: number | null = openFileLimit()): number {
  if (fileLimit === null) return 1000;
  return Math.max(1, Math.min(20_000, fileLimit - RESERVED_FILES));
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: defaultMaxConnections(),
  maxPerAddress: 32,
  maxSpectatorsPerRoom: 100,
  maxSpectatorsPerAddress: 8,
  // Two tables of four and then some: more phones than a home has, half the sockets an address may open.
  maxSeatsPerAddress: 16,
  seatReserve: 0.25,
  idleMs: 60_000,
  roomsPerAddress: { burst: 10, perMinute: 1 },
  joinsPerConnection: { burst: 20, perMinute: 10 },
  hintsPerConnection: { burst: 10, perMinute: 20 },
  apiPerAddress: { burst: 30, perMinute: 60 },
  // A household's browsers, then a few an hour; a person signs up once, renames seldom, types a code or two.
  guestsPerAddress: { burst: 20, perMinute: 0.2 },
  signupsPerAddress: { burst: 10, perMinute: 0.1 },
  renamesPerAddress: { burst: 5, perMinute: 0.05 },
  codeTriesPerAddress: { burst: 10, perMinute: 1 },
  // A household seeking, cancelling and seeking again: a seek is cheap, a flood of them fills the lobby's list.
  seeksPerAddress: { burst: 30, perMinute: 6 },
  ipv6Prefix: DEFAULT_IPV6_PREFIX,
  // A move is some 200 bytes: a person never comes near; 16 KiB messages are read 2 a second.
  bytesPerConnection: { burst: 64 * 1024, perSecond: 32 * 1024 },
  spareLocal: true,
};

export interface Refusal {
  readonly code: string;
  readonly message: string;
}

/** What an address may do with identities a limited number of times: accounts made and changed, seeks opened in the lobby. */
export type AccountAction = 'guests' | 'signups' | 'renames' | 'codes' | 'seeks';

const ACCOUNT_RATES = {
  guests: ['guestsPerAddress', 'guest identities made'],
  signups: ['signupsPerAddress', 'sign-ups'],
  renames: ['renamesPerAddress', 'renames'],
  codes: ['codeTriesPerAddress', 'device codes tried'],
  seeks: ['seeksPerAddress', 'seeks opened'],
} as const;

/** What a connection may do a limited number of times. */
export type Quota = 'create-room' | 'join' | 'hint' | 'seek';

/** The cap of an address spared the limits (counted all the same). */
const UNCAPPED = 1e9;

const bucket = (rate: Rate) => new RateLimit(rate.burst, rate.perMinute / 60);

/**
 * Counts the sockets and spectators of this process (its file descriptors); the per-address
 * counts are the ledger's: this process's own, or (clustered) every process's in Redis.
 */
export class Admission {
  private open = 0;
  /** Every admitted socket, oldest first. */
  private readonly slots = new Set<Slot>();
  private spectators = 0;

  constructor(
    readonly limits: ConnectionLimits,
    private readonly ledger: AddressLedger = new LocalLedger(),
  ) {}

  /**
   * Admits a new socket from `client` (closed by `shed` if its place is needed), or says why
   * not; an admitted socket's slot is `release`d when it closes.
   */
  async admit(client: ClientAddress, shed: (message: string) => void): Promise<Refusal | Slot> {
    const address = this.block(client);
    const spared = this.spared(client);
    // A spared socket is counted too (without a cap): a proxy on this machine nobody trusts shares its address.
    const socket = await this.ledger.hold('sockets', address, spared ? UNCAPPED : this.limits.maxPerAddress);
    if (!socket)
      return {
        code: 'too-many-connections',
        message: `at most ${this.limits.maxPerAddress} connections from one address: close another tab or device`,
      };
    if (this.open >= this.limits.maxConnections && !this.shedOne()) {
      socket();
      return {
        code: 'server-full',
        message: `the server has its ${this.limits.maxConnections} connections already: try again in a while`,
      };
    }
    this.open++;
    const slot: Slot = {
      address,
      spared,
      role: 'idle',
      shed,
      socket,
      watching: null,
      seat: null,
      inLobby: () => false,
    };
    this.slots.add(slot);
    return slot;
  }

  /** Makes room for a newcomer, if any socket may go (shedding.ts). */
  private shedOne(): boolean {
    const victim = leastUseful(this.slots);
    if (!victim) return false;
    const message =
      victim.role === 'seated'
        ? 'the server is full and your room has not started: your seat stays yours, come back to it in a while'
        : 'the server is full and keeps its places for players: try again in a while';
    this.release(victim);
    victim.shed(message);
    return true;
  }

  /** Whether `slot` may watch a room that has `roomSpectators` already, or why not. */
  async spectate(slot: Slot, roomSpectators: number): Promise<Refusal | null> {
    // Not yet watching, and still open (both may change while the ledger is asked).
    const wants = () => slot.role !== 'spectator' && this.slots.has(slot);
    if (!wants()) return null;
    const { maxSpectatorsPerRoom, maxSpectatorsPerAddress, maxConnections, seatReserve } = this.limits;
    if (roomSpectators >= maxSpectatorsPerRoom)
      return {
        code: 'too-many-spectators',
        message: `this room has its ${maxSpectatorsPerRoom} spectators already: try again later`,
      };
    const allowed = Math.floor(maxConnections * (1 - seatReserve));
    const serverFull = (): Refusal => ({
      code: 'too-many-spectators',
      message:
        'the server has as many spectators as it takes: the other places are kept for players; try again later',
    });
    if (this.spectators >= allowed) return serverFull();
    const watching = await this.ledger.hold(
      'spectators',
      slot.address,
      slot.spared ? UNCAPPED : maxSpectatorsPerAddress,
    );
    if (!watching)
      return {
        code: 'too-many-spectators',
        message: `at most ${maxSpectatorsPerAddress} rooms watched from one address`,
      };
    // Meanwhile the socket may have closed, or others have taken the last places.
    if (!wants() || this.spectators >= allowed) {
      watching?.();
      return wants() ? serverFull() : null;
    }
    slot.watching = watching;
    this.setRole(slot, 'spectator');
    return null;
  }

  /**
   * Whether `slot` may take a seat (join, resume), or why not: a socket holds one of its
   * address's seats from then until it closes or watches instead.
   */
  async seat(slot: Slot): Promise<Refusal | null> {
    if (slot.seat || !this.slots.has(slot)) return null;
    const max = this.limits.maxSeatsPerAddress;
    const seat = await this.ledger.hold('seats', slot.address, slot.spared ? UNCAPPED : max);
    if (!seat)
      return {
        code: 'too-many-seats',
        message: `at most ${max} seats taken from one address at once: leave a table first`,
      };
    // Closed meanwhile, or another message of its took a seat first.
    if (!this.slots.has(slot) || slot.seat) seat();
    else slot.seat = seat;
    return null;
  }

  /** `slot` took a seat, or came back into one (`ok`), or failed to: a seat it does not sit in is given back. */
  seated(slot: Slot, ok = true): void {
    if (!this.slots.has(slot)) return;
    if (ok) this.setRole(slot, 'seated');
    else if (slot.role !== 'seated') this.unseat(slot);
  }

  private unseat(slot: Slot): void {
    slot.seat?.();
    slot.seat = null;
  }

  private setRole(slot: Slot, role: Slot['role']): void {
    if (slot.role === 'spectator') {
      this.spectators--;
      slot.watching?.();
      slot.watching = null;
    }
    slot.role = role;
    if (role === 'spectator') this.spectators++;
    if (role !== 'seated') this.unseat(slot);
  }

  /** The socket of `slot` closed (or was shed): its place is free. */
  release(slot: Slot): void {
    if (!this.slots.delete(slot)) return;
    this.setRole(slot, 'idle');
    this.open--;
    slot.socket();
  }

  /**
   * What `client`'s limits count against: an IPv6 address by its block (a /64 by default), as
   * one home or phone may draw a fresh address of its block for every socket or room.
   */
  private block(client: ClientAddress): string {
    return addressBlock(client.address, this.limits.ipv6Prefix);
  }

  private spared(client: ClientAddress): boolean {
    return this.limits.spareLocal && client.local;
  }

  /** Takes one HTTP API request of `client`, or says why not. */
  async apiRequest(client: ClientAddress): Promise<Refusal | null> {
    if (this.spared(client)) return null;
    return (await this.ledger.take('api', this.block(client), this.limits.apiPerAddress))
      ? null
      : {
          code: 'too-many-requests',
          message: `too many API requests from this address: at most ${this.limits.apiPerAddress.burst}, then ${this.limits.apiPerAddress.perMinute} a minute`,
        };
  }

  /** Takes one account action of `client`'s address block, or says why not. */
  async accountAction(client: ClientAddress, kind: AccountAction): Promise<Refusal | null> {
    if (this.spared(client)) return null;
    const [key, what] = ACCOUNT_RATES[kind];
    const rate = this.limits[key];
    return (await this.ledger.take(kind, this.block(client), rate))
      ? null
      : {
          code: `too-many-${kind}`,
          message: `too many ${what} from this address: at most ${rate.burst}, then ${rate.perMinute * 60} an hour`,
        };
  }

  get connections(): number {
    return this.open;
  }

  /** The quotas of one connection from `client`: a function that takes one of `kind`, or says why not. */
  quotas(client: ClientAddress): (kind: Quota) => Refusal | null | Promise<Refusal | null> {
    const joins = bucket(this.limits.joinsPerConnection);
    const hints = bucket(this.limits.hintsPerConnection);
    return (kind) => {
      if (kind === 'create-room') return this.createRoom(client);
      if (kind === 'seek') return this.accountAction(client, 'seeks');
      if (kind === 'join')
        return joins.take()
          ? null
          : {
              code: 'too-many-joins',
              message: `too many joins on this connection: at most ${this.limits.joinsPerConnection.burst}, then ${this.limits.joinsPerConnection.perMinute} a minute`,
            };
      return hints.take()
        ? null
        : {
            code: 'too-many-hints',
            message: `too many hints: at most ${this.limits.hintsPerConnection.burst}, then ${this.limits.hintsPerConnection.perMinute} a minute`,
          };
    };
  }

  private async createRoom(client: ClientAddress): Promise<Refusal | null> {
    if (this.spared(client)) return null;
    return (await this.ledger.take('rooms', this.block(client), this.limits.roomsPerAddress))
      ? null
      : {
          code: 'too-many-rooms',
          message: `too many rooms created from this address: at most ${this.limits.roomsPerAddress.burst}, then ${this.limits.roomsPerAddress.perMinute} a minute`,
        };
  }

  close(): Promise<void> {
    return this.ledger.close();
  }
}
