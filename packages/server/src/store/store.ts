/**
 * Where the server keeps its games: rooms, the append-only action log (UNIQUE(game_id, seq):
 * one writer per game, enforced by the database), and the records of finished games.
 * Two implementations: SQLite (embedded, the default) and PostgreSQL (for larger installs).
 */
import type { Action, GameRecord } from '@hanafuda/engine';
import type { Level } from '@hanafuda/bots';
import type { RoomSetup, RoomStatus } from '@hanafuda/protocol';
import type { Sql } from './sql.js';

export interface StoredSeat {
  readonly kind: 'open' | 'human' | 'bot';
  readonly name: string | null;
  readonly level?: Level;
  /** sha256 of the seat's token (people only, and a bot a host gave a person's seat to). */
  readonly tokenHash?: string;
  /** A bot a host gave a person's seat to: that person's name, for when they come back. */
  readonly person?: string;
  /** The account of the person who took the seat (accounts/identity.ts), when they had one. */
  readonly account?: string;
  /** A person's seat taken by a program (joined with `bot: true`); kept while a host gives the seat to a server bot, for when it comes back. */
  readonly bot?: true;
  /** An open seat the lobby's pairing kept for this account: nobody else may take it. */
  readonly reserved?: string;
}

/** A room as stored: everything needed to rebuild it after a restart (with its action log). */
export interface StoredRoom {
  readonly id: string;
  readonly setup: RoomSetup;
  readonly hostTokenHash: string;
  readonly seats: readonly StoredSeat[];
  readonly status: RoomStatus;
  /** The game's secret seed, chosen when the room is created. */
  readonly seed: string;
  /**
   * The engine's RULES_VERSION the room was created under (stored inside its setup's JSON;
   * absent in rooms stored before it was: version 1). A room of another version is not resumed.
   */
  readonly rules?: number;
  readonly createdAt: number;
  /**
   * A rematch: its game is stored as a row of its own (the action log and the record are per
   * row), under the id `<room>_<game>`; `room` is the id the players know (the invite link's),
   * `game` which game of that room this is. Absent: the room's first game (row id = room id).
   */
  readonly room?: string;
  readonly game?: number;
  /**
   * A game over whose players are asking for the next one: the seats that confirmed (stored
   * with the row, which stays live while they wait; the next game's row, as it is created,
   * clears them). Absent when nobody waits.
   */
  readonly rematch?: readonly number[];
}

/**
 * A turn's deadline, kept with the room so that a restarted server, or another process
 * taking the room over, plays the turn when it was due rather than timing it afresh.
 */
export interface TurnClock {
  /** The seat whose turn it is. */
  readonly seat: number;
  /** The update that started the turn (a turn may be several decisions of one seat). */
  readonly seq: number;
  /** When the server plays the turn for the seat (ms since the epoch). */
  readonly deadline: number;
}

/** One finished game in a player's history. */
export interface HistoryEntry {
  readonly gameId: string;
  readonly game: string;
  readonly seat: number;
  readonly players: readonly (string | null)[];
  readonly finishedAt: number;
  readonly summary: unknown;
}

export interface FinishedGame {
  readonly gameId: string;
  readonly record: GameRecord;
  readonly fairness: unknown;
  readonly players: readonly (string | null)[];
  readonly summary: unknown;
  readonly finishedAt: number;
}

/**
 * Several processes on one PostgreSQL: the process that owns a room, and the epoch of its
 * lease (a fencing token, raised by every takeover). Each write of the room carries it and
 * is refused (`FencedOut`) once another process has taken the room over, so a stale owner
 * can never add to a room's log. One process alone (SQLite) writes without one.
 */
export interface Fence {
  readonly node: string;
  readonly epoch: number;
}

/** A write refused because the room's lease moved on: another process owns the room now. */
export class FencedOut extends Error {
  constructor(readonly room: string) {
    super(`room ${room} is owned by another process now (its lease was taken over)`);
  }
}

/**
 * The store failed (a write after every retry, or a read): the player is told `storage`, to
 * try again. Any other error a handler throws is a bug, answered `internal`.
 */
export class StorageFailed extends Error {
  constructor(what: string, cause: unknown) {
    super(`could not ${what}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** With a fence, the room is created owned by that process, at that epoch. */
  createRoom(room: StoredRoom, fence?: Fence): Promise<void>;
  /** Seats and status change in the lobby, at the start, and when a host gives a seat to a bot. */
  updateRoom(id: string, seats: readonly StoredSeat[], status: RoomStatus, fence?: Fence): Promise<void>;
  /**
   * The seats that confirmed a rematch of a finished game (its row stays live while any wait),
   * or null: nobody waits any more. Creating a rematch's row clears its previous game's at once.
   */
  setRematch(id: string, seats: readonly number[] | null, fence?: Fence): Promise<void>;
  /** Sets the room's turn clock (one row per room, replaced each turn). */
  setTurnClock(id: string, clock: TurnClock): Promise<void>;
  /** The room's last turn clock, if any. */
  turnClock(id: string): Promise<TurnClock | null>;
  /** Appends one accepted action; refused (throws) if `seq` is already taken for this game. */
  appendAction(gameId: string, seq: number, action: Action, fence?: Fence): Promise<void>;
  actions(gameId: string): Promise<Action[]>;
  /** Rooms neither over nor abandoned, to rebuild at start-up. */
  liveRooms(): Promise<StoredRoom[]>;
  /** Marks a room nobody came back to as abandoned: it is kept, but never rebuilt at start-up. */
  abandonRoom(id: string, fence?: Fence): Promise<void>;
  room(id: string): Promise<StoredRoom | null>;
  finishGame(game: FinishedGame, fence?: Fence): Promise<void>;
  finishedGame(gameId: string): Promise<FinishedGame | null>;
  /** Finished games in which someone of this display name sat (case-insensitive), newest first. */
  history(name: string, limit?: number): Promise<HistoryEntry[]>;
  /** Plain statements on the same database, for what is not a room's (accounts, the lobby). */
  readonly sql: Sql;
  close(): Promise<void>;
}
