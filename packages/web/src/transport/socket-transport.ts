/**
 * The online connection: one WebSocket to the game server's `/ws`, carrying both the room
 * messages (create, join, resume, watch, start) and the table's (`act`, `sync`, `hint`).
 * It reconnects by itself after a growing pause, and on every new connection first says
 * who this page is in its room again (`resume` with the seat's token, or `spectate`), so the
 * server sends the whole view back: a dropped line costs a moment, never the seat.
 *
 * Presence comes from this page's script, since a browser answers WebSocket pings even for a
 * frozen page: the page answers the server's `heartbeat` (every 3 s), and tells it when it
 * goes to the background, freezes (a locked phone), unloads or runs again. The same heartbeats
 * tell the page its line is alive: silent for `QUIET_MS`, or the browser offline, it shows
 * `offline` (moves are not sent); silent for `DEAD_MS`, the line is given up and dialled again.
 */
import type {
  ClientMessage,
  LobbyClientMessage,
  LobbyServerMessage,
  PageState,
  RatingServerMessage,
  RoomClientMessage,
  RoomServerMessage,
  TableMessage,
} from '@hanafuda/protocol';
import { CLOSE_RESTARTING } from '@hanafuda/protocol';

export type ServerMessage = TableMessage | RoomServerMessage | LobbyServerMessage | RatingServerMessage;
/** What the page says outside a table: the room's messages and the lobby's. */
export type OutsideMessage = RoomClientMessage | LobbyClientMessage;
/**
 * `connecting`: the first attempt; `open`; `offline`: the browser is offline or the line has
 * gone quiet (nothing is sent on it); `retrying`: the line dropped and a new attempt is due;
 * `closed`: for good.
 */
export type ConnectionStatus = 'connecting' | 'open' | 'offline' | 'retrying' | 'closed';

