/** Every room this server holds, by id; rebuilt from the store at start-up. */
import type { Result } from '@hanafuda/engine';
import type { RoomSetup } from '@hanafuda/protocol';
import { Room, type RoomOptions } from './room.js';

/** How long a finished game's room stays open for its players to see the end. */
const KEEP_FINISHED_MS = 10 * 60 * 1000;

export class Rooms {
  private readonly rooms = new Map<string, Room>();

  constructor(private readonly options: RoomOptions) {}

  /** Rebuilds every room that was not over when the server stopped; a room whose log is refused is reported and left out. */
  async restoreAll(): Promise<number> {
    const stored = await this.options.store.liveRooms();
    for (const s of stored) {
      const room = await Room.restore(s, this.options);
      if (room.ok) this.add(room.value);
      else this.options.log(`room ${s.id} could not be restored: ${room.error.message}`);
    }
    return this.rooms.size;
  }

  async create(setup: RoomSetup): Promise<Result<{ room: Room; hostToken: string }>> {
    const created = await Room.create(setup, this.options);
    if (created.ok) this.add(created.value.room);
    return created;
  }

  get(id: string): Room | undefined {
    return this.rooms.get(id);
  }

  /** Every room held now. */
  all(): Room[] {
    return [...this.rooms.values()];
  }

  /** Forgets a room (nobody is in it): its timers stop. */
  evict(id: string): void {
    this.rooms.get(id)?.close();
    this.rooms.delete(id);
  }

  get size(): number {
    return this.rooms.size;
  }

  async idle(): Promise<void> {
    await Promise.all([...this.rooms.values()].map((r) => r.idle()));
  }

  close(): void {
    for (const room of this.rooms.values()) room.close();
    this.rooms.clear();
  }

  private add(room: Room): void {
    this.rooms.set(room.id, room);
    void room.ended.then(() =>
      setTimeout(() => {
        room.close();
        this.rooms.delete(room.id);
      }, KEEP_FINISHED_MS).unref(),
    );
  }
}
