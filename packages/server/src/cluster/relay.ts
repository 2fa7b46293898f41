/**
 * Any process accepts any socket. A connection whose room another process owns gets a line to
 * that owner over the bus: its messages go to the owner, where a `Session` of the owner's
 * plays them exactly as for a socket of its own (so every view is redacted per seat by the
 * same code, on the owner), and the owner's messages come back to the socket.
 *
 * When the owner dies or stops, the lines to it wait: the room is taken over from its log by
 * whichever process gets its lock first (here, or anywhere: it tells everyone), and each line
 * then enters the room again where it is now (a seat's resume by token, a spectate) and sends
 * what it could not deliver. Players see a pause and a fresh view, not an error.
 */
import { RULES_VERSION } from '@hanafuda/engine';
import { errorMessage } from '@hanafuda/protocol';
import type { ServerMessage } from '../rooms/room.js';
import type { Placement } from '../rooms/placement.js';
import type { Rooms } from '../rooms/rooms.js';
import type { Elsewhere, Line, Peer, Session } from '../socket/session.js';
import type { Bus, BusMessage } from './bus.js';
import type { Log } from '../ops/log.js';
import type { Identity } from '../accounts/identity.js';

/** How often lines waiting for a room's new owner look for it. */
const REPAIR_MS = 100;
/** Rooms a stopping process hands over at once (each a few writes and a message). */
const HAND_OVER_AT_ONCE = 8;
/** A room's owner is asked for it at most this often by one process. */
const WANT_EVERY_MS = 2000;
/**
 * A line its room's owner sent back waits this long for the room to change hands (a hand-off
 * moves the lease a moment after the owner lets the room go); past it, it enters the room
 * again wherever it is, even at the same owner (a hand-off that did not happen leaves the
 * room with it, rebuilt from the store on the next request).
 */
const REFUSED_WAIT_MS = 1000;
/**
 * Lines whose sessions were dropped while their process seemed gone (a message to it was not
 * delivered: dead, or only the bus was away) are told so this often, until they hear it (their
 * process is back) or for `TELL_LOST_FOR_MS` (it is dead: nobody is left to tell).
 */
const TELL_LOST_EVERY_MS = 1000;
const TELL_LOST_FOR_MS = 120_000;

interface LineState {
  readonly room: string;
  readonly owner: string;
  readonly peer: Peer;
  /** Messages the owner did not get (it was gone) or sent back (it did not hold the room, or was stopping): sent again once the room is back. */
  readonly pending: string[];
  paused: boolean;
  /** When the owner first sent messages back (it did not hold the room, even while it still answered), or 0. */
  refusedAt: number;
}

/** Another process's socket in one of this process's rooms: its session here, its messages in order, and whether they now go back (the room is not here). */
interface Remote {
  session: Session;
  queue: Promise<void>;
  gone?: boolean;
}

/** A session for another process's socket: its messages' answers go back over the bus; a room not here sends them back through `elsewhere`. */
export type NewSession = (
  send: (message: ServerMessage) => void,
  close: (reason: string) => void,
  elsewhere: Elsewhere,
  identity: Identity | null,
) => Session;

/** Messages that name the room they are for. */
const ROOM_MESSAGES = new Set(['join', 'resume', 'spectate', 'start', 'replace-with-bot']);

export class Relay implements Elsewhere {
  private nextConn = 1;
  /** This process's sockets in rooms others own, by line. */
  private readonly lines = new Map<number, LineState>();
  /** Other processes' sockets in rooms this one owns, by `process:line`, each with its messages in order. */
  private readonly remotes = new Map<string, Remote>();
  private repairing: NodeJS.Timeout | null = null;
  /** Lines of other processes whose sessions here were dropped (processGone), by `process:line`, with when: to be told (`lost`). */
  private readonly dropped = new Map<
    string,
    { readonly node: string; readonly conn: number; readonly since: number }
  >();
  private telling: NodeJS.Timeout | null = null;
  /** When this process last asked for each room. */
  private readonly wanted = new Map<string, number>();
  /** Stopping: messages for this process's rooms are sent back, to go to the rooms' next owner. */
  private closing = false;
  private bus: Bus | null = null;

  constructor(
    private readonly nodeId: string,
    /** Where each room lives: asked before a line is opened, and to take a room here. */
    private readonly placement: Placement,
    private readonly rooms: Rooms,
    /** A session for another process's socket (no quotas or relaying of its own: its own process did those). */
    private readonly newSession: NewSession,
    private readonly log: Log,
  ) {}

