/**
 * The room protocol, version 1: what a player says to the game server before and around a
 * table (create a room, join a seat, resume it, watch, fill seats with bots), and what the
 * server says back. It shares the WebSocket with the table messages of messages.ts, whose
 * meaning it leaves unchanged: once a room's game starts, every seat and spectator
 * connected to it gets the table's `welcome` and `update` messages.
 */
import type { Level } from '@hanafuda/bots';

/** A seat as the host sets it up: open for a person, or a bot from the start. */
export type RoomSeatSetup = { readonly kind: 'open' } | { readonly kind: 'bot'; readonly level: Level; readonly name?: string };

/** What a host chooses when creating a room: the game, its seats, teams and house rules. */
export interface RoomSetup {
  readonly game: string;
  readonly players: number;
  readonly teams?: readonly (readonly number[])[];
  readonly options?: Readonly<Record<string, unknown>>;
  /** One per seat, in seat order. */
  readonly seats: readonly RoomSeatSetup[];
  /** House rule: a person's turn that lasts longer than this is played by a bot (seconds; 0 = no timer; default DEFAULT_TURN_SECONDS). */
  readonly turnSeconds?: number;
  /**
   * Anyone who knows the room's id may join or watch it. By default a room is private: joining
   * takes its invite key, watching the invite key or its watch key (see `room-created`).
   */
  readonly public?: boolean;
}

export const MAX_TURN_SECONDS = 3600;
/**
 * Online, a turn timer is on unless the host turns it off: without one, a player who is
 * gone (a closed laptop, a lost phone) stalls everyone. A minute is long enough for a
 * hard decision (a Koi-Koi call, a hiki) yet short enough that a table does not give up
 * waiting; away players' turns then go to a bot until they come back.
 */
export const DEFAULT_TURN_SECONDS = 60;

/**
 * The longest game a room may set up, so that no room holds a table (and its log) for days:
 * at most this many rounds (the `rounds` option, or Nara's `length` "rounds:N")…
 */
export const MAX_ROOM_ROUNDS = 24;
/** …and a Nara "target:N" no higher than this (everyone starts with 1000 points). */
export const MAX_ROOM_TARGET = 3000;

export type RoomStatus = 'open' | 'playing' | 'over';

export interface RoomSeatState {
  readonly seat: number;
  /** `open`: nobody yet; `human`: a person took it; `bot`: a bot plays it. */
  readonly kind: 'open' | 'human' | 'bot';
  readonly name: string | null;
  readonly level?: Level;
  /** A person with at least one live connection in this seat. */
  readonly connected: boolean;
  /** The person is away and a bot plays their turns until they resume the seat. */
  readonly standIn?: boolean;
  /** A program of someone's own plays this seat like a person (it joined with `bot: true`): shown as a bot (docs/bots.md). */
  readonly bot?: true;
}

/**
 * Provable fairness: the server commits to each round's seed (sha256 of it, hex) when the
 * round starts and reveals it when the round ends; the game seed, committed to when the
 * game starts, is revealed when it ends. Round 0 is the first-dealer draw, revealed with the
 * end of the first round. `hanafuda verify` checks a finished game against these.
 */
export interface Fairness {
  readonly gameSeedHash: string;
  readonly gameSeed?: string;
  readonly rounds: readonly { readonly round: number; readonly hash: string; readonly seed?: string }[];
}

/** What everyone in a room may know about it (never a token). */
export interface RoomState {
  readonly id: string;
  readonly game: string;
  readonly players: number;
  readonly teams?: readonly (readonly number[])[];
  readonly options?: Readonly<Record<string, unknown>>;
  readonly turnSeconds: number;
  readonly status: RoomStatus;
  readonly seats: readonly RoomSeatState[];
  readonly spectators: number;
  /** Present once the game has started. */
  readonly fairness?: Fairness;
  /** Which game of this room this is: 1, then one more at each rematch. */
  readonly gameNumber?: number;
  /** Anyone with the room's id may join or watch (no key needed). */
  readonly public?: true;
  /** The id of this game's record once it is over (`/api/games/ID`): the room's id for its first game, `ID_2`… for a rematch. */
  readonly gameId?: string;
  /** After a game is over: the seats whose players have asked for a rematch (`rematch`). */
  readonly rematch?: readonly number[];
}

