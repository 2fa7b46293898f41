/**
 * The page's side of the public lobby (CONTRACT.md 2): one socket that watches the lobby
 * (the quick-pairing pools and the live custom seeks), seeks a game and, once the server has
 * formed a group, hands the room it made to the page (`paired`), which joins it as an invited
 * player would (online-room.ts `joinPaired`). A seek lives as long as its socket: when the line
 * drops the server forgets it, so the page says so instead of showing a wait that is over.
 */
import type {
  LobbyClientMessage,
  LobbyServerMessage,
  PoolId,
  RoomSetup,
  SeekEndReason,
} from '@hanafuda/protocol';
import type { SetupLike } from '../ui/setup-summary.js';
import { type ConnectionStatus, RoomSocket, type ServerMessage } from '../transport/socket-transport.js';

/** What a seek is for: a pool, someone's custom seek, or a setup of this person's own. */
export type SeekWhat = SetupLike & { readonly pool?: PoolId; readonly by?: string };

export interface Seeking {
  readonly seek: string;
  readonly what: SeekWhat;
  /** This page's clock when the server confirmed the seek (the wait shown is measured from it). */
  readonly startedAt: number;
  readonly botsAfter?: number;
  /** A rated seek (the server said so). */
  readonly rated?: boolean;
}

export type Paired = Extract<LobbyServerMessage, { type: 'paired' }>;

/** A seek of this page's own as it was asked (a pool, or a setup of its own): what `seekAgain` asks once more. */
export interface SeekAgain {
  readonly message: Extract<LobbyClientMessage, { type: 'seek' }>;
  readonly what: SeekWhat;
  readonly botsAfter?: number;
}
export type LobbyView = Extract<LobbyServerMessage, { type: 'lobby' }>;

export interface LobbyState {
  readonly connection: ConnectionStatus;
  /** The lobby as the server last told it (null until it has). */
  readonly view: LobbyView | null;
  readonly seeking: Seeking | null;
  /** Why the last seek ended without a game (`line-lost`: the connection dropped under it). */
  readonly ended: SeekEndReason | 'line-lost' | null;
  /** The last refusal (its code, and the server's words for it). */
  readonly error: { readonly code: string; readonly message: string } | null;
  /** The accounts this person has blocked, as the server last said. */
  readonly blocked: readonly string[];
}

export class LobbyClient {
  private current: LobbyState;
  private readonly listeners = new Set<(state: LobbyState) => void>();
  private readonly pairedListeners = new Set<(paired: Paired, again: SeekAgain | null) => void>();
  /** The seek asked for and not answered yet: what it is for, shown once `seeking` confirms it. */
  private asked: { what: SeekWhat; botsAfter?: number } | null = null;
  /** The last seek of this page's own, which a pairing hands on (null after taking a place in someone's). */
  private again: SeekAgain | null = null;
  private readonly offMessage: () => void;
  private readonly offStatus: () => void;

  constructor(private readonly socket: RoomSocket = new RoomSocket()) {
    // Said again on every new connection: the lobby's state comes back with it.
    socket.hello = { v: 1, type: 'lobby' };
    this.current = {
      connection: socket.status,
      view: null,
      seeking: null,
      ended: null,
      error: null,
      blocked: [],
    };
    this.offMessage = socket.onMessage((m) => this.receive(m));
    this.offStatus = socket.onStatus((connection) => {
      // A new connection is a new socket to the server, which dropped the seek with the old one.
      const lost =
        (connection === 'retrying' || connection === 'closed') &&
        (this.current.seeking !== null || this.asked !== null);
      this.asked = lost ? null : this.asked;
      this.set({ connection, ...(lost ? { seeking: null, ended: 'line-lost' as const } : {}) });
    });
  }

  get state(): LobbyState {
    return this.current;
  }

