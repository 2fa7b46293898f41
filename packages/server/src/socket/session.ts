/**
 * One WebSocket: its rate limit, the room it is in, and the dispatch of its messages
 * (room messages to the rooms, table messages to its room's table). Every bad message is
 * answered with an error and changes nothing.
 */
import {
  type ClientMessage,
  LOBBY_CLIENT_MESSAGE_TYPES,
  type LobbyClientMessage,
  PROTOCOL_VERSION,
  type RoomClientMessage,
  errorMessage,
  parseServerBoundMessage,
  roomLink,
} from '@hanafuda/protocol';
import type { Room, RoomClient, ServerMessage } from '../rooms/room.js';
import type { Rooms } from '../rooms/rooms.js';
import { RateLimit } from '../limits/rate-limit.js';
import { noSuchRoom } from '../rooms/no-such-room.js';
import { MOVED_ON } from '../rooms/moved-on.js';
import { FencedOut, StorageFailed } from '../store/store.js';
import type { Quota, Refusal } from '../limits/limits.js';
import type { Identity } from '../accounts/identity.js';
import type { Lobby, LobbySession } from '../lobby/lobby.js';
import { ratedSeatRefusal } from '../fair-play/refusals.js';

export interface SessionLimits {
  /** Messages a connection may send at once, and per second after that. */
  readonly burst: number;
  readonly perSecond: number;
  /** Refused messages in a row after which the connection is closed. */
  readonly maxRefused: number;
}

export const DEFAULT_LIMITS: SessionLimits = { burst: 40, perSecond: 20, maxRefused: 200 };

/**
 * Rooms held by other server processes (several processes on one database); absent when this
 * process is the only one. A session of another process's socket has one that sends a message
 * for a room not held here back to that process.
 */
export interface Elsewhere {
  /**
   * Where `room` is now, for `message` (the text that names it): here (this process holds it,
   * perhaps just taken over), at another process (a line to it), nowhere, or out of reach (the
   * message was dealt with: the peer told why, or the message sent back to where it came from).
   */
  open(
    room: string,
    message: string,
    peer: Peer,
    routedHere?: boolean,
  ): Promise<'here' | 'refused' | Line | null>;
  /** The session is of another process's socket, relayed here: that process counts its actions. */
  readonly relayed?: boolean;
}

/** A connection as a line to another process sees it. */
export interface Peer {
  send(message: ServerMessage): void;
  close(reason: string): void;
  /** The room moved to another process (its owner died or stopped): enter it again where it is now, then send what the old owner did not get. */
  reenter(pending: readonly string[]): void;
  /** Who the connection is, for the room's owner to seat it under its account. */
  readonly identity: Identity | null;
}

/** A connection's messages for a room held by another process go there. */
export interface Line {
  readonly room: string;
  forward(text: string): void;
  close(): void;
}

/** Actions sent by this process's sockets (several processes only): played in a room here, or relayed to its owner. */
export const actionPaths = { local: 0, relayed: 0 };

/** What the server's socket slots are told of a connection's part (limits.ts): watchers are capped and shed first, a seat in a game under way never. */
export interface Roles {
  /** May this connection watch a room with `roomSpectators` spectators already? */
  spectate(roomSpectators: number): Refusal | null | Promise<Refusal | null>;
  /** May this connection take a seat (its address's seats are limited)? Asked before a join or resume. */
  seat(): Refusal | null | Promise<Refusal | null>;
  /** It sits in a seat now (`ok`), or its join or resume was refused. */
  seated(ok?: boolean): void;
}

/** Runs a task when its turn comes, settling as it does (a TurnPacer's `run`). */
export type Pace = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * Messages that bring a connection into a room: the heavy ones of a burst (a room's creation,
 * a game's start at its last join, a resume's replay of the log), paced by the server so the
 * actions of games already playing go first.
 */
const ENTERING = new Set(['create-room', 'join', 'resume', 'spectate']);

const isLobbyMessage = (m: { readonly type: string }): m is LobbyClientMessage =>
  LOBBY_CLIENT_MESSAGE_TYPES.includes(m.type as never);

export class Session {
  private room: Room | null = null;
  /** The room's owner, when another process holds it. */
  private line: Line | null = null;
  /** The message that puts this connection back where it was (a seat's resume, a spectate), for when its room moves. */
  private entry: string | null = null;
  /** Messages sent again after their room moved, one after another. */
  private again: Promise<void> = Promise.resolve();
  /**
   * The room moved to another process and the connection is entering it again there: a move that
   * comes before the fresh view (`welcome`) is sent answers the view from before, which that
   * fresh view may show again. Such a move is refused, never played after it.
   */
  private reentering = false;
  private readonly limit: RateLimit;
  private refusedInARow = 0;
  readonly client: RoomClient;
  private readonly lobby: LobbySession | null;
  /** The connection watches a room (here or elsewhere) and sits at none: what it is sent may wait a moment. */
  watching = false;