/** Pauses before the 1st, 2nd, … new attempt; the last one repeats. */
export const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000] as const;
/** The server's heartbeats come every 3 s: with none for this long the page shows itself offline… */
export const QUIET_MS = 4_500;
/** …and after this long gives the line up and dials again. */
export const DEAD_MS = 9_000;
/** How often the silence is looked at (a background tab's timers may run later: the silence is measured, not timed). */
const WATCH_MS = 500;

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
  private watch: ReturnType<typeof setInterval> | null = null;
  /** When the open line last brought anything. */
  private heardAt = 0;
  /** Room messages written while the line was down, sent once it is up (after the hello). */
  private readonly outbox: OutsideMessage[] = [];
  private readonly listeners = new Set<(message: ServerMessage) => void>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private statusNow: ConnectionStatus = 'connecting';
  /** Said first on every new connection: who this page is in its room. */
  hello: OutsideMessage | null = null;

  constructor(
    private readonly url: string = serverSocketUrl(),
    private readonly makeSocket: (url: string) => WebSocket = (u) => new WebSocket(u),
  ) {
    this.connect();
    this.listen(true);
  }

  get status(): ConnectionStatus {
    return this.statusNow;
  }

  /** A room message: sent now, or as soon as the connection is (back) up. */
  sendRoom(message: OutsideMessage): void {
    if (this.statusNow === 'open') this.socket!.send(JSON.stringify(message));
    else if (this.statusNow !== 'closed') this.outbox.push(message);
  }

  /**
   * A table message, only on a live connection (false when not sent): an action written
   * while the line is down would be stale by the time it arrives, and after a reconnect the
   * table resends the view.
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
    this.stopWatching();
    this.listen(false);
    this.setStatus('closed');
    this.outbox.length = 0;
    this.socket?.close();
    this.socket = null;
  }

  /** The page's lifecycle and the browser's network, told to the server and acted on. */
  private listen(on: boolean): void {
    if (typeof addEventListener !== 'function') return;
    const change = on ? addEventListener : removeEventListener;
    change('online', this.online);
    change('offline', this.offline);
    change('pagehide', this.pageHide as EventListener);
    change('pageshow', this.pageShow as EventListener);
    if (typeof document === 'undefined') return;
    const changeDoc = on
      ? document.addEventListener.bind(document)
      : document.removeEventListener.bind(document);
    changeDoc('visibilitychange', this.visibility);
    changeDoc('freeze', this.freeze);
    changeDoc('resume', this.resume);
  }

  private connect(): void {
    // A new connection (every one after the first) dials the room's own address.
    const socket = this.makeSocket(
      roomSocketUrl(this.url, this.hello && 'room' in this.hello ? (this.hello.room ?? null) : null),
    );
    this.socket = socket;
    // Through a network gone quiet a handshake may never end (no answer, no close): give it up like a dead line.
    const handshake = setTimeout(() => this.dropped(socket), DEAD_MS);
    socket.onopen = () => {
      clearTimeout(handshake);
      if (this.socket !== socket) return;
      this.attempts = 0;
      if (this.hello) socket.send(JSON.stringify(this.hello));
      // This page answers heartbeats: the server may hold it to them.
      socket.send(JSON.stringify({ v: 1, type: 'heartbeat' }));
      for (const message of this.outbox.splice(0)) socket.send(JSON.stringify(message));
      this.heardAt = Date.now();
      this.stopWatching();
      this.watch = setInterval(() => this.checkSilence(socket), WATCH_MS);
      this.setStatus('open');
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      this.heardAt = Date.now();
      if (this.statusNow === 'offline' && navigator.onLine !== false) {
        // The quiet line was alive after all.
        for (const queued of this.outbox.splice(0)) socket.send(JSON.stringify(queued));
        this.setStatus('open');
      }
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === 'heartbeat') {
        socket.send(JSON.stringify({ v: 1, type: 'heartbeat' }));
        return;
      }
      for (const listener of this.listeners) listener(message);
    };
    socket.onclose = (event: CloseEvent) => {
      clearTimeout(handshake);
      this.dropped(socket, event?.code === CLOSE_RESTARTING);
    };
  }

  private checkSilence(socket: WebSocket): void {
    if (this.socket !== socket) return;
    const silent = Date.now() - this.heardAt;
    if (silent >= DEAD_MS) this.dropped(socket);
    else if (silent >= QUIET_MS && this.statusNow === 'open') this.setStatus('offline');
  }

  private stopWatching(): void {
    if (this.watch) clearInterval(this.watch);
    this.watch = null;
  }

  /** Says what the page just did, on a line that is up (a frozen page's message is no use later). */
  private tell(state: PageState): void {
    if (this.statusNow === 'open' || this.statusNow === 'offline')
      this.socket?.send(JSON.stringify({ v: 1, type: 'presence', state }));
  }

  /** The line may have died meanwhile: anything that comes back answers. */
  private probe(): void {
    if (this.statusNow === 'open' || this.statusNow === 'offline')
      this.socket?.send(JSON.stringify({ v: 1, type: 'ping' }));
  }

  private readonly visibility = (): void => {
    const hidden = document.visibilityState === 'hidden';
    this.tell(hidden ? 'hidden' : 'active');
    if (!hidden) this.probe();
  };
  private readonly freeze = (): void => this.tell('frozen');
  private readonly resume = (): void => {
    this.tell('active');
    this.probe();
  };
  private readonly pageHide = (event: PageTransitionEvent): void =>
    this.tell(event.persisted ? 'frozen' : 'gone');
  private readonly pageShow = (event: PageTransitionEvent): void => {
    if (!event.persisted) return;
    this.tell('active');
    this.probe();
  };

  /** The browser lost its network: the line is gone with it (a phone that left Wi-Fi). */
  private readonly offline = (): void => {
    if (this.socket) this.dropped(this.socket);
    else if (this.statusNow === 'retrying') this.setStatus('offline');
  };

  /** Back online: dial now rather than after the pause. */
  private readonly online = (): void => {
    if (this.statusNow === 'closed') return;
    if (this.socket) {
      this.probe();
      return;
    }
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.setStatus('retrying');
    this.connect();
  };

  /** The line closed, or went silent: dial again after a growing pause (at once the first time, if the server process was stopping). */
  private dropped(socket: WebSocket, restarting = false): void {
    if (this.socket !== socket || this.statusNow === 'closed') return;
    this.socket = null;
    this.stopWatching();
    socket.onclose = null;
    socket.close();
    this.setStatus(typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'retrying');
    const pause =
      restarting && this.attempts === 0 ? 0 : BACKOFF_MS[Math.min(this.attempts, BACKOFF_MS.length - 1)];
    this.attempts++;
    this.retry = setTimeout(() => this.connect(), pause);
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.statusNow === status) return;
    this.statusNow = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