  attach(bus: Bus): void {
    this.bus = bus;
  }

  async open(
    room: string,
    _message: string,
    peer: Peer,
    routedHere = false,
  ): Promise<'here' | 'refused' | Line | null> {
    // Where the room is (placement.ts): here, taken here now, or with another process, to which a line goes.
    const place = await this.placement.locate(room);
    if (place === 'here') return 'here';
    if (place === null) return null;
    const owner = place.owner;
    // The load balancer sends this room's players here: its owner is asked to hand it over, so that relaying is the exception.
    if (routedHere && this.bus && (this.wanted.get(room) ?? 0) + WANT_EVERY_MS < Date.now()) {
      this.wanted.set(room, Date.now());
      void this.send(owner, { k: 'want', node: this.nodeId, room, rules: RULES_VERSION });
    }
    if (!this.bus) {
      peer.send(
        errorMessage(
          'elsewhere',
          `room "${room}" is held by another server process, which this one cannot reach: run every process with the same REDIS_URL`,
        ),
      );
      return 'refused';
    }
    const conn = this.nextConn++;
    this.lines.set(conn, { room, owner, peer, pending: [], paused: false, refusedAt: 0 });
    return {
      room,
      forward: (text) => this.forward(conn, text),
      close: () => this.closeLine(conn),
    };
  }

  /** Tells every process which rooms this one has just taken over, so that their lines to them move here. */
  announce(rooms: readonly string[]): void {
    if (rooms.length > 0)
      void this.bus
        ?.broadcast({ k: 'owns', node: this.nodeId, rooms })
        .catch((e: Error) => this.log.warn({ err: e }, 'cluster: announcing the rooms owned here failed'));
  }

  receive(m: BusMessage): void {
    switch (m.k) {
      case 'in':
        return this.fromRemote(m.from, m.conn, m.text, m.who ?? null);
      case 'bye': {
        const key = `${m.from}:${m.conn}`;
        const remote = this.remotes.get(key);
        this.remotes.delete(key);
        if (remote) remote.queue = remote.queue.then(() => remote.session.closed());
        return;
      }
      case 'out':
        return this.lines.get(m.conn)?.peer.send(m.message as ServerMessage);
      case 'close':
        return this.lines.get(m.conn)?.peer.close(m.reason);
      case 'gone': {
        // Every message of that line comes back, in order, and waits for the room's owner.
        const line = this.lines.get(m.conn);
        if (!line) return;
        line.pending.push(m.text);
        line.paused = true;
        line.refusedAt ||= Date.now();
        return this.scheduleRepair();
      }
      case 'lost': {
        // The owner (perhaps still the room's) lost the line's session: the line enters the room again, with what waited.
        const line = this.lines.get(m.conn);
        if (!line) return;
        if (m.text !== undefined) line.pending.push(m.text);
        line.paused = true;
        return this.scheduleRepair();
      }
      case 'moved': {
        const line = this.lines.get(m.conn);
        if (!line) return;
        line.paused = true;
        line.refusedAt ||= Date.now();
        return this.scheduleRepair();
      }
      case 'want':
        // Every room built here is of this process's rules version: a process of other rules (or of unknown ones) is not handed it.
        if (!this.closing && m.rules === RULES_VERSION)
          void this.placement.handOff(m.room, m.node).then(
            (epoch) => epoch !== null && this.send(m.node, { k: 'take', room: m.room, epoch }),
            (e: Error) => this.log.warn({ room: m.room, err: e }, 'cluster: handing a room over failed'),
          );
        return;
      case 'take':
        if (!this.closing)
          void this.placement
            .receive(m.room, m.epoch)
            .catch((e: Error) => this.log.warn({ room: m.room, err: e }, 'cluster: taking a room failed'));
        return;
      case 'owns': {
        const moved = new Set(m.rooms);
        for (const [conn, line] of this.lines)
          if (moved.has(line.room) && line.owner !== m.node) this.reenter(conn, line);
        return;
      }
      case 'left':
        if (m.node !== this.nodeId) this.ownerGone(m.node);
        return;
    }
  }

