/**
 * The page's side of one room on the game server: the lobby (the room's public state, this
 * page's seat, whether it is the host) and, once the game starts, a `TableClient` over the
 * same socket, so the table UI is the one of a local game. Seat and host tokens are kept in
 * localStorage per room: a reload comes back into the seat with `resume`. Which tab holds
 * the seat is kept in sessionStorage, so two windows of one browser can be two people: a
 * window that did not take the seat (the invite link opened again after the tab was
 * closed, another window) watches first, and takes the seat back as soon as the room says
 * nobody plays it, or a bot does; while someone is in it, it offers to play it here.
 * A move made while the line is down is held and sent once it is back, if the table is still
 * where it was; a move sent on a line that went quiet is shown as not sent yet after a moment,
 * and sent again the same way (the table takes a move for one update only, so never twice).
 * If the table moved on meanwhile (the turn timer or a stand-in played), the page says so.
 */
import type { Level } from '@hanafuda/bots';
import type { GameEvent } from '@hanafuda/engine';
import {
  type ClientMessage,
  type RatingServerMessage,
  type RoomClientMessage,
  type RoomSetup,
  type RoomState,
  type TableMessage,
  roomIdFrom,
} from '@hanafuda/protocol';
import { Listeners, type Transport } from '../transport/transport.js';
import {
  type ConnectionStatus,
  RoomSocket,
  type ServerMessage,
  roomSocketUrl,
  serverSocketUrl,
} from '../transport/socket-transport.js';
import { ratingOfGame } from './ratings.js';
import { TableClient } from './table-client.js';

/** A move the table has not answered after this long is shown as not sent yet (an answer normally takes a few ms). */
export const UNANSWERED_MS = 1_500;

export interface OnlineState {
  readonly connection: ConnectionStatus;
  readonly room: RoomState | null;
  /** This page's seat (null: watching, or not seated yet). */
  readonly seat: number | null;
  readonly isHost: boolean;
  /** This browser's seat, held by another window of it (`claim` plays it here). */
  readonly elsewhere: number | null;
  /** The last refusal of a room request (a name, a seat, a start). */
  readonly error: { readonly code: string; readonly message: string } | null;
  /**
   * Why the server holds no such room: `no-room`, a wrong link or a game finished a while ago;
   * `lobby-expired`, its game was not started in time (the server ends such rooms);
   * `paired-no-show`, the public lobby made it and someone it paired never took their seat.
   * False while it does.
   */
  readonly gone: false | 'no-room' | 'lobby-expired' | 'paired-no-show';
  /** The turn clock: whose turn is timed, and when (this page's Date.now()) the server plays it for them. */
  readonly clock: { readonly seat: number; readonly deadline: number; readonly turnSeconds: number } | null;
  /**
   * `held`: a move not answered yet (made offline, or sent on a line that went quiet), sent again once the
   * line is back; `lost`: never sent, and the table moved on; `not-played`: the table moved on without it.
   */
  readonly move: 'held' | 'lost' | 'not-played' | null;
  /** The private room's keys this browser holds (from its link, or given when it joined or created the room). */
  readonly keys: { readonly invite?: string; readonly watch?: string };
  /** The accounts this person has blocked (never paired with them by the lobby), as the server last said. */
  readonly blocked: readonly string[];
  /** This game was reported to the operators (the server stored the report). */
  readonly reported: boolean;
  /**
   * How this member's rating moved in each rated game of this room, by the game's id (the room's
   * `gameId` once it is over): the server tells it a moment after the game's end, once applied.
   */
  readonly ratings: Readonly<Record<string, RatingServerMessage>>;
}

/** The game ids of room `id`: its first game's is the room's own, a rematch's `<id>_<n>`. */
const isGameOf = (id: string, game: string): boolean =>
  game === id || (game.startsWith(`${id}_`) && /^\d+$/.test(game.slice(id.length + 1)));

/** What this browser keeps about a room it sat in or created. */
export interface RoomKeys {
  readonly token?: string;
  readonly seat?: number;
  readonly hostToken?: string;
  /** The seat the host took when creating the room. */
  readonly hostSeat?: number;
  /** The private room's invite key (join or watch) and watch key (watch only). */
  readonly invite?: string;
  readonly watch?: string;
  readonly at: number;
}