  constructor(
    private readonly rooms: Rooms,
    send: (message: ServerMessage) => void,
    private readonly close: (reason: string) => void,
    private readonly limits: SessionLimits = DEFAULT_LIMITS,
    /** Takes one of what a connection may do a limited number of times, or says why not. */
    private readonly quota: (kind: Quota) => Refusal | null | Promise<Refusal | null> = () => null,
    private readonly elsewhere?: Elsewhere,
    /** Runs a message that enters a room (create, join, resume, watch) when the server has room for it: all at once by default. */
    private readonly pace: Pace = (enter) => enter(),
    /** The room the socket's address names (`/ws?room=ID`): a load balancer in front sends that room's players to this process. */
    private readonly routedTo: string | null = null,
    private readonly roles: Roles = { spectate: () => null, seat: () => null, seated: () => undefined },
    /** Who the connection is (its session cookie), or null: a program, or a page without a session. */
    readonly identity: Identity | null = null,
    /** The lobby of this process; absent: lobby messages are refused. */
    lobby?: Lobby,
  ) {
    this.limit = new RateLimit(limits.burst, limits.perSecond);
    this.lobby = lobby?.session({ identity, send: (message) => this.client.send(message) }) ?? null;
    this.client = {
      send: (message) => {
        // A seat's token is what takes the connection back into it wherever the room goes.
        if (message.type === 'joined')
          this.entry = JSON.stringify({
            v: PROTOCOL_VERSION,
            type: 'resume',
            room: message.room,
            token: message.token,
          });
        // Back in the room (or refused it): what the connection sends from now on answers what it is sent now.
        if (message.type === 'welcome' || (message.type === 'error' && message.code !== 'stale'))
          this.reentering = false;
        send(message);
      },
      seat: null,
      moved: () => {
        this.room = null;
        // Where other processes can be reached, the connection enters the room again where it is now; otherwise it is closed (its process will move it).
        if (this.elsewhere && this.entry) this.reenter([this.entry]);
        else this.close('the room moved to another server process');
      },
      dismissed: (code, message) => {
        this.room = null;
        this.client.send(errorMessage(code, message));
        this.close(code);
      },
    };
  }

  async receive(text: string): Promise<void> {
    if (!this.limit.take()) {
      this.client.send(
        errorMessage('rate-limited', `too many messages: at most ${this.limits.perSecond} a second`),
      );
      if (++this.refusedInARow >= this.limits.maxRefused) this.close('too many messages');
      return;
    }
    this.refusedInARow = 0;
    const beforeFreshView = this.reentering;
    // While the room moves to another process, the socket's messages wait for it to be entered again.
    await this.again;
    await this.dispatch(text, beforeFreshView);
  }

  /** `beforeFreshView`: the message came while the connection was entering its room again, before it was shown the room there. */
  private async dispatch(text: string, beforeFreshView = false): Promise<void> {
    const message = parseServerBoundMessage(text);
    if (!message.ok) {
      this.client.send(errorMessage(message.error.code, message.error.message));
      return;
    }
    const m = message.value;
    if (isLobbyMessage(m)) {
      if (!this.lobby) return this.client.send(errorMessage('no-lobby', 'this server has no lobby'));
      if (m.type === 'seek' || m.type === 'accept-seek') {
        const refused = await this.quota('seek');
        if (refused) return this.client.send(errorMessage(refused.code, refused.message));
      }
      return this.lobby.receive(m).catch((e: Error) => this.failed(e));
    }
    if (m.type === 'create-room' || m.type === 'join' || m.type === 'hint') {
      const refused = await this.quota(m.type);
      if (refused) {
        this.client.send(errorMessage(refused.code, refused.message));
        return;
      }
    }
    // A move that answers the view from before its room moved is refused (not played after the turn is shown again).
    if (m.type === 'act' && beforeFreshView) this.client.send(MOVED_ON);
    else if (m.type === 'act' || m.type === 'sync' || m.type === 'hint') await this.tableMessage(m, text);
    else {
      const handle = () => this.roomMessage(m, text);
      await (ENTERING.has(m.type) ? this.pace(handle) : handle()).catch((e: Error) => {
        // The room was taken over by another process meanwhile (this copy is dropped): the message goes to it where it is now.
        if (e instanceof FencedOut && this.elsewhere) return this.sendAgain([text]);
        this.failed(e);
      });
    }
  }

