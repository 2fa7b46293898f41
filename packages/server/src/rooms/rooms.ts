/**
 * Every room this server holds, by id; rebuilt from the store at start-up. With several
 * processes on one PostgreSQL, a room is held only by the process whose lease it is under
 * (cluster/leases.ts): rooms are created under a lease, handed straight to another process,
 * taken over only when free (no live owner), and given back when they go. Every taking-over of a room in this process, on demand
 * or of orphans, goes through one adoption per room at a time, so no room is ever built twice
 * here; and each room writes under its lease's fence, so a copy whose lease moved on to
 * another process is dropped at its first write.
 */
import { type Result, type RuleError, err } from '@hanafuda/engine';
import type { RoomSetup } from '@hanafuda/protocol';
import type { Claimed, KeptRoom, RoomLeases } from '../cluster/leases.js';
import { newRoomId } from './ids.js';
import { access, type Guarded } from './room-access.js';
import { Room, type RoomOptions } from './room.js';
import { fenced } from '../store/fenced.js';
import { type Fence, FencedOut, type StoredRoom } from '../store/store.js';

/** How long a finished game's room stays open for its players to see the end (and ask for a rematch, kept across restarts). */
export const KEEP_FINISHED_MS = 10 * 60 * 1000;
/** Orphans claimed per statement (a look claims batch after batch until none is left). */
const ORPHANS_PER_CLAIM = 1000;
/** A room this process was handed is not handed on again this soon (no ping-pong while the load balancer's view settles). */
const KEEP_HANDED_MS = 5000;

export class Rooms {
  private readonly rooms = new Map<string, Room>();
  /** The lease each held room is under (several processes only). */
  private readonly fences = new Map<string, Fence>();
  /**
   * Rooms being handed to another process: this one still owns them in the store until the lease
   * moves, and a request here must not take one back meanwhile. (Once moved, the store lets no
   * live process but the new owner take it.)
   */
  private readonly handingOff = new Set<string>();
  /** When each room came here by a hand-off. */
  private readonly handedHere = new Map<string, number>();
  /** Rooms being adopted now: a second request for one waits for the first. */
  private readonly adopting = new Map<string, Promise<Room | undefined>>();
  /** Called with each room this process adopts (a dead or departed owner's, or any at start-up). */
  onAdopted: (room: Room) => void = () => undefined;
  /** Stopping: no room is adopted any more (they go to the other processes). */
  private closed = false;
  /** Stored rooms that could not be rebuilt (another rules version, a refused log), with why: told to whoever comes for them. */
  private readonly refused = new Map<string, { readonly error: RuleError; readonly room: Guarded }>();

  constructor(
    private readonly options: RoomOptions,
    /** Absent: this process is the only one (SQLite), and holds every room. */
    private readonly leases?: RoomLeases,
  ) {}

  /** Rebuilds every room that was not over when the server stopped (with leases: every one nobody holds); a room whose log is refused is reported and left out. */
  async restoreAll(): Promise<number> {
    if (this.leases) {
      await this.adoptOrphans();
      return this.rooms.size;
    }
    const stored = await this.options.store.liveRooms();
    for (const s of stored) {
      const room = await Room.restore(s, this.options);
      if (room.ok) this.add(room.value);
      else this.refuse(s, room.error);
    }
    return this.rooms.size;
  }

  /**
   * Takes over every live room no live process holds, a batch of them claimed (and read) per
   * statement, and rebuilt together; answers how many. (One room at a time, claimed, then read,
   * took about 180 rooms a second: a dead process's 38,000 rooms were still without an owner
   * two minutes later.)
   */
  async adoptOrphans(): Promise<number> {
    let adopted = 0;
    while (this.leases && !this.closed) {
      const claimed = await this.leases.claimOrphans(ORPHANS_PER_CLAIM);
      const rooms = await Promise.all(claimed.map((c) => this.adoptClaimed(c)));
      adopted += rooms.filter((r) => r !== undefined).length;
      if (claimed.length < ORPHANS_PER_CLAIM) break;
    }
    return adopted;
  }

  /** Builds a room this process has just claimed with others (its row in hand), unless a request for it is taking it over here already. */
  private adoptClaimed({ room: id, fence, stored }: Claimed): Promise<Room | undefined> {
    // A request's own claim (a join) comes after this one, under a later epoch: its copy is the one kept.
    const adopting = this.adopting.get(id);
    if (adopting) return adopting;
    // (Held here, yet free to take: the ownership connection broke meanwhile. The claim moved its lease on: built again.)
    this.forget([id]);
    const built = this.buildClaimed(id, fence, () => this.build(id, fence, stored)).finally(() => this.adopting.delete(id));
    this.adopting.set(id, built);
    return built;
  }

  /** The room, taken over from the store if no live process holds it; undefined if another does, or it is not live. */
  adopt(id: string): Promise<Room | undefined> {
    return this.once(id, () => this.takeOver(id));
  }

  /**
   * A finished game's room kept by a process that has since stopped or died: taken here for the
   * rest of its time, so its players see the end and may play again (their confirmations kept).
   * Undefined if another process took it first, or its time is up.
   */
  adoptFinished(id: string): Promise<Room | undefined> {
    return this.once(id, () => this.takeOver(id, true));
  }