/** What opens a room's state and records to this browser: its invite or watch key, or its seat's token (a public room needs none). */
export function readKey(id: string): string | undefined {
  const keys = roomKeys(id);
  return keys?.invite ?? keys?.watch ?? keys?.token;
}

/** A finished game's record on the server, with the key of its room this browser holds (`ID` for a room's first game, `ID_n` for a rematch). */
export function gameUrl(gameId: string): string {
  const key = readKey(gameId.replace(/_\d+$/, ''));
  return `api/games/${encodeURIComponent(gameId)}${key ? `?key=${encodeURIComponent(key)}` : ''}`;
}

const KEY = 'hanafuda.rooms.v1';
/** Keys of rooms older than this are forgotten. */
const KEEP_MS = 30 * 24 * 3600 * 1000;

function loadAll(): Record<string, RoomKeys> {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return typeof raw === 'object' && raw !== null ? (raw as Record<string, RoomKeys>) : {};
  } catch {
    return {};
  }
}

/** The seats this browser holds (each room's seat token): its history on the server is theirs. */
export function heldSeats(): { room: string; token: string }[] {
  return Object.entries(loadAll()).flatMap(([room, keys]) =>
    keys.token ? [{ room, token: keys.token }] : [],
  );
}

export function roomKeys(id: string): RoomKeys | null {
  return loadAll()[id] ?? null;
}

export function saveRoomKeys(id: string, change: Partial<RoomKeys>): void {
  const all = loadAll();
  const now = Date.now();
  for (const [room, keys] of Object.entries(all)) if (now - (keys.at ?? 0) > KEEP_MS) delete all[room];
  all[id] = { ...all[id], ...change, at: now };
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Not kept: a reload will watch instead of resuming.
  }
}

function forgetSeat(id: string, token: string): void {
  if (roomKeys(id)?.token === token) saveRoomKeys(id, { token: undefined, seat: undefined });
  if (tabKeys(id)?.token === token) markTab(id, { token: undefined, seat: undefined });
}

const TAB_KEY = 'hanafuda.rooms.this-tab.v1';

/** What this tab holds in a room: the seat it took (its own token), or the host's role. */
interface TabKeys {
  readonly token?: string;
  readonly seat?: number;
  readonly host?: boolean;
}

function tabAll(): Record<string, TabKeys> {
  try {
    const raw = JSON.parse(sessionStorage.getItem(TAB_KEY) ?? '{}') as unknown;
    return typeof raw === 'object' && raw !== null ? (raw as Record<string, TabKeys>) : {};
  } catch {
    return {};
  }
}

const tabKeys = (id: string): TabKeys | null => tabAll()[id] ?? null;

function markTab(id: string, change: TabKeys): void {
  try {
    sessionStorage.setItem(TAB_KEY, JSON.stringify({ ...tabAll(), [id]: { ...tabAll()[id], ...change } }));
  } catch {
    // Not kept: after a reload this tab resumes the seat only if nobody is in it.
  }
}

/** Refusals about the room itself; any other error is the table's (a refused action) and is shown at the table. */
const ROOM_ERRORS = new Set([
  'watch-only',
  'not-seated',
  'not-playing',
  'bad-name',
  'bad-setup',
  'room-started',
  'room-full',
  'no-such-seat',
  'seat-taken',
  'not-host',
  'game-over',
  'already-bot',
  'player-present',
  'not-everyone-here',
  'seated',
  'unknown-game',
  'bad-token',
  'no-such-room',
]);

const TABLE_TYPES = new Set<string>(['welcome', 'update', 'hint', 'record']);

/** The host's controls belong to the window that created the room (or took the host's seat back). */
function isHost(id: string): boolean {
  const keys = roomKeys(id);
  const tab = tabKeys(id);
  return (
    keys?.hostToken !== undefined &&
    tab !== null &&
    (tab.host === true || (tab.seat !== undefined && tab.seat === keys.hostSeat))
  );
}

