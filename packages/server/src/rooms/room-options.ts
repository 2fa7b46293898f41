/** What a room is given (its store, log, bots' pace), what it sends its clients, and the names of its seats. */
import type { Level } from '@hanafuda/bots';
import type {
  RoomServerMessage,
  LobbyServerMessage,
  RatingServerMessage,
  TableMessage,
} from '@hanafuda/protocol';
import type { Connection, Decide } from '@hanafuda/table';
import type { RecoveryOptions } from './recovery.js';
import type { Store, StoredSeat } from '../store/store.js';
import type { RatedResult } from '../ratings/result.js';
import type { Log } from '../ops/log.js';

/** What the server sends a socket: the table's messages, the room's and the lobby's. */
export type ServerMessage = TableMessage | RoomServerMessage | LobbyServerMessage | RatingServerMessage;

/** One WebSocket's place in a room. */
export interface RoomClient {
  readonly send: (message: ServerMessage) => void;
  /** The seat this client acts for (by token), or null for a spectator. */
  seat: number | null;
  table?: Connection;
  /** Its page said it stopped running (frozen, unloaded): the seat shows away until it says otherwise. */
  away?: boolean;
  /** This copy of the room was dropped (another process owns the room now): find it where it is. */
  moved?: () => void;
  /** The room ended before its game started (eviction.ts): the client is told why and leaves it. */
  dismissed?: (code: string, message: string) => void;
}

export interface RoomOptions {
  readonly store: Store;
  /** A pause before each bot decision so people can follow the play. */
  readonly botDelayMs: number;
  /** The game seed for new rooms; tests and benchmarks fix it, a real server draws 256 random bits. */
  readonly seed?: () => string;
  /** Where bot decisions and hints are made (the server's search threads); in-line when absent. */
  readonly decide?: Decide;
  readonly log: Log;
  /** How soon, and how often, what a storage failure left undone is tried again. */
  readonly recovery?: RecoveryOptions;
  /** How long a person's `act` took to handle (seconds), for the metrics. */
  readonly onAct?: (seconds: number) => void;
  /** A rated game ended and its record is stored: its result, for the ratings (fair-play/rated-game.ts), and the room, to tell its players. */
  readonly onRatedGameEnd?: (result: RatedResult, room: AccountsTold) => void;
}

/** What the end of a rated game may ask of its room: to tell the seats of an account (their new rating). */
export interface AccountsTold {
  tellAccount(account: string, message: ServerMessage): void;
}

export const DEFAULT_BOT_LEVEL: Level = 'normal';
export const botName = (seat: number, level: Level): string => `Bot ${seat + 1} (${level})`;

/** A person's seat as they take it: `bot`, a program; `account`, theirs if they have one. */
export const personSeat = (name: string, tokenHash: string, bot: boolean, account?: string): StoredSeat => ({
  kind: 'human',
  name,
  tokenHash,
  ...(bot ? { bot: true as const } : {}),
  ...(account !== undefined ? { account } : {}),
});