  private failed(e: Error): void {
    // The store failed (a write retried and still failing, logged there): nothing was changed.
    if (e instanceof StorageFailed)
      return this.client.send(
        errorMessage(
          'storage',
          'the server could not store that just now and nothing was changed: try again in a moment',
        ),
      );
    // Anything else is a bug: the player is told so, and the server's log has its stack.
    this.client.send(
      errorMessage(
        'internal',
        'the server hit an unforeseen error on that message (logged for its operators): try again, or reload',
      ),
    );
    throw e;
  }

  /** The room and seat of this connection, for its log lines. */
  get where(): { room?: string; seat?: number } {
    const room = this.room?.id ?? this.line?.room;
    return {
      ...(room !== undefined ? { room } : {}),
      ...(this.client.seat !== null ? { seat: this.client.seat } : {}),
    };
  }

  /** Whether this connection has joined, resumed or watched a room. */
  get inRoom(): boolean {
    return this.room !== null || this.line !== null;
  }

  /** Whether this connection sits in a room of this process that has not started (a lobby: its socket may be shed). */
  get inOpenRoom(): boolean {
    return this.client.seat !== null && this.room?.status === 'open';
  }

  /** Whether this connection watches the lobby or seeks a game. */
  get inLobby(): boolean {
    return this.lobby?.active ?? false;
  }

  /** The socket closed: the seat stays the player's, to resume with its token. */
  closed(): void {
    this.lobby?.closed();
    this.room?.leave(this.client);
    this.room = null;
    this.line?.close();
    this.line = null;
  }

  private async tableMessage(message: ClientMessage, text: string): Promise<void> {
    if (this.elsewhere && !this.elsewhere.relayed && message.type === 'act')
      actionPaths[this.line ? 'relayed' : 'local']++;
    if (this.line) {
      this.line.forward(text);
      return;
    }
    if (!this.room) {
      this.client.send(errorMessage('no-room', 'join, resume or watch a room first'));
      return;
    }
    await this.room.tableMessage(this.client, message);
  }