  /** The room held here, or being adopted, or else adopted by `adoption`: one adoption per room at a time. */
  private once(id: string, adoption: () => Promise<Room | undefined>): Promise<Room | undefined> {
    const held = this.rooms.get(id);
    // A room refused here (its log) stays owned and is not rebuilt again and again.
    if (held || !this.leases || this.closed || this.refused.has(id) || this.handingOff.has(id)) return Promise.resolve(held);
    let adopting = this.adopting.get(id);
    if (!adopting) {
      adopting = adoption().finally(() => this.adopting.delete(id));
      this.adopting.set(id, adopting);
    }
    return adopting;
  }

  /** A new room, owned here; under `chosen`, an id its client drew (refused if a room, or a game's record, has it). */
  async create(setup: RoomSetup, chosen?: string, reserved?: readonly (string | undefined)[]): Promise<Result<{ room: Room; hostToken: string }>> {
    if (chosen !== undefined && (this.rooms.has(chosen) || (await this.options.store.room(chosen)) !== null))
      return err('room-taken', `a room "${chosen}" exists already: draw another id, or leave it out and the server draws one`);
    const id = chosen ?? newRoomId();
    // Owned from its first write (the row is created with this process as its owner).
    const fence = this.leases?.fenceForNew();
    const created = await Room.create(setup, this.optionsFor(id, fence), id, reserved);
    if (created.ok) this.add(created.value.room, fence);
    return created;
  }

  get(id: string): Room | undefined {
    return this.rooms.get(id);
  }

  /** Why a stored room was not rebuilt here, if it was refused (told only to one with its key). */
  refusal(id: string, key: string | undefined): RuleError | undefined {
    const refused = this.refused.get(id);
    return refused && access(refused.room, key) !== null ? refused.error : undefined;
  }

  /** Whether a stored room was refused here (this process holds its lease, and never rebuilds it). */
  isRefused(id: string): boolean {
    return this.refused.has(id);
  }

  private refuse(room: StoredRoom, error: RuleError): void {
    this.refused.set(room.id, { error, room });
    this.options.log.warn({ room: room.id, reason: error.message }, 'room could not be restored');
  }

  /** Every room held now. */
  all(): Room[] {
    return [...this.rooms.values()];
  }

  /** Ids of the rooms held now. */
  ids(): string[] {
    return [...this.rooms.keys()];
  }

  /** Marks a room as abandoned (under its lease), then forgets it; `before` is told first what goes (once stored). */
  async abandon(id: string, before: (room: Room) => void = () => undefined): Promise<void> {
    const fence = this.fences.get(id);
    try {
      // The stored row of the game in play (a rematch's is a row of its own).
      await this.options.store.abandonRoom(this.rooms.get(id)?.storedId ?? id, fence);
    } catch (e) {
      // Another process owns the room now: it is only dropped here.
      if (e instanceof FencedOut) return this.forget([id]);
      throw e;
    }
    const room = this.rooms.get(id);
    if (room) before(room);
    room?.close();
    this.rooms.delete(id);
    this.fences.delete(id);
  }

  /**
   * Hands a room to process `node`, the one its players' load balancer sends them to: the room
   * stops here once its writes in flight are stored, its lease goes straight to `node`, and its
   * clients go to find it there. Answers the epoch `node` holds it under, or null (the room
   * kept, or gone) if it is not this process's, or came here by a hand-off a moment ago (unless this
   * process is `stopping`: then every room goes).
   */
  async handOff(id: string, node: string, stopping = false): Promise<number | null> {
    const room = this.rooms.get(id);
    const fence = this.fences.get(id);
    if (!room || !fence || !this.leases || this.closed) return null;
    if (!stopping && Date.now() - (this.handedHere.get(id) ?? 0) < KEEP_HANDED_MS) return null;
    // A finished game's room stays where it ended (its row is not live, so it could not be handed on): its players are relayed.
    if (room.status === 'over') return null;
    this.rooms.delete(id);
    this.fences.delete(id);
    this.handingOff.add(id);
    room.close();
    try {
      await room.idle().catch(() => undefined);
      return await this.leases.handTo(id, fence, node);
    } finally {
      // Its clients go to find it: with `node`, or (not handed: its game ended while its last writes were stored, and a
      // finished game's room stays where it ended; or its lease had moved on) rebuilt from the store where it is now.
      this.handingOff.delete(id);
      room.evacuate();
    }
  }

  /** Takes a room another process has just handed here under `epoch` (without one: claimed as an orphan would be). */
  async receive(id: string, epoch?: number): Promise<Room | undefined> {
    const fence = epoch === undefined || !this.leases ? undefined : { node: this.leases.nodeId, epoch };
    const room = await (fence ? this.once(id, () => this.rebuild(id, fence)) : this.adopt(id));
    if (room) this.handedHere.set(id, Date.now());
    return room;
  }

