/**
 * Every room this server holds, by id; rebuilt from the store at start-up. With several
 * processes on one PostgreSQL, a room is held only by the process that claimed it
 * (cluster/locks.ts): rooms are created under a claim, adopted only when unclaimed, and their
 * claim is given back when they go.
 */
import type { Result, RuleError } from '@hanafuda/engine';
import type { RoomSetup } from '@hanafuda/protocol';
import type { RoomClaims } from './cluster/locks.js';
import { newRoomId } from './ids.js';
import { Room, type RoomOptions } from './room.js';

/** How long a finished game's room stays open for its players to see the end. */
const KEEP_FINISHED_MS = 10 * 60 * 1000;

export class Rooms {
  private readonly rooms = new Map<string, Room>();
  /** Rooms being adopted now: a second request for one waits for the first. */
  private readonly adopting = new Map<string, Promise<Room | undefined>>();
  /** Called with each room this process adopts (a dead or departed owner's, or any at start-up). */
  onAdopted: (room: Room) => void = () => undefined;
  /** Stopping: no room is adopted any more (they go to the other processes). */
  private closed = false;
  /** Stored rooms that could not be rebuilt (another rules version, a refused log), with why: told to whoever comes for them. */
  private readonly refused = new Map<string, RuleError>();

  constructor(
    private readonly options: RoomOptions,
    /** Absent: this process is the only one (SQLite), and holds every room. */
    private readonly claims?: RoomClaims,
  ) {}

  /** Rebuilds every room that was not over when the server stopped (with claims: every one nobody holds); a room whose log is refused is reported and left out. */
  async restoreAll(): Promise<number> {
    if (this.claims) {
      await this.adoptOrphans();
      return this.rooms.size;
    }
    const stored = await this.options.store.liveRooms();
    for (const s of stored) {
      const room = await Room.restore(s, this.options);
      if (room.ok) this.add(room.value);
      else this.refuse(s.id, room.error);
    }
    return this.rooms.size;
  }

  /** Takes over every live room no process holds; answers how many. */
  async adoptOrphans(): Promise<number> {
    if (!this.claims || this.closed) return 0;
    const ids = await this.claims.claimOrphans();
    let adopted = 0;
    for (const id of ids) if (await this.once(id, () => this.rebuild(id))) adopted++;
    return adopted;
  }

  /** The room, taken over from the store if no process holds it; undefined if another does, or it is not live. */
  adopt(id: string): Promise<Room | undefined> {
    const held = this.rooms.get(id);
    if (held || !this.claims || this.closed) return Promise.resolve(held);
    return this.once(id, async () => this.rooms.get(id) ?? ((await this.claims!.claim(id)) ? this.rebuild(id) : undefined));
  }

  /** One adoption of a room at a time: a second request for it waits for the first. */
  private once(id: string, adopt: () => Promise<Room | undefined>): Promise<Room | undefined> {
    let adopting = this.adopting.get(id);
    if (!adopting) {
      adopting = adopt().finally(() => this.adopting.delete(id));
      this.adopting.set(id, adopting);
    }
    return adopting;
  }

  async create(setup: RoomSetup): Promise<Result<{ room: Room; hostToken: string }>> {
    const id = newRoomId();
    // Claimed before it is stored, so no other process can adopt it in between.
    if (this.claims && !(await this.claims.claim(id))) throw new Error(`room ${id}: its lock is held by another process`);
    const created = await Room.create(setup, this.options, id).catch(async (e: Error) => {
      await this.claims?.release(id);
      throw e;
    });
    if (created.ok) this.add(created.value.room);
    else await this.claims?.release(id);
    return created;
  }

  get(id: string): Room | undefined {
    return this.rooms.get(id);
  }

  /** Why a stored room was not rebuilt here, if it was refused. */
  refusal(id: string): RuleError | undefined {
    return this.refused.get(id);
  }

  private refuse(id: string, error: RuleError): void {
    this.refused.set(id, error);
    this.options.log(`room ${id} could not be restored: ${error.message}`);
  }

  /** Every room held now. */
  all(): Room[] {
    return [...this.rooms.values()];
  }

  /** Forgets a room (nobody is in it): its timers stop, and its claim is given back. */
  evict(id: string): void {
    this.rooms.get(id)?.close();
    if (this.rooms.delete(id)) void this.claims?.release(id).catch(() => undefined);
  }

  /** Forgets rooms another process may own now, without touching their claims (they are lost). */
  forget(ids: readonly string[]): void {
    for (const id of ids) {
      this.rooms.get(id)?.close();
      this.rooms.delete(id);
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

  private async rebuild(id: string): Promise<Room | undefined> {
    const stored = await this.options.store.room(id).catch((e: Error) => {
      this.options.log(`room ${id} could not be read: ${e.message}`);
      return null;
    });
    if (this.closed || !stored || (stored.status !== 'open' && stored.status !== 'playing')) {
      await this.claims?.release(id);
      return undefined;
    }
    const room = await Room.restore(stored, this.options);
    if (!room.ok) {
      // Kept claimed, so that no process tries it again and again; it is reported once.
      this.refuse(id, room.error);
      return undefined;
    }
    this.add(room.value);
    this.onAdopted(room.value);
    return room.value;
  }

  private add(room: Room): void {
    this.rooms.set(room.id, room);
    void room.ended.then(() =>
      setTimeout(() => {
        room.close();
        if (this.rooms.get(room.id) === room) this.evict(room.id);
      }, KEEP_FINISHED_MS).unref(),
    );
  }
}