export class OnlineRoom {
  readonly client: TableClient;
  private current: OnlineState;
  private readonly listeners = new Set<(state: OnlineState) => void>();
  private readonly table = new Listeners();
  private started = false;
  private readonly offMessage: () => void;
  private readonly offStatus: () => void;
  /**
   * The last move this page made, until the table answers it; `sent` is false while it waits for the line;
   * `at`: how many of the game's events had come when it was made, `since`: those that came after.
   */
  private held: {
    readonly message: Extract<ClientMessage, { type: 'act' }>;
    sent: boolean;
    everSent: boolean;
    readonly at: number | null;
    since: GameEvent[] | null;
  } | null = null;
  private unanswered: ReturnType<typeof setTimeout> | null = null;
  /** The game's events so far (the welcome's history and each update's), and the update they reach. */
  private events = { count: 0, seq: -1 };
  /** Games whose rating change was looked up (lookUpRating). */
  private readonly ratingsAsked = new Set<string>();
  private readonly offWake: () => void;

  /** Takes over a socket (already in the room, or not): from now on it resumes the stored seat, or watches. */
  constructor(
    readonly id: string,
    private readonly socket: RoomSocket,
  ) {
    const tab = tabKeys(id);
    const keys = roomKeys(id);
    this.current = {
      connection: socket.status,
      room: null,
      seat: tab?.seat ?? null,
      isHost: isHost(id),
      elsewhere: null,
      error: null,
      gone: false,
      clock: null,
      move: null,
      keys: {
        ...(keys?.invite ? { invite: keys.invite } : {}),
        ...(keys?.watch ? { watch: keys.watch } : {}),
      },
      blocked: [],
      reported: false,
      ratings: {},
    };
    socket.hello = tab?.token ? { v: 1, type: 'resume', room: id, token: tab.token } : this.spectate();
    const transport: Transport = {
      send: (message: ClientMessage) => {
        const sent = socket.sendTable(message);
        if (message.type !== 'act') return;
        const at = this.events.seq === message.seq ? this.events.count : null;
        this.held = { message, sent, everSent: sent, at, since: at === null ? null : [] };
        this.set({ move: sent ? null : 'held' });
        if (sent) this.watchAnswer();
      },
      onMessage: (listener) => this.table.add(listener),
      close: () => undefined,
    };
    this.client = new TableClient(transport, { turnShowsTable: true });
    this.offWake = onWake(() => this.client.catchUp());
    this.offMessage = socket.onMessage((m) => this.receive(m));
    this.offStatus = socket.onStatus((connection) => {
      // A move sent on a line that then dropped may never have arrived: it is sent again if the table is still there.
      if (connection !== 'open' && this.held) this.held.sent = false;
      this.set(connection !== 'open' && this.held ? { connection, move: 'held' } : { connection });
      // The line is back: where is the table now? (A held move goes if it is still where it was.)
      if (connection === 'open' && this.held && !this.held.sent) socket.sendTable({ v: 1, type: 'sync' });
    });
  }

  /** Opens a room from its invite link: back into this browser's seat if it has one, else watching the lobby. */
  static open(id: string, socket: RoomSocket = new RoomSocket()): OnlineRoom {
    const room = new OnlineRoom(id, socket);
    if (socket.status === 'open' && socket.hello) socket.sendRoom(socket.hello);
    return room;
  }

  get state(): OnlineState {
    return this.current;
  }