  subscribe(listener: (state: LobbyState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once the server has seated this person in a room of its making, with the seek that led there if it was this page's own. */
  onPaired(listener: (paired: Paired, again: SeekAgain | null) => void): () => void {
    this.pairedListeners.add(listener);
    return () => this.pairedListeners.delete(listener);
  }

  /** Waits in a quick-pairing pool; `botsAfter` seconds: bots then take the seats still empty. `rated`: a member's rated game (no bots). */
  seekPool(pool: PoolId, botsAfter?: number, rated = false): void {
    const entry = this.current.view?.pools.find((p) => p.id === pool);
    const message: LobbyClientMessage = rated
      ? { v: 1, type: 'seek', pool, rated }
      : { v: 1, type: 'seek', pool, ...(botsAfter === undefined ? {} : { botsAfter }) };
    this.ask({ ...(entry ?? { game: '', players: 0 }), pool }, message, rated ? undefined : botsAfter);
  }

  /** Seeks a game of this person's own setup (every seat open). */
  seekCustom(setup: RoomSetup, botsAfter?: number): void {
    this.ask(
      setup,
      { v: 1, type: 'seek', setup, ...(botsAfter === undefined ? {} : { botsAfter }) },
      botsAfter,
    );
  }

  /** Takes a place in someone's custom seek, as the lobby lists it. */
  accept(seek: string): void {
    const entry = this.current.view?.seeks.find((s) => s.id === seek);
    this.ask(entry ?? { game: '', players: 0 }, { v: 1, type: 'accept-seek', seek }, entry?.botsAfter);
  }

  /** Asks a seek of this page's own once more, as a pairing handed it on (the paired room ended before its game). */
  seekAgain(again: SeekAgain): void {
    this.ask(again.what, again.message, again.botsAfter);
  }

  cancel(): void {
    this.send({ v: 1, type: 'cancel-seek' });
  }

  block(account: string): void {
    this.send({ v: 1, type: 'block', account });
  }

  unblock(account: string): void {
    this.send({ v: 1, type: 'unblock', account });
  }

  /** Leaves the lobby: the socket closes, and with it any seek still open. */
  close(): void {
    this.offMessage();
    this.offStatus();
    this.socket.close();
    this.listeners.clear();
    this.pairedListeners.clear();
  }

  private ask(what: SeekWhat, message: LobbyClientMessage, botsAfter?: number): void {
    this.asked = { what, ...(botsAfter === undefined ? {} : { botsAfter }) };
    this.again = message.type === 'seek' ? { message, ...this.asked } : null;
    this.set({ error: null, ended: null });
    this.send(message);
  }

  private send(message: LobbyClientMessage): void {
    this.socket.sendRoom(message);
  }

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case 'lobby':
        this.set({ view: message });
        return;
      case 'seeking': {
        const what = this.asked?.what ??
          this.current.seeking?.what ?? {
            game: '',
            players: 0,
            ...(message.pool ? { pool: message.pool } : {}),
          };
        const botsAfter = message.botsAfter ?? this.asked?.botsAfter;
        this.asked = null;
        const rated = message.rated === true ? { rated: true } : {};
        this.set({
          seeking: {
            seek: message.seek,
            what,
            startedAt: Date.now(),
            ...(botsAfter === undefined ? {} : { botsAfter }),
            ...rated,
          },
          error: null,
        });
        return;
      }
      case 'seek-ended':
        if (this.current.seeking && this.current.seeking.seek !== message.seek) return;
        this.set({ seeking: null, ended: message.reason });
        return;
      case 'paired':
        this.set({ seeking: null, ended: null });
        for (const listener of this.pairedListeners) listener(message, this.again);
        return;
      case 'blocked':
        this.set({ blocked: message.accounts });
        return;
      case 'error':
        // A refused seek leaves nothing to wait for.
        this.asked = null;
        this.set({ error: { code: message.code, message: message.message } });
        return;
    }
  }

  private set(change: Partial<LobbyState>): void {
    this.current = { ...this.current, ...change };
    for (const listener of this.listeners) listener(this.current);
  }
}