/** From a client to the game server, besides the table messages `act`, `sync` and `hint`. */
export type RoomClientMessage =
  | { readonly v: 1; readonly type: 'create-room'; readonly setup: RoomSetup }
  /**
   * Take a seat (the first open one unless `seat` is named) under a display name; `bot: true`
   * says the joiner is a program, not a person, and everyone sees the seat as a bot (docs/bots.md).
   */
  | { readonly v: 1; readonly type: 'join'; readonly room: string; readonly name: string; readonly seat?: number; readonly bot?: boolean; readonly key?: string }
  /** Come back into one's seat (after a reload or a dropped connection) with its token. */
  | { readonly v: 1; readonly type: 'resume'; readonly room: string; readonly token: string }
  /** Watch: the public view only. `key`: the room's invite or watch key (not needed in a public room). */
  | { readonly v: 1; readonly type: 'spectate'; readonly room: string; readonly key?: string }
  /** The host starts the game now: every seat still open is given to a bot of `level` (default normal). */
  | { readonly v: 1; readonly type: 'start'; readonly room: string; readonly hostToken: string; readonly level?: Level }
  /** The host gives an open seat, or a seat whose player is gone, to a bot. */
  | { readonly v: 1; readonly type: 'replace-with-bot'; readonly room: string; readonly hostToken: string; readonly seat: number; readonly level: Level }
  /**
   * Is the line alive? Answered with `pong` (a page asks when it comes back to the front or
   * online). The server pings every socket itself (WebSocket pings), but a page cannot see
   * those, and its browser answers them even while the page's script is frozen: presence
   * comes from `heartbeat` and `presence` below.
   */
  | { readonly v: 1; readonly type: 'ping' }
  /** The answer to the server's `heartbeat`: this page's script runs (a frozen page sends none). */
  | { readonly v: 1; readonly type: 'heartbeat' }
  /**
   * What the page's lifecycle just did: `active` (in front, or thawed), `hidden` (in the
   * background), `frozen` (about to stop running script: a locked phone, a background tab),
   * `gone` (being unloaded). A frozen or gone page's seat is away at once.
   */
  | { readonly v: 1; readonly type: 'presence'; readonly state: PageState }
  /** Any seated player asks that an away player's seat be played by a bot until they come back. */
  | { readonly v: 1; readonly type: 'stand-in'; readonly room: string; readonly seat: number }
  /**
   * After the game is over, a seated player asks for (or confirms) another game in this room,
   * same seats and link: it starts once every seated person has. With the host's token it
   * starts now, and the seats of those who have not confirmed go to bots (they may come back
   * into them with their token).
   */
  | { readonly v: 1; readonly type: 'rematch'; readonly room: string; readonly hostToken?: string };

export const PAGE_STATES = ['active', 'hidden', 'frozen', 'gone'] as const;
export type PageState = (typeof PAGE_STATES)[number];

export type RoomClientMessageType = RoomClientMessage['type'];
export const ROOM_CLIENT_MESSAGE_TYPES: readonly RoomClientMessageType[] = [
  'create-room',
  'join',
  'resume',
  'spectate',
  'start',
  'replace-with-bot',
  'ping',
  'heartbeat',
  'presence',
  'stand-in',
  'rematch',
];

/** A private room's keys: `invite` lets one join or watch, `watch` only watch. */
export interface RoomKeys {
  readonly invite: string;
  readonly watch: string;
}

/** The path of a room's invite link (`key`) or watch link (`watch`), as the web app reads them. */
export const roomLink = (room: string, kind: 'invite' | 'watch', key: string): string => `/?room=${room}&${kind === 'invite' ? 'key' : 'watch'}=${key}`;

/** From the game server to a client, besides the table messages. */
export type RoomServerMessage =
  /**
   * To the creator only: the host's secret, and the room's keys with the links that carry them:
   * `invite` (`/?room=ID&key=INVITE`: join or watch) and `watch` (`/?room=ID&watch=WATCH`:
   * watch only, for the host to share with onlookers).
   */
  | { readonly v: 1; readonly type: 'room-created'; readonly room: string; readonly invite: string; readonly watch: string; readonly keys: RoomKeys; readonly hostToken: string }
  /** To the joiner only: the seat's secret token, which alone authorises acting in it, and the room's keys (to invite others). */
  | { readonly v: 1; readonly type: 'joined'; readonly room: string; readonly seat: number; readonly token: string; readonly keys: RoomKeys }
  /** To everyone in the room, whenever it changes (seats, status, seed commitments and reveals). */
  | { readonly v: 1; readonly type: 'room'; readonly room: RoomState }
  /** The answer to `ping`. */
  | { readonly v: 1; readonly type: 'pong' }
  /** Is this page's script running? Sent every few seconds to a page that answers them (`heartbeat`). */
  | { readonly v: 1; readonly type: 'heartbeat' }
  /**
   * The turn clock, whenever a turn's deadline is set or the clock stops: `seat` has
   * `msLeft` ms (from when the server sent this) before the server plays the turn for them;
   * `seat` null: no clock runs (a bot's turn, no timer, the game over).
   */
  | { readonly v: 1; readonly type: 'clock'; readonly room: string; readonly seat: number | null; readonly msLeft: number; readonly turnSeconds: number };