  /**
   * A graceful stop, before this process stops listening: every room in play here goes to the
   * other processes in turn, its sockets here following it over lines while they last, so that
   * a room pauses for one hand-over rather than until its players come back through another
   * process. A finished room stays (its players find it through `claimKept`); a room the chosen
   * process does not take is an orphan the others take over. Answers how many were handed.
   */
  async handOverAll(): Promise<number> {
    const others = this.bus ? await this.placement.others() : [];
    if (others.length === 0) return 0;
    const ids = this.rooms.ids();
    let handed = 0;
    const next = { i: 0 };
    const handOne = async (): Promise<void> => {
      for (let i = next.i++; i < ids.length; i = next.i++) {
        const node = others[i % others.length];
        const epoch = await this.placement
          .handOff(ids[i], node, true)
          .catch(
            (e: Error) => (
              this.log.warn({ room: ids[i], err: e }, 'cluster: handing a room over failed'),
              null
            ),
          );
        if (epoch !== null && (await this.send(node, { k: 'take', room: ids[i], epoch }))) handed++;
      }
    };
    await Promise.all(Array.from({ length: HAND_OVER_AT_ONCE }, handOne));
    return handed;
  }

  /** This process stops: the sockets of others in its rooms are forgotten (their processes move them). */
  close(): void {
    this.closing = true;
    if (this.repairing) clearTimeout(this.repairing);
    this.repairing = null;
    if (this.telling) clearTimeout(this.telling);
    this.telling = null;
    this.dropped.clear();
    for (const { session } of this.remotes.values()) session.closed();
    this.remotes.clear();
  }

  private forward(conn: number, text: string): void {
    const line = this.lines.get(conn);
    if (!line) return;
    if (line.paused) {
      line.pending.push(text);
      return;
    }
    const who = line.peer.identity;
    void this.send(line.owner, { k: 'in', from: this.nodeId, conn, text, ...(who ? { who } : {}) }).then(
      (delivered) => {
        if (delivered) return;
        line.pending.push(text);
        this.ownerGone(line.owner);
      },
    );
  }

  private closeLine(conn: number): void {
    const line = this.lines.get(conn);
    if (!line) return;
    this.lines.delete(conn);
    if (!line.paused) void this.send(line.owner, { k: 'bye', from: this.nodeId, conn });
  }

  /** A message for another process's socket in one of this process's rooms. */
  private fromRemote(from: string, conn: number, text: string, identity: Identity | null): void {
    const key = `${from}:${conn}`;
    let remote = this.remotes.get(key);
    // A line opens with the message that enters its room: one that goes on with anything else lost its session here (its room moved
    // on, or its process seemed gone for a moment), and what it sends goes back, to enter the room again wherever it is now.
    // Whatever it sends, the line is heard from: a notice that its session was dropped is not owed any more.
    this.dropped.delete(key);
    if (!remote && roomOf(text) === null) {
      void this.send(from, { k: 'lost', conn, text });
      return;
    }
    if (!remote) {
      // The room left this process while a message waited its turn (handed on, or this process stops): it goes back to its sender, to find the room where it is now.
      const sendingBack: Elsewhere = {
        relayed: true,
        open: async (room, message) => {
          if (await this.placement.takeHere(room)) return 'here';
          if (this.rooms.isRefused(room)) return null;
          await this.sendBack(created, from, conn, message);
          return 'refused';
        },
      };
      const created: Remote = {
        session: this.newSession(
          (message) =>
            void this.send(from, { k: 'out', conn, message }).then(
              (delivered) => delivered || this.processGone(from),
            ),
          (reason) => void this.send(from, { k: 'close', conn, reason }),
          sendingBack,
          identity,
        ),
        queue: Promise.resolve(),
      };
      remote = created;
      this.remotes.set(key, remote);
      // Its room was handed on or taken over: the socket's own process finds it where it is now.
      created.session.client.moved = () => {
        created.gone = true;
        if (this.remotes.get(key) === created) this.remotes.delete(key);
        void this.send(from, { k: 'moved', conn });
      };
    }
    const r = remote;
    remote.queue = remote.queue
      .then(async () => {
        const room = roomOf(text);
        // The sender's idea of the owner was out of date, or this process is stopping: it routes this message, and every later one of that line, again.
        // (A room refused here stays this process's: the session tells why.)
        if (
          this.closing ||
          r.gone ||
          (room !== null &&
            !this.rooms.get(room) &&
            !this.rooms.isRefused(room) &&
            !(await this.placement.takeHere(room)))
        )
          return this.sendBack(r, from, conn, text);
        await r.session.receive(text);
      })
      .catch((e: Error) => this.log.error({ line: key, err: e }, 'cluster: a relayed session failed'));
  }

