/**
 * Who is in a room: its clients (seats and spectators), who of them is here, and what they are
 * told: the room's state (once per turn of the event loop; the spectator count at most once a
 * second), the turn clock, a rating; and where they go when the room ends or moves on.
 */
import {
  DEFAULT_TURN_SECONDS,
  PROTOCOL_VERSION,
  type RoomServerMessage,
  type RoomState,
} from '@hanafuda/protocol';
import type { TurnClock } from '../store/store.js';
import type { RoomClient, ServerMessage } from './room-options.js';
import { RoomCore } from './room-core.js';

/** How often at most a room is told its spectator count. */
const SPECTATOR_COUNT_MS = 1000;

export abstract class RoomAudience extends RoomCore {
  /** The room's state as its clients are shown it (room.ts). */
  abstract state(): RoomState;

  protected isPresent(seat: number): boolean {
    return [...this.clients].some((c) => c.seat === seat && !c.away);
  }

  protected enter(client: RoomClient, seat: number | null): void {
    if (client.table) this.table?.disconnect(client.table);
    client.seat = seat;
    client.table = undefined;
    this.clients.add(client);
    if (this.table) {
      client.table = this.table.connect(seat, client.send);
      this.sendClock([client]);
    }
  }

  /** Spectators come and go in crowds: their count is sent to the room at most once a second. */
  protected spectatorsChanged(): void {
    this.spectatorsDue ??= setTimeout(() => {
      this.spectatorsDue = null;
      this.broadcastState();
    }, SPECTATOR_COUNT_MS).unref();
  }

  /** The turn clock as it is now, to these clients. */
  protected sendClock(clients: Iterable<RoomClient>): void {
    const clock: TurnClock | null = this.clock.current;
    const message: RoomServerMessage = {
      v: PROTOCOL_VERSION,
      type: 'clock',
      room: this.id,
      seat: clock?.seat ?? null,
      msLeft: clock ? Math.max(0, clock.deadline - Date.now()) : 0,
      turnSeconds: this.setup.turnSeconds ?? DEFAULT_TURN_SECONDS,
    };
    for (const client of clients) client.send(message);
  }

  /** Tells every client the room's state once this turn of the event loop is over (after the updates of this turn). */
  protected broadcastState(): void {
    this.stateDue ??= setImmediate(() => this.sendStateNow());
  }

  /** Tells every client the room's state now (a seed commitment goes out before the deal it binds). */
  protected sendStateNow(): void {
    if (this.stateDue) clearImmediate(this.stateDue);
    this.stateDue = null;
    const message: RoomServerMessage = { v: PROTOCOL_VERSION, type: 'room', room: this.state() };
    for (const client of this.clients) client.send(message);
  }

  /** Sends a message to the connections here of the seat (or seats) an account sits in: the ratings' `rating` after a rated game. */
  tellAccount(account: string, message: ServerMessage): void {
    for (const client of this.clients)
      if (client.seat !== null && this.seats[client.seat]?.account === account) client.send(message);
  }

  /** The room ends before its game started: each client is told why (`code`), and leaves it. */
  dismiss(code: string, message: string): void {
    const clients = [...this.clients];
    this.clients.clear();
    for (const client of clients) client.dismissed?.(code, message);
  }

  /** This copy of the room was dropped (another process took it over): each client goes to find the room there. */
  evacuate(): void {
    const clients = [...this.clients];
    this.clients.clear();
    for (const client of clients) client.moved?.();
  }
}