  /** Forgets a room (nobody is in it): its timers stop, and its lease is given back. */
  evict(id: string): void {
    this.rooms.get(id)?.close();
    const fence = this.fences.get(id);
    this.fences.delete(id);
    this.handedHere.delete(id);
    if (this.rooms.delete(id) && fence) void this.leases?.release(id, fence).catch(() => undefined);
  }

  /** Drops rooms another process owns now (their lease moved on): their clients go to find the room where it is. */
  forget(ids: readonly string[]): void {
    for (const id of ids) {
      const room = this.rooms.get(id);
      if (!room) continue;
      this.rooms.delete(id);
      this.fences.delete(id);
      room.close();
      room.evacuate();
    }
  }

  get size(): number {
    return this.rooms.size;
  }

  async idle(): Promise<void> {
    await Promise.all([...this.rooms.values()].map((r) => r.idle()));
  }

  close(): void {
    this.closed = true;
    for (const room of this.rooms.values()) room.close();
    this.rooms.clear();
  }

  /** A room's options: with a lease, its writes go under the lease's fence, and one refused drops the room here. */
  private optionsFor(id: string, fence: Fence | undefined): RoomOptions {
    if (!fence) return this.options;
    return {
      ...this.options,
      store: fenced(this.options.store, fence, () => {
        if (this.fences.get(id) !== fence) return;
        this.options.log.info({ room: id, epoch: fence.epoch }, 'another process took the room over (its lease epoch is stale); dropped here');
        this.forget([id]);
      }),
    };
  }

  /** Claims the room (`finished`: a finished one whose keeper is gone) and rebuilds it. */
  private async takeOver(id: string, finished = false): Promise<Room | undefined> {
    const kept = finished ? await this.leases!.claimKept(id, Date.now() - KEEP_FINISHED_MS) : undefined;
    const fence = finished ? kept?.fence : await this.leases!.claim(id);
    return fence ? this.buildClaimed(id, fence, () => this.rebuild(id, fence, kept ?? undefined)) : undefined;
  }

  private async buildClaimed(id: string, fence: Fence, build: () => Promise<Room | undefined>): Promise<Room | undefined> {
    try {
      return await build();
    } catch (e) {
      // Claimed but not rebuilt (its log could not be read): given up again, or no process could
      // ever take it (this one holds its lease, and does not hold the room).
      this.options.log.warn({ room: id, err: e }, 'room could not be taken over');
      await this.leases!.release(id, fence).catch(() => undefined);
      return undefined;
    }
  }

  /** Builds a room claimed under `fence` from the store: its game now live, or (`kept`) its finished game taken from a process that is gone. */
  private async rebuild(id: string, fence: Fence, kept?: KeptRoom): Promise<Room | undefined> {
    // A rematch's game is a row of its own.
    const row = kept?.row ?? (await this.leases!.liveRow(id).catch(() => id));
    const stored = await this.options.store.room(row ?? id).catch((e: Error) => {
      this.options.log.warn({ room: id, err: e }, 'room could not be read');
      return null;
    });
    return this.build(id, fence, stored, kept);
  }

  /**
   * Builds a room this process holds the lease of under `fence` from its stored row (none: it is not live any more, and its lease is
   * given up); `kept`: a finished room taken from a process that is gone, for what is left of its time.
   */
  private async build(id: string, fence: Fence, stored: StoredRoom | null, kept?: KeptRoom): Promise<Room | undefined> {
    // Live: open, in play, or over with players waiting for a rematch (store/schema.ts, LIVE); or kept for its players after its end.
    if (this.closed || !stored || (stored.status !== 'open' && stored.status !== 'playing' && stored.rematch === undefined && !kept)) {
      await this.leases!.release(id, fence);
      return undefined;
    }
    const room = await Room.restore(stored, this.optionsFor(id, fence));
    if (!room.ok) {
      // Kept owned, so that no process tries it again and again; it is reported once.
      this.refuse(stored, room.error);
      return undefined;
    }
    // The process began to stop while the room was read: it goes to the next owner instead.
    if (this.closed) {
      room.value.close();
      await this.leases!.release(id, fence);
      return undefined;
    }
    // A finished room taken from a process that is gone stays for what is left of its time.
    this.add(room.value, fence, kept && kept.endedAt + KEEP_FINISHED_MS - Date.now());
    this.onAdopted(room.value);
    return room.value;
  }

  private add(room: Room, fence?: Fence, keepMs?: number): void {
    this.rooms.set(room.id, room);
    if (fence) this.fences.set(room.id, fence);
    this.evictWhenOver(room, keepMs);
  }

  /** A finished game's room goes some time after its end (`keepMs` from now), unless its players started a rematch meanwhile. */
  private evictWhenOver(room: Room, keepMs = KEEP_FINISHED_MS): void {
    void room.ended.then(() =>
      setTimeout(() => {
        if (this.rooms.get(room.id) !== room) return;
        if (room.status !== 'over') return this.evictWhenOver(room);
        room.close();
        void room
          .endRematchWait()
          .catch((e: Error) => this.options.log.warn({ room: room.id, err: e }, 'could not store the end of the wait for a rematch'))
          .finally(() => this.evict(room.id));
      }, keepMs).unref(),
    );
  }
}