  private async roomMessage(m: RoomClientMessage, text: string): Promise<void> {
    const { send } = this.client;
    if (m.type === 'ping') {
      send({ v: PROTOCOL_VERSION, type: 'pong' });
      return;
    }
    // What the page says of itself concerns the room it is in, wherever that room is held.
    if (m.type === 'heartbeat' || m.type === 'presence') {
      // A heartbeat's answer matters only to a page that had said it stopped (the owner of a room elsewhere was told by its `presence`).
      if (this.line) {
        if (m.type === 'presence') this.line.forward(text);
      } else await this.room?.presence(this.client, m.type === 'heartbeat' ? 'active' : m.state);
      return;
    }
    if (m.type === 'create-room') {
      const created = await this.rooms.create(m.setup, m.room);
      if (!created.ok) send(errorMessage(created.error.code, created.error.message));
      else {
        const { room, hostToken } = created.value;
        const keys = room.keys;
        send({
          v: PROTOCOL_VERSION,
          type: 'room-created',
          room: room.id,
          invite: roomLink(room.id, 'invite', keys.invite),
          watch: roomLink(room.id, 'watch', keys.watch),
          keys,
          hostToken,
        });
      }
      return;
    }
    if (m.type === 'join' || m.type === 'spectate' || m.type === 'resume') {
      this.entry = m.type === 'join' ? null : text;
      if (m.type !== 'spectate') this.watching = false;
    }
    let room = this.rooms.get(m.room);
    if (!room && this.elsewhere) {
      if (this.line?.room === m.room) return this.line.forward(text);
      // A seat is asked for before a line to the room opens: the room may move to another process while
      // the ledger answers, and a line opened before would be gone by then, its message lost.
      if (m.type === 'resume' || m.type === 'join') {
        const refused = await this.roles.seat();
        if (refused) return send(errorMessage(refused.code, refused.message));
      }
      const where = await this.elsewhere.open(m.room, text, this.peer(), this.routedTo === m.room);
      if (where === 'here') room = this.rooms.get(m.room);
      else if (where === 'refused') return this.roles.seated(false);
      else if (where) {
        // Watching a room held elsewhere takes a spectator's place here too (its count is the owner's to cap).
        if (m.type === 'spectate') {
          const refused = await this.roles.spectate(0);
          if (refused) return send(errorMessage(refused.code, refused.message));
          this.watching = true;
        } else if (m.type === 'resume' || m.type === 'join') this.roles.seated();
        this.moveTo(null);
        this.line = where;
        where.forward(text);
        return;
      }
    }
    // A private room without its key is answered as if it did not exist: its id alone tells a stranger nothing.
    const opens = room && (m.type === 'join' || m.type === 'spectate') ? room.access(m.key) : 'play';
    if (!room || opens === null || (m.type === 'join' && opens !== 'play')) {
      const refused = room
        ? undefined
        : this.rooms.refusal(
            m.room,
            m.type === 'resume' ? m.token : m.type === 'join' || m.type === 'spectate' ? m.key : undefined,
          );
      // A seat asked for on the way (the room was looked for elsewhere) is given back.
      if (m.type === 'join' || m.type === 'resume') this.roles.seated(false);
      if (refused) send(errorMessage(refused.code, refused.message));
      else if (opens === 'watch')
        send(
          errorMessage(
            'watch-only',
            "that is the room's watch link: it lets you watch, not take a seat (ask the host for the invite link)",
          ),
        );
      else send(noSuchRoom(m.type, m.room));
      return;
    }
    switch (m.type) {
      case 'join': {
        const unrated = ratedSeatRefusal(room.setup, this.identity, m.bot);
        if (unrated) {
          // A rated game's seats are members' (no guest, no program): a seat asked for on the way is given back.
          this.roles.seated(false);
          return send(errorMessage(unrated.code, unrated.message));
        }
        const refused = await this.roles.seat();
        if (refused) return send(errorMessage(refused.code, refused.message));
        this.moveTo(room);
        // Someone with an identity sits as who they are: a typed name would let anyone be called anything.
        const joined = await room.join(
          this.client,
          this.identity?.name ?? m.name,
          m.seat,
          m.bot,
          this.identity?.account,
        );
        if (!joined.ok) send(errorMessage(joined.error.code, joined.error.message));
        this.roles.seated(joined.ok);
        return;
      }
      case 'resume': {
        const refused = await this.roles.seat();
        if (refused) return send(errorMessage(refused.code, refused.message));
        this.moveTo(room);
        const resumed = await room.resume(this.client, m.token);
        if (!resumed.ok) send(errorMessage(resumed.error.code, resumed.error.message));
        this.roles.seated(resumed.ok);
        return;
      }
      case 'spectate': {
        const watching = this.room === room && this.client.seat === null;
        const refused = watching ? null : await this.roles.spectate(room.spectatorCount);
        if (refused) return send(errorMessage(refused.code, refused.message));
        this.moveTo(room);
        this.watching = true;
        room.spectate(this.client);
        return;
      }
      case 'start': {
        const started = await room.startNow(m.hostToken, m.level);
        if (!started.ok) send(errorMessage(started.error.code, started.error.message));
        else send({ v: PROTOCOL_VERSION, type: 'room', room: room.state() });
        return;
      }
      case 'stand-in': {
        const standing = room.standIn(this.client, m.seat);
        if (!standing.ok) send(errorMessage(standing.error.code, standing.error.message));
        return;
      }
      case 'rematch': {
        const rematch = await room.rematch(this.client, m.hostToken, m.now ?? m.hostToken !== undefined);
        if (!rematch.ok) send(errorMessage(rematch.error.code, rematch.error.message));
        return;
      }
      case 'replace-with-bot': {
        const replaced = await room.replaceWithBot(m.hostToken, m.seat, m.level);
        if (!replaced.ok) send(errorMessage(replaced.error.code, replaced.error.message));
        else send({ v: PROTOCOL_VERSION, type: 'room', room: room.state() });
        return;
      }
    }
  }

  /** A connection is in one room at a time. */
  private moveTo(room: Room | null): void {
    if (this.room && this.room !== room) this.room.leave(this.client);
    this.room = room;
    this.line?.close();
    this.line = null;
  }

  /** Enters the room again where it is now: `texts` are the entry, then what waited for it (a move among them is refused). */
  private reenter(texts: readonly string[]): void {
    this.reentering = true;
    this.sendAgain(texts, true);
  }

  private sendAgain(texts: readonly string[], beforeFreshView = false): void {
    for (const text of texts)
      this.again = this.again.then(() => this.dispatch(text, beforeFreshView)).catch(() => undefined);
  }

  private peer(): Peer {
    return {
      send: this.client.send,
      close: this.close,
      identity: this.identity,
      reenter: (pending) => {
        this.line = null;
        // A connection that had not entered the room yet (its first message came back) sends that again.
        this.reenter(this.entry && this.entry !== pending[0] ? [this.entry, ...pending] : pending);
      },
    };
  }
}
