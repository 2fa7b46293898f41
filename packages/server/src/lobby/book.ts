/**
 * Where the seeks are kept, and how a pairing is committed: in memory for one process alone
 * (it is its own pairing authority), in PostgreSQL for several (pg-book.ts). A book tells this
 * process of what concerns its own sockets' seeks (paired, ended) and of any change at all.
 */
import type { PoolId, SeekEndReason } from '@hanafuda/protocol';
import type { WaitingSeek } from './pairing.js';
import type { SeekSetup } from './pools.js';

/** A seek as kept: the pairing's view of it, and what the lobby shows and the room is made of. */
export interface SeekRow extends WaitingSeek {
  /** The process its socket is on: the seek ends with that process. */
  readonly node: string;
  /** Its seeker's display name. */
  readonly name: string;
  readonly pool?: PoolId;
  readonly setup: SeekSetup;
}

/** One member's place in a pairing's room. */
export interface PairedSeat {
  readonly seek: string;
  readonly node: string;
  readonly room: string;
  readonly key: string;
  readonly seat: number;
}

export interface BookEvents {
  /** Seeks of this process were paired. */
  paired(seats: readonly PairedSeat[]): void;
  /** Seeks of this process ended without a game (only those whose seeker did not end them). */
  ended(seeks: readonly string[], reason: SeekEndReason): void;
  /** Something in the lobby changed (for its watchers). */
  changed(): void;
}

/**
 * What a book tells the processes: a seek opened (the authority pairs), seeks paired or ended
 * (each process tells its own sockets), or only that the lobby changed. The PostgreSQL book
 * sends it to every process by NOTIFY; the memory book to its own lobby.
 */
export type LobbyNews =
  | { readonly k: 'opened' }
  | { readonly k: 'changed' }
  | { readonly k: 'paired'; readonly seats: readonly PairedSeat[] }
  | {
      readonly k: 'ended';
      readonly seeks: readonly { readonly id: string; readonly node: string }[];
      readonly reason: SeekEndReason;
    };

/** Hands news to the lobby of process `node`: only its own sockets' seeks concern it. */
export function deliver(news: LobbyNews, node: string, events: BookEvents): void {
  if (news.k === 'paired') {
    const mine = news.seats.filter((s) => s.node === node);
    if (mine.length > 0) events.paired(mine);
  } else if (news.k === 'ended') {
    const mine = news.seeks.filter((s) => s.node === node).map((s) => s.id);
    if (mine.length > 0) events.ended(mine, news.reason);
  }
  events.changed();
}

export interface SeekBook {
  readonly node: string;
  /** Keeps a new seek; false if its account has one waiting already. */
  open(seek: SeekRow): Promise<boolean>;
  /**
   * A pairing of this account whose kept seat it has not taken yet: its process died between
   * the pairing and telling it. The person is sent back there, never paired a second time.
   */
  unseated(account: string): Promise<PairedSeat | null>;
  /**
   * Ends a waiting seek (cancelled, or its socket closed), and if it is a custom seek's own, the
   * seeks of those who accepted it (told `reason`); false if it was not waiting any more.
   */
  end(id: string, reason: SeekEndReason): Promise<boolean>;
  /** The waiting seek, if it still waits. */
  get(id: string): Promise<SeekRow | null>;
  /** Every waiting seek. */
  waiting(): Promise<SeekRow[]>;
  /** Marks the seeks of a group paired, all or none: none if any stopped waiting, or `epoch` is no longer the authority's. */
  commit(seats: readonly PairedSeat[], epoch: number): Promise<boolean>;
  close(): Promise<void>;
}

/** One process alone: the seeks in memory, which end with it; it is the authority, at epoch 0. */
export class MemoryBook implements SeekBook {
  private readonly seeks = new Map<string, SeekRow>();

  constructor(
    readonly node: string,
    private readonly events: BookEvents,
  ) {}

  /** One process alone tells its pairings as it makes them: a person it paired was told, or its process (this one) is gone. */
  async unseated(): Promise<PairedSeat | null> {
    return null;
  }

  async open(seek: SeekRow): Promise<boolean> {
    for (const s of this.seeks.values()) if (s.account === seek.account) return false;
    this.seeks.set(seek.id, seek);
    deliver({ k: 'opened' }, this.node, this.events);
    return true;
  }

  async end(id: string, reason: SeekEndReason): Promise<boolean> {
    const seek = this.seeks.get(id);
    if (!seek) return false;
    this.seeks.delete(id);
    const others = seek.owner ? [...this.seeks.values()].filter((s) => s.key === seek.id) : [];
    for (const s of others) this.seeks.delete(s.id);
    deliver({ k: 'ended', seeks: others, reason }, this.node, this.events);
    return true;
  }

  async get(id: string): Promise<SeekRow | null> {
    return this.seeks.get(id) ?? null;
  }

  async waiting(): Promise<SeekRow[]> {
    return [...this.seeks.values()];
  }

  async commit(seats: readonly PairedSeat[], epoch: number): Promise<boolean> {
    if (epoch !== 0 || !seats.every((s) => this.seeks.has(s.seek))) return false;
    for (const s of seats) this.seeks.delete(s.seek);
    deliver({ k: 'paired', seats }, this.node, this.events);
    return true;
  }

  async close(): Promise<void> {
    this.seeks.clear();
  }
}