  /** Sends a relayed message back to its sender, and every later one of its line: the room is not here. */
  private async sendBack(remote: Remote, from: string, conn: number, text: string): Promise<void> {
    remote.gone = true;
    remote.session.closed();
    await this.send(from, { k: 'gone', conn, text });
  }

  /**
   * Another process is gone (its channel has no listener): its sockets' seats show away here. If
   * only the bus was away, its lines are waiting for messages that will not come (their sessions
   * here are gone): they are told, once they can be, to enter their rooms again.
   */
  private processGone(node: string): void {
    for (const [key, remote] of this.remotes) {
      if (!key.startsWith(`${node}:`)) continue;
      this.remotes.delete(key);
      remote.queue = remote.queue.then(() => remote.session.closed());
      this.dropped.set(key, { node, conn: Number(key.slice(node.length + 1)), since: Date.now() });
    }
    this.telling ??= setTimeout(() => void this.tellDropped(), TELL_LOST_EVERY_MS);
  }

  /** Tells each dropped line its session is lost, until it hears it or its process has been unreachable too long. */
  private async tellDropped(): Promise<void> {
    await Promise.all(
      [...this.dropped].map(async ([key, { node, conn, since }]) => {
        if ((await this.send(node, { k: 'lost', conn })) || Date.now() - since > TELL_LOST_FOR_MS)
          this.dropped.delete(key);
      }),
    );
    this.telling =
      this.dropped.size > 0 && !this.closing
        ? setTimeout(() => void this.tellDropped(), TELL_LOST_EVERY_MS)
        : null;
  }

  /** A room's owner is gone: its lines wait for the room's new owner (maybe this process). */
  private ownerGone(node: string): void {
    let any = false;
    for (const line of this.lines.values()) {
      if (line.owner !== node || line.paused) continue;
      line.paused = true;
      any = true;
    }
    if (any)
      this.log.warn({ gone: node }, 'cluster: a process is gone; its rooms are taken over from their logs');
    this.scheduleRepair();
  }

  private scheduleRepair(): void {
    this.repairing ??= setTimeout(() => void this.repair(), REPAIR_MS);
  }

  /** Each waiting line looks for its room: taken over by another process, free to take here, or still locked by the dead owner (PostgreSQL has not yet seen it go). */
  private async repair(): Promise<void> {
    try {
      const rooms = new Map<string, LineState>();
      for (const line of this.lines.values()) if (line.paused) rooms.set(line.room, line);
      for (const [room, { owner: oldOwner, refusedAt }] of rooms) {
        const where = await this.placement.whereabouts(room);
        const owner = where.live ? where.owner : (where.keptBy ?? null);
        // Still the same owner: only its bus channel was away if it answers again now; if it sent messages back, the room is
        // changing hands, or (after a while) it is to be entered again there.
        const waiting =
          refusedAt > 0
            ? Date.now() - refusedAt < REFUSED_WAIT_MS
            : !(await this.send(oldOwner, { k: 'bye', from: this.nodeId, conn: 0 }));
        if (owner === oldOwner && waiting) continue;
        if (where.live && owner === null) await this.placement.adopt(room);
        for (const [conn, line] of this.lines)
          if (line.room === room && line.paused) this.reenter(conn, line);
      }
    } catch (e) {
      this.log.warn({ err: e }, "cluster: looking for a room's new owner failed");
    } finally {
      this.repairing = null;
      if ([...this.lines.values()].some((l) => l.paused)) this.scheduleRepair();
    }
  }

  private reenter(conn: number, line: LineState): void {
    this.lines.delete(conn);
    if (!line.paused) void this.send(line.owner, { k: 'bye', from: this.nodeId, conn });
    line.peer.reenter(line.pending);
  }

  private async send(node: string, message: BusMessage): Promise<boolean> {
    if (!this.bus) return false;
    try {
      return await this.bus.send(node, message);
    } catch (e) {
      this.log.warn({ err: e }, 'cluster: a bus message could not be handled');
      return false;
    }
  }
}

/** The room a client's message names, if it is one that does. */
function roomOf(text: string): string | null {
  try {
    const m = JSON.parse(text) as { type?: unknown; room?: unknown };
    return typeof m.room === 'string' && typeof m.type === 'string' && ROOM_MESSAGES.has(m.type)
      ? m.room
      : null;
  } catch {
    return null;
  }
}
