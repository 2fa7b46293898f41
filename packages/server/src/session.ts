/**
 * One WebSocket: its rate limit, the room it is in, and the dispatch of its messages
 * (room messages to the rooms, table messages to its room's table). Every bad message is
 * answered with an error and changes nothing.
 */
import { type ClientMessage, PROTOCOL_VERSION, type RoomClientMessage, errorMessage, parseServerBoundMessage } from '@hanafuda/protocol';
import type { Room, RoomClient, ServerMessage } from './room.js';
import type { Rooms } from './rooms.js';
import { RateLimit } from './rate-limit.js';
import type { Quota, Refusal } from './limits.js';

export interface SessionLimits {
  /** Messages a connection may send at once, and per second after that. */
  readonly burst: number;
  readonly perSecond: number;
  /** Refused messages in a row after which the connection is closed. */
  readonly maxRefused: number;
}

export const DEFAULT_LIMITS: SessionLimits = { burst: 40, perSecond: 20, maxRefused: 200 };

export class Session {
  private room: Room | null = null;
  private readonly limit: RateLimit;
  private refusedInARow = 0;
  readonly client: RoomClient;

  constructor(
    private readonly rooms: Rooms,
    send: (message: ServerMessage) => void,
    private readonly close: (reason: string) => void,
    private readonly limits: SessionLimits = DEFAULT_LIMITS,
    /** Takes one of what a connection may do a limited number of times, or says why not. */
    private readonly quota: (kind: Quota) => Refusal | null = () => null,
  ) {
    this.limit = new RateLimit(limits.burst, limits.perSecond);
    this.client = { send, seat: null };
  }

  async receive(text: string): Promise<void> {
    if (!this.limit.take()) {
      this.client.send(errorMessage('rate-limited', `too many messages: at most ${this.limits.perSecond} a second`));
      if (++this.refusedInARow >= this.limits.maxRefused) this.close('too many messages');
      return;
    }
    this.refusedInARow = 0;
    const message = parseServerBoundMessage(text);
    if (!message.ok) {
      this.client.send(errorMessage(message.error.code, message.error.message));
      return;
    }
    const m = message.value;
    if (m.type === 'create-room' || m.type === 'join' || m.type === 'hint') {
      const refused = this.quota(m.type);
      if (refused) {
        this.client.send(errorMessage(refused.code, refused.message));
        return;
      }
    }
    if (m.type === 'act' || m.type === 'sync' || m.type === 'hint') await this.tableMessage(m);
    else {
      await this.roomMessage(m).catch((e: Error) => {
        // Only storage throws here (a write retried and still failing): nothing was changed.
        this.client.send(errorMessage('storage', 'the server could not store that just now and nothing was changed: try again in a moment'));
        throw e;
      });
    }
  }

  /** Whether this connection has joined, resumed or watched a room. */
  get inRoom(): boolean {
    return this.room !== null;
  }

  /** The socket closed: the seat stays the player's, to resume with its token. */
  closed(): void {
    this.room?.leave(this.client);
    this.room = null;
  }

  private async tableMessage(message: ClientMessage): Promise<void> {
    if (!this.room) {
      this.client.send(errorMessage('no-room', 'join, resume or watch a room first'));
      return;
    }
    await this.room.tableMessage(this.client, message);
  }

  private async roomMessage(m: RoomClientMessage): Promise<void> {
    const { send } = this.client;
    if (m.type === 'ping') {
      send({ v: PROTOCOL_VERSION, type: 'pong' });
      return;
    }
    if (m.type === 'create-room') {
      const created = await this.rooms.create(m.setup);
      if (!created.ok) send(errorMessage(created.error.code, created.error.message));
      else send({ v: PROTOCOL_VERSION, type: 'room-created', room: created.value.room.id, invite: `/?room=${created.value.room.id}`, hostToken: created.value.hostToken });
      return;
    }
    const room = this.rooms.get(m.room);
    if (!room) {
      send(errorMessage('no-such-room', `there is no open room "${m.room}" (a finished game's record is at /api/games/${m.room})`));
      return;
    }
    switch (m.type) {
      case 'join': {
        this.moveTo(room);
        const joined = await room.join(this.client, m.name, m.seat);
        if (!joined.ok) send(errorMessage(joined.error.code, joined.error.message));
        return;
      }
      case 'resume': {
        this.moveTo(room);
        const resumed = await room.resume(this.client, m.token);
        if (!resumed.ok) send(errorMessage(resumed.error.code, resumed.error.message));
        return;
      }
      case 'spectate':
        this.moveTo(room);
        room.spectate(this.client);
        return;
      case 'start': {
        const started = await room.startNow(m.hostToken, m.level);
        if (!started.ok) send(errorMessage(started.error.code, started.error.message));
        else send({ v: PROTOCOL_VERSION, type: 'room', room: room.state() });
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
  private moveTo(room: Room): void {
    if (this.room && this.room !== room) this.room.leave(this.client);
    this.room = room;
  }
}
