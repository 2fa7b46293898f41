/**
 * The online connection: one WebSocket to the game server's `/ws`, carrying both the room
 * messages (create, join, resume, watch, start) and the table's (`act`, `sync`, `hint`).
 * It reconnects by itself after a growing pause, and on every new connection first says
 * who this page is in its room again (`resume` with the seat's token, or `spectate`), so the
 * server sends the whole view back: a dropped line costs a moment, never the seat.
 * A line can also die without closing (a phone waking from sleep, a changed network): it is
 * asked regularly, and when the page comes back to the front or online (`ping`), and one
 * that does not answer is given up and dialled again. The regular ping also tells the
 * server this page's script still runs: a frozen tab's browser answers WebSocket pings, but
 * sends no `ping` of its own.
 */
import type { ClientMessage, RoomClientMessage, RoomServerMessage, TableMessage } from '@hanafuda/protocol';

export type ServerMessage = TableMessage | RoomServerMessage;
/** `connecting`: the first attempt; `open`; `retrying`: the line dropped and a new attempt is due; `closed`: for good. */
export type ConnectionStatus = 'connecting' | 'open' | 'retrying' | 'closed';

/** Pauses before the 1st, 2nd, … new attempt; the last one repeats. */
export const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000] as const;
/** The line is asked whether it is alive this often… */
export const QUIET_MS = 20_000;
/** …and given up if nothing at all comes back this soon. */
export const ANSWER_MS = 8_000;

/** The game server's WebSocket address for a page of the app (served by the same process). */
export function serverSocketUrl(page: string = location.href): string {
  const url = new URL('ws', page);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '';
  url.hash = '';
  return url.toString();
}

/**
 * The address to dial for a page in `room`: `/ws?room=ID`, so that a load balancer in front
 * of several server processes sends every player of a room to the same one.
 */
export function roomSocketUrl(url: string, room: string | null): string {
  if (room === null) return url;
  const address = new URL(url);
  address.searchParams.set('room', room);
  return address.toString();
}

export class RoomSocket {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private asking: ReturnType<typeof setInterval> | null = null;
  private awaited: ReturnType<typeof setTimeout> | null = null;
  /** Room messages written while the line was down, sent once it is up (after the hello). */
  private readonly outbox: RoomClientMessage[] = [];
  private readonly listeners = new Set<(message: ServerMessage) => void>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private statusNow: ConnectionStatus = 'connecting';
  /** Said first on every new connection: who this page is in its room. */
  hello: RoomClientMessage | null = null;

  constructor(
    private readonly url: string = serverSocketUrl(),
    private readonly makeSocket: (url: string) => WebSocket = (u) => new WebSocket(u),
  ) {
    this.connect();
    if (typeof addEventListener === 'function') {
      addEventListener('online', this.probe);
      addEventListener('visibilitychange', this.probe);
    }
  }

  get status(): ConnectionStatus {
    return this.statusNow;
  }

  /** A room message: sent now, or as soon as the connection is (back) up. */
  sendRoom(message: RoomClientMessage): void {
    if (this.statusNow === 'open') this.socket!.send(JSON.stringify(message));
    else if (this.statusNow !== 'closed') this.outbox.push(message);
  }

  /**
   * A table message, only on a live connection: an action written while the line is down
   * would be stale by the time it arrives, and after a reconnect the table resends the view.
   */
  sendTable(message: ClientMessage): boolean {
    if (this.statusNow !== 'open') return false;
    this.socket!.send(JSON.stringify(message));
    return true;
  }

  onMessage(listener: (message: ServerMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** The first message passing `test`, or null after `timeoutMs` or when the connection ends for good. */
  next(test: (message: ServerMessage) => boolean, timeoutMs = 15_000): Promise<ServerMessage | null> {
    return new Promise((resolve) => {
      const done = (m: ServerMessage | null) => {
        clearTimeout(timer);
        off();
        offStatus();
        resolve(m);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      const off = this.onMessage((m) => test(m) && done(m));
      const offStatus = this.onStatus((s) => s === 'closed' && done(null));
    });
  }

  close(): void {
    if (this.retry) clearTimeout(this.retry);
    this.stopAsking();
    if (typeof removeEventListener === 'function') {
      removeEventListener('online', this.probe);
      removeEventListener('visibilitychange', this.probe);
    }
    this.setStatus('closed');
    this.outbox.length = 0;
    this.socket?.close();
    this.socket = null;
  }

  private connect(): void {
    // A new connection (every one after the first) dials the room's own address.
    const socket = this.makeSocket(roomSocketUrl(this.url, this.hello && 'room' in this.hello ? this.hello.room : null));
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.stopAsking();
      this.asking = setInterval(() => this.ask(socket), QUIET_MS);
      if (this.hello) socket.send(JSON.stringify(this.hello));
      for (const message of this.outbox.splice(0)) socket.send(JSON.stringify(message));
      this.setStatus('open');
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      // Anything at all answers the last question.
      if (this.awaited) clearTimeout(this.awaited);
      this.awaited = null;
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      for (const listener of this.listeners) listener(message);
    };
    socket.onclose = () => this.dropped(socket);
  }

  /** Pings; with no answer (nor anything else) within `ANSWER_MS` the line is given up. */
  private ask(socket: WebSocket): void {
    if (this.socket !== socket || this.statusNow !== 'open') return;
    socket.send(JSON.stringify({ v: 1, type: 'ping' }));
    this.awaited ??= setTimeout(() => this.dropped(socket), ANSWER_MS);
  }

  private stopAsking(): void {
    if (this.asking) clearInterval(this.asking);
    if (this.awaited) clearTimeout(this.awaited);
    this.asking = this.awaited = null;
  }

  /** The page is back in front, or back online: the line may have died meanwhile. */
  private readonly probe = (): void => {
    if (this.socket && (typeof document === 'undefined' || document.visibilityState !== 'hidden')) this.ask(this.socket);
  };

  /** The line closed, or stopped answering: dial again after a growing pause. */
  private dropped(socket: WebSocket): void {
    if (this.socket !== socket || this.statusNow === 'closed') return;
    this.socket = null;
    this.stopAsking();
    socket.onclose = null;
    socket.close();
    this.setStatus('retrying');
    const pause = BACKOFF_MS[Math.min(this.attempts, BACKOFF_MS.length - 1)];
    this.attempts++;
    this.retry = setTimeout(() => this.connect(), pause);
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.statusNow === status) return;
    this.statusNow = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
