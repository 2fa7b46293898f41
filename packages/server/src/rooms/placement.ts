/**
 * Where a room lives: here, with another process (the owner of its lease, or the keeper of a
 * finished game's room), or nowhere yet, to be rebuilt here from the store; and how it moves:
 * handed to the process its players' load balancer sends them to, received from one, taken
 * over from one that died or stopped. This module alone decides it: the relay asks it where a
 * room is (`locate`), the cluster has it take over the orphans, the server has it rebuild the
 * rooms at start-up, and the rooms it takes are held in `Rooms` (rooms.ts).
 *
 * With several processes on one PostgreSQL, a room is held only by the process whose lease it
 * is under (cluster/leases.ts): rooms are created under a lease, handed straight to another
 * process, taken over only when free (no live owner), and given back when they go. Every
 * taking-over of a room in this process, on demand or of orphans, goes through one adoption
 * per room at a time, so no room is ever built twice here.
 */
import type { Claimed, KeptRoom, RoomLeases, Whereabouts } from '../cluster/leases.js';
import { Room, type RoomOptions } from './room.js';
import { KEEP_FINISHED_MS, type Rooms } from './rooms.js';
import type { Fence, StoredRoom } from '../store/store.js';

/** Orphans claimed per statement (a look claims batch after batch until none is left). */
const ORPHANS_PER_CLAIM = 1000;
/** A room this process was handed is not handed on again this soon (no ping-pong while the load balancer's view settles). */
const KEEP_HANDED_MS = 5000;
/** How often a room with no live owner for a moment (being taken over, or handed on) is looked for again. */
const LOOK_AGAIN_MS = 100;

/** Where a room is: here, with another process, or with none (not live, or refused here: the session says why). */
export type Place = 'here' | { readonly owner: string } | null;

export class Placement {
  /**
   * Rooms being handed to another process: this one still owns them in the store until the lease
   * moves, and a request here must not take one back meanwhile. (Once moved, the store lets no
   * live process but the new owner take it.)
   */
  private readonly handingOff = new Set<string>();
  /** Rooms being adopted now: a second request for one waits for the first. */
  private readonly adopting = new Map<string, Promise<Room | undefined>>();
  /** Called with each room this process adopts (a dead or departed owner's, or any at start-up). */
  onAdopted: (room: Room) => void = () => undefined;

  constructor(
    /** The rooms held here: those this process takes go there. */
    readonly rooms: Rooms,
    private readonly options: RoomOptions,
    /** Absent: this process is the only one (SQLite), and holds every room. */
    private readonly leases?: RoomLeases,
  ) {}

  /**
   * Where a room is now. A finished game's room whose process stopped or died is taken here
   * (once: if another process won it, it is reached there); a live room no process holds is
   * taken over here; a room being taken over or handed on has no live owner for a moment: it is
   * looked for again.
   */
  async locate(room: string): Promise<Place> {
    const nodeId = this.leases?.nodeId;
    let keptTried = false;
    for (let tries = 0; ; tries++) {
      const where = await this.whereabouts(room);
      if (!where.live) {
        // A finished game's room whose process stopped or died is taken here (once: if another process won it, it is reached there),
        // or is being taken here for another of its players at this moment.
        if ((where.keeperGone || where.keptBy === nodeId) && !keptTried) {
          keptTried = true;
          if (await this.adoptFinished(room)) return 'here';
          continue;
        }
        // A finished game's room is reached where it is kept.
        if (where.keptBy === undefined || where.keptBy === nodeId) return null;
        return { owner: where.keptBy };
      }
      if (where.owner !== null && where.owner !== nodeId) return { owner: where.owner };
      if (await this.adopt(room)) return 'here';
      // Refused here (another rules version, a refused log): no process rebuilds it, and the session says why at once.
      if (this.rooms.isRefused(room)) return null;
      if (tries >= 50) throw new Error(`room ${room}: no process could take it over`);
      await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
    }
  }