  subscribe(listener: (state: OnlineState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Plays this browser's stored seat in this window (another window of it may hold it too). */
  claim(): void {
    const keys = roomKeys(this.id);
    if (!keys?.token) return;
    markTab(this.id, { token: keys.token, seat: keys.seat });
    this.socket.hello = { v: 1, type: 'resume', room: this.id, token: keys.token };
    this.socket.sendRoom(this.socket.hello);
    this.set({ seat: keys.seat ?? null, elsewhere: null, isHost: isHost(this.id) });
  }

  /**
   * Takes a seat (the first open one unless `seat` is named) under a display name, with the
   * invite key if the room is private; after a game, someone watching takes a free seat of the next.
   */
  join(name: string, seat?: number): void {
    this.set({ error: null });
    const key = this.current.keys.invite;
    this.socket.sendRoom({
      v: 1,
      type: 'join',
      room: this.id,
      name,
      ...(seat === undefined ? {} : { seat }),
      ...(key ? { key } : {}),
    });
  }

  /** Watching, with the room's invite or watch key if this browser has one. */
  private spectate(): Extract<RoomClientMessage, { type: 'spectate' }> {
    const keys = roomKeys(this.id);
    const key = keys?.invite ?? keys?.watch;
    return { v: 1, type: 'spectate', room: this.id, ...(key ? { key } : {}) };
  }

  /** The host starts now; open seats go to bots of `level`. */
  start(level: Level): void {
    const hostToken = roomKeys(this.id)?.hostToken;
    if (hostToken) this.socket.sendRoom({ v: 1, type: 'start', room: this.id, hostToken, level });
  }

  /** The host gives an open seat, or a missing player's, to a bot. */
  replaceWithBot(seat: number, level: Level): void {
    const hostToken = roomKeys(this.id)?.hostToken;
    if (hostToken)
      this.socket.sendRoom({ v: 1, type: 'replace-with-bot', room: this.id, hostToken, seat, level });
  }

  /**
   * After the game, this seat asks for another in the same room (it starts once every player
   * has); `now`: it starts at once, the seats of those who have not asked given to bots (the
   * host may at any time, any player once everyone still here has asked).
   */
  rematch(now = false): void {
    this.set({ error: null });
    const hostToken = now ? roomKeys(this.id)?.hostToken : undefined;
    this.socket.sendRoom({
      v: 1,
      type: 'rematch',
      room: this.id,
      ...(now ? { now } : {}),
      ...(hostToken ? { hostToken } : {}),
    });
  }

  /** Never be paired with that account by the lobby again (or, `false`, undo it); the server answers with the list. */
  block(account: string, block = true): void {
    this.socket.sendRoom({ v: 1, type: block ? 'block' : 'unblock', account });
  }

  /** Reports this game to the operators, in the player's own words. */
  report(reason: string): void {
    const room = this.current.room;
    if (room) this.socket.sendRoom({ v: 1, type: 'report', room: room.gameId ?? room.id, reason });
  }

  /** Any seated player asks that a bot play for an away player until they are back. */
  standIn(seat: number): void {
    this.socket.sendRoom({ v: 1, type: 'stand-in', room: this.id, seat });
  }

  close(): void {
    this.offMessage();
    this.offStatus();
    this.offWake();
    if (this.unanswered) clearTimeout(this.unanswered);
    this.socket.close();
    this.client.close();
    this.listeners.clear();
  }

  private receive(message: ServerMessage): void {
    if (TABLE_TYPES.has(message.type)) {
      if (message.type === 'welcome') {
        this.started = true;
        if (message.seat !== this.current.seat) this.set({ seat: message.seat });
      }
      if (message.type === 'welcome' || message.type === 'update') this.count(message);
      if (message.type === 'update') this.answerHeld(message.seq);
      this.table.emit(message as TableMessage);
      return;
    }
    switch (message.type) {
      case 'clock':
        if (message.room === this.id)
          this.set({
            clock:
              message.seat === null
                ? null
                : {
                    seat: message.seat,
                    deadline: Date.now() + message.msLeft,
                    turnSeconds: message.turnSeconds,
                  },
          });
        return;
      case 'room': {
        if (message.room.id !== this.id) return;
        this.set({ room: message.room });
        this.offerStoredSeat(message.room);
        this.lookUpRating(message.room);
        return;
      }
      case 'joined':
        saveRoomKeys(this.id, {
          token: message.token,
          seat: message.seat,
          invite: message.keys.invite,
          watch: message.keys.watch,
        });
        markTab(this.id, { token: message.token, seat: message.seat });
        this.socket.hello = { v: 1, type: 'resume', room: this.id, token: message.token };
        this.set({
          seat: message.seat,
          error: null,
          elsewhere: null,
          isHost: isHost(this.id),
          keys: message.keys,
        });
        return;
      case 'room-created':
        return;
      case 'blocked':
        this.set({ blocked: message.accounts });
        return;
      case 'reported':
        this.set({ reported: true });
        return;
      case 'rating':
        // Kept for the game it names: a rated game of another room is not this page's to show.
        if (isGameOf(this.id, message.game))
          this.set({ ratings: { ...this.current.ratings, [message.game]: message } });
        return;
      case 'error':
        this.refused(message);
        return;
    }
  }

  /**
   * This browser's seat, while this window holds none of its own: nobody in it (its tab was
   * closed, or went silent) or a bot playing it means it is this window's to take back;
   * a person in it means another window plays it, and this one offers to play it here.
   * Asked again with every room state, since a dead tab shows away only after a heartbeat.
   */
  private offerStoredSeat(room: RoomState): void {
    const keys = roomKeys(this.id);
    if (keys?.token === undefined || keys.seat === undefined || tabKeys(this.id)?.token !== undefined) return;
    const seat = room.seats[keys.seat];
    if (seat?.kind === 'bot' || (seat?.kind === 'human' && !seat.connected)) this.claim();
    else if (seat?.kind === 'human' && this.current.elsewhere !== keys.seat)
      this.set({ elsewhere: keys.seat });
  }

  /** Counts the game's events, and keeps those that follow a move not answered yet (they say who made the next one). */
  private count(message: Extract<TableMessage, { type: 'welcome' | 'update' }>): void {
    const held = this.held;
    if (message.type === 'welcome') {
      this.events = { count: message.history.length, seq: -1 };
      if (held?.at != null)
        held.since = message.history.length >= held.at ? message.history.slice(held.at) : null;
      return;
    }
    this.events = { count: this.events.count + message.events.length, seq: message.seq };
    held?.since?.push(...message.events);
  }

  /** A sent move the table does not answer soon is shown as not sent yet (the line may have gone quiet). */
  private watchAnswer(): void {
    if (this.unanswered) clearTimeout(this.unanswered);
    const held = this.held;
    this.unanswered = setTimeout(() => {
      if (this.held === held && held !== null) this.set({ move: 'held' });
    }, UNANSWERED_MS);
  }

  /**
   * The table is at update `seq`: a move held for it goes now (the table takes it once: a copy
   * that arrived already moved the table past `seq`). A table past it either took the move, or
   * went on without it: the next move made then is marked `played-for` this seat (the turn timer,
   * a stand-in), or, if this page never sent it, it cannot have been played.
   */
  private answerHeld(seq: number): void {
    const held = this.held;
    if (!held) return;
    if (seq === held.message.seq && !held.sent) {
      held.sent = this.socket.sendTable(held.message);
      held.everSent ||= held.sent;
      if (held.sent) {
        this.set({ move: null });
        this.watchAnswer();
      }
    } else if (seq > held.message.seq) {
      this.held = null;
      const next = held.since?.[0];
      const playedFor = next?.type === 'played-for' && next.seat === held.message.action.seat;
      this.set({ move: !held.everSent ? 'lost' : playedFor ? 'not-played' : null });
    }
  }

  private refused(error: { code: string; message: string; type: 'error'; v: 1 }): void {
    if (error.code === 'bad-token') {
      // The seat is not this browser's any more: watch instead.
      if (this.socket.hello?.type === 'resume') forgetSeat(this.id, this.socket.hello.token);
      this.socket.hello = this.spectate();
      this.socket.sendRoom(this.socket.hello);
      this.set({ seat: null, error: { code: error.code, message: error.message } });
    } else if (
      error.code === 'no-such-room' ||
      error.code === 'lobby-expired' ||
      error.code === 'paired-no-show'
    ) {
      this.socket.close();
      // A room that expired is no such room when the page asks again: the first reason is the one to tell.
      if (!this.current.gone) this.set({ gone: error.code === 'no-such-room' ? 'no-room' : error.code });
    } else if (ROOM_ERRORS.has(error.code) || !this.started) {
      this.set({ error: { code: error.code, message: error.message } });
    } else if (
      error.code === 'stale' &&
      !this.held &&
      (this.current.move === 'lost' || this.current.move === 'not-played')
    ) {
      // The copy of a move the table went on without: the page has said so already, in the player's words.
    } else {
      // A refused move is answered.
      this.held = null;
      this.table.emit(error);
    }
  }

  /**
   * A rated game over whose `rating` message this page did not hear (it was reloaded after the
   * game): its member's rating change is read from their ratings once. (A page that was there
   * hears the message; one whose game is still being rated hears it on its socket.)
   */
  private lookUpRating(room: RoomState): void {
    const game = room.gameId;
    const account = this.current.seat === null ? undefined : room.seats[this.current.seat]?.account;
    if (
      room.status !== 'over' ||
      !room.rated ||
      !game ||
      !account ||
      this.current.ratings[game] ||
      this.ratingsAsked.has(game)
    )
      return;
    this.ratingsAsked.add(game);
    void ratingOfGame(account, game)
      .then((rating) => {
        if (rating && !this.current.ratings[game])
          this.set({ ratings: { ...this.current.ratings, [game]: rating } });
      })
      // Nothing shown: the dialog goes without its rating line, as for a casual game.
      .catch(() => undefined);
  }

  private set(change: Partial<OnlineState>): void {
    this.current = { ...this.current, ...change };
    for (const listener of this.listeners) listener(this.current);
  }
}

export type CreateResult =
  { readonly ok: true; readonly room: OnlineRoom } | { readonly ok: false; readonly message: string };

/**
 * Creates a room on the game server and takes its first open seat under `name` (the host
 * plays too; with no open seat, the host watches). The host's token is kept in localStorage.
 */
export async function createRoom(setup: RoomSetup, name: string, socket?: RoomSocket): Promise<CreateResult> {
  // The page draws the room's id and dials the room's own address before the room exists, so a
  // load balancer in front of several server processes sends it to the process its players will reach.
  const id = roomIdFrom(crypto.getRandomValues(new Uint8Array(8)));
  socket ??= new RoomSocket(roomSocketUrl(serverSocketUrl(), id));
  socket.sendRoom({ v: 1, type: 'create-room', setup, room: id });
  const created = await socket.next((m) => m.type === 'room-created' || m.type === 'error');
  if (!created || created.type !== 'room-created') {
    socket.close();
    return {
      ok: false,
      message: created?.type === 'error' ? created.message : 'the game server does not answer',
    };
  }
  saveRoomKeys(created.room, {
    hostToken: created.hostToken,
    invite: created.keys.invite,
    watch: created.keys.watch,
  });
  markTab(created.room, { host: true });
  if (setup.seats.some((s) => s.kind === 'open')) {
    socket.sendRoom({ v: 1, type: 'join', room: created.room, name, key: created.keys.invite });
    const joined = await socket.next((m) => m.type === 'joined' || m.type === 'error');
    if (joined?.type === 'joined') {
      saveRoomKeys(created.room, { token: joined.token, seat: joined.seat, hostSeat: joined.seat });
      markTab(created.room, { token: joined.token, seat: joined.seat });
    }
  }
  const room = new OnlineRoom(created.room, socket);
  // The socket is in the room already (seated, or about to watch).
  if (room.state.seat === null) socket.sendRoom(socket.hello!);
  return { ok: true, room };
}

/**
 * A room the lobby paired this person into (CONTRACT.md 2, `paired`): its invite key is kept as
 * an invite link's is, and the seat it reserved is taken under `name`, exactly as an invited
 * player joins; from then on the room is an ordinary one (reload, resume, rematch).
 */
export function joinPaired(
  paired: { readonly room: string; readonly key: string; readonly seat: number },
  name: string,
  socket?: RoomSocket,
): OnlineRoom {
  saveRoomKeys(paired.room, { invite: paired.key });
  const room = OnlineRoom.open(
    paired.room,
    socket ?? new RoomSocket(roomSocketUrl(serverSocketUrl(), paired.room)),
  );
  room.join(name, paired.seat);
  return room;
}

/**
 * Calls `wake` when the page comes back to the person: shown again, or resumed after being
 * frozen (a phone unlocked); the table then shows what is current, not what was held.
 */
function onWake(wake: () => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const visible = () => document.visibilityState === 'visible' && wake();
  document.addEventListener('visibilitychange', visible);
  document.addEventListener('resume', wake);
  return () => {
    document.removeEventListener('visibilitychange', visible);
    document.removeEventListener('resume', wake);
  };
}
