/**
 * The rooms this process holds, by id, each under its lease's fence when several processes
 * share one PostgreSQL (cluster/leases.ts): a room's every write carries the epoch of its
 * lease, so a copy whose lease moved on to another process is dropped at its first write.
 * Rooms are made here, given up here (abandoned, evicted, or dropped when another process
 * took them), and a finished game's room goes some time after its end. Where a room lives
 * (here, with another process, rebuilt here from the store, handed on) is placement.ts's to
 * decide: it puts the rooms it takes here (`hold`) and takes away those it hands on (`letGo`).
 */
import { type Result, type RuleError, err } from '@hanafuda/engine';
import type { RoomSetup } from '@hanafuda/protocol';
import type { RoomLeases } from '../cluster/leases.js';
import { newRoomId } from './ids.js';
import { access, type Guarded } from './room-access.js';
import { Room, type RoomOptions } from './room.js';
import { fenced } from '../store/fenced.js';
import { type Fence, FencedOut, type StoredRoom } from '../store/store.js';

/** How long a finished game's room stays open for its players to see the end (and ask for a rematch, kept across restarts). */
export const KEEP_FINISHED_MS = 10 * 60 * 1000;

export class Rooms {
  private readonly rooms = new Map<string, Room>();
  /** The lease each held room is under (several processes only). */
  private readonly fences = new Map<string, Fence>();
  /** When each room came here by a hand-off. */
  private readonly handedHere = new Map<string, number>();
  /** Stopping: no room is adopted any more (they go to the other processes). */
  private closed = false;
  /** Stored rooms that could not be rebuilt (another rules version, a refused log), with why: told to whoever comes for them. */
  private readonly refused = new Map<string, { readonly error: RuleError; readonly room: Guarded }>();

  constructor(
    private readonly options: RoomOptions,
    /** Absent: this process is the only one (SQLite), and holds every room. */
    private readonly leases?: RoomLeases,
  ) {}

  /** A new room, owned here; under `chosen`, an id its client drew (refused if a room, or a game's record, has it). */
  async create(
    setup: RoomSetup,
    chosen?: string,
    reserved?: readonly (string | undefined)[],
  ): Promise<Result<{ room: Room; hostToken: string }>> {
    if (chosen !== undefined && (this.rooms.has(chosen) || (await this.options.store.room(chosen)) !== null))
      return err(
        'room-taken',
        `a room "${chosen}" exists already: draw another id, or leave it out and the server draws one`,
      );
    const id = chosen ?? newRoomId();
    // Owned from its first write (the row is created with this process as its owner).
    const fence = this.leases?.fenceForNew();
    const created = await Room.create(setup, this.optionsFor(id, fence), id, reserved);
    if (created.ok) this.hold(created.value.room, fence);
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

  /** Keeps a stored room that could not be rebuilt out for good (reported once): this process holds its lease. */
  refuse(room: StoredRoom, error: RuleError): void {
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

  /** Whether this process is stopping (its rooms go to the other processes: none is taken here any more). */
  get stopping(): boolean {
    return this.closed;
  }

  /** The lease a room held here is under. */
  fenceOf(id: string): Fence | undefined {
    return this.fences.get(id);
  }

  /** When a room came here by a hand-off (0: it did not). */
  handedHereAt(id: string): number {
    return this.handedHere.get(id) ?? 0;
  }

  /** A room came here by a hand-off now. */
  cameByHandOff(id: string): void {
    this.handedHere.set(id, Date.now());
  }

  /** Takes a room out of those held here as it is handed on (its clients stay with it until it is gone). */
  letGo(id: string): void {
    this.rooms.delete(id);
    this.fences.delete(id);
  }

  /** A room's options: with a lease, its writes go under the lease's fence, and one refused drops the room here. */
  optionsFor(id: string, fence: Fence | undefined): RoomOptions {
    if (!fence) return this.options;
    return {
      ...this.options,
      store: fenced(this.options.store, fence, () => {
        if (this.fences.get(id) !== fence) return;
        this.options.log.info(
          { room: id, epoch: fence.epoch },
          'another process took the room over (its lease epoch is stale); dropped here',
        );
        this.forget([id]);
      }),
    };
  }

  /** Holds a room here (under `fence`, with a lease); a finished game's room goes `keepMs` from now. */
  hold(room: Room, fence?: Fence, keepMs?: number): void {
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
          .catch((e: Error) =>
            this.options.log.warn(
              { room: room.id, err: e },
              'could not store the end of the wait for a rematch',
            ),
          )
          .finally(() => this.evict(room.id));
      }, keepMs).unref(),
    );
  }
}