  /** Where the store says a room is (its lease's owner, or who keeps its finished game), without taking it. */
  whereabouts(room: string): Promise<Whereabouts> {
    return this.leases!.whereabouts(room);
  }

  /** The other live processes (those a stopping process hands its rooms to). */
  others(): Promise<string[]> {
    return this.leases!.others();
  }

  /**
   * A room this process is named the owner of (or could take) but does not hold: its live game
   * taken over, or its finished game's room, kept here or by a process gone, rebuilt.
   */
  async takeHere(room: string): Promise<boolean> {
    return (await this.adopt(room)) !== undefined || (await this.adoptFinished(room)) !== undefined;
  }

  /** Rebuilds every room that was not over when the server stopped (with leases: every one nobody holds); a room whose log is refused is reported and left out. */
  async restoreAll(): Promise<number> {
    if (this.leases) {
      await this.adoptOrphans();
      return this.rooms.size;
    }
    const stored = await this.options.store.liveRooms();
    for (const s of stored) {
      const room = await Room.restore(s, this.options);
      if (room.ok) this.rooms.hold(room.value);
      else this.rooms.refuse(s, room.error);
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
    while (this.leases && !this.rooms.stopping) {
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
    this.rooms.forget([id]);
    const built = this.buildClaimed(id, fence, () => this.build(id, fence, stored)).finally(() =>
      this.adopting.delete(id),
    );
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
    if (held || !this.leases || this.rooms.stopping || this.rooms.isRefused(id) || this.handingOff.has(id))
      return Promise.resolve(held);
    let adopting = this.adopting.get(id);
    if (!adopting) {
      adopting = adoption().finally(() => this.adopting.delete(id));
      this.adopting.set(id, adopting);
    }
    return adopting;
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
    const fence = this.rooms.fenceOf(id);
    if (!room || !fence || !this.leases || this.rooms.stopping) return null;
    if (!stopping && Date.now() - this.rooms.handedHereAt(id) < KEEP_HANDED_MS) return null;
    // A finished game's room stays where it ended (its row is not live, so it could not be handed on): its players are relayed.
    if (room.status === 'over') return null;
    this.rooms.letGo(id);
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
    if (room) this.rooms.cameByHandOff(id);
    return room;
  }

  /** Claims the room (`finished`: a finished one whose keeper is gone) and rebuilds it. */
  private async takeOver(id: string, finished = false): Promise<Room | undefined> {
    const kept = finished ? await this.leases!.claimKept(id, Date.now() - KEEP_FINISHED_MS) : undefined;
    const fence = finished ? kept?.fence : await this.leases!.claim(id);
    return fence ? this.buildClaimed(id, fence, () => this.rebuild(id, fence, kept ?? undefined)) : undefined;
  }

  private async buildClaimed(
    id: string,
    fence: Fence,
    build: () => Promise<Room | undefined>,
  ): Promise<Room | undefined> {
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
  private async build(
    id: string,
    fence: Fence,
    stored: StoredRoom | null,
    kept?: KeptRoom,
  ): Promise<Room | undefined> {
    // Live: open, in play, or over with players waiting for a rematch (store/schema.ts, LIVE); or kept for its players after its end.
    if (
      this.rooms.stopping ||
      !stored ||
      (stored.status !== 'open' && stored.status !== 'playing' && stored.rematch === undefined && !kept)
    ) {
      await this.leases!.release(id, fence);
      return undefined;
    }
    const room = await Room.restore(stored, this.rooms.optionsFor(id, fence));
    if (!room.ok) {
      // Kept owned, so that no process tries it again and again; it is reported once.
      this.rooms.refuse(stored, room.error);
      return undefined;
    }
    // The process began to stop while the room was read: it goes to the next owner instead.
    if (this.rooms.stopping) {
      room.value.close();
      await this.leases!.release(id, fence);
      return undefined;
    }
    // A finished room taken from a process that is gone stays for what is left of its time.
    this.rooms.hold(room.value, fence, kept && kept.endedAt + KEEP_FINISHED_MS - Date.now());
    this.onAdopted(room.value);
    return room.value;
  }
}
