/**
 * The table protocol, version 1. A *table* hosts one game (in a Web Worker in the page, or
 * on the server); each player or spectator is connected to it and sees only their seat's
 * view and redacted events. Every message is a JSON object with `v` and `type`.
 */
import type { HintReason, Level } from '@hanafuda/bots';
import type { Action, GameEvent, GameRecord, StartAt } from '@hanafuda/engine';

export const PROTOCOL_VERSION = 1;
/** Larger messages are refused unread. */
export const MAX_MESSAGE_BYTES = 16 * 1024;

export interface SeatConfig {
  readonly kind: 'human' | 'bot';
  readonly name: string;
  /** Bots only. */
  readonly level?: Level;
}

/** Everything needed to start a table: the game, its players and house rules. */
export interface TableConfig {
  readonly game: string;
  readonly players: number;
  readonly teams?: readonly (readonly number[])[];
  readonly options?: Readonly<Record<string, unknown>>;
  /** One per seat, in seat order. */
  readonly seats: readonly SeatConfig[];
  /** A replayed deal: the game starts at this round of its seed, this seat dealing (the engine's GameSetup.startAt). */
  readonly startAt?: StartAt;
}

/** From a player (or spectator) to the table. */
export type ClientMessage =
  /** One decision; `seq` is the update the client saw last, so a stale or replayed action is refused. */
  | { readonly v: 1; readonly type: 'act'; readonly seq: number; readonly action: Action }
  /** Ask for the whole view again (after a reconnect, or when in doubt). */
  | { readonly v: 1; readonly type: 'sync' }
  /** Ask the table's best bot what it would do in this seat. */
  | { readonly v: 1; readonly type: 'hint' };

/**
 * The table's own event beside the game's, first in the update of the move it marks: the
 * server made that move for the seat, because its person is away (a bot stands in) or
 * because their turn timer ran out.
 */
export type PlayedForEvent = { readonly type: 'played-for'; readonly seat: number; readonly reason: 'away' | 'timer' };

/** From the table to one player or spectator. */
export type TableMessage =
  /**
   * On every (re)connection. `history`: the game so far as this viewer may see it, every
   * event before those of the update that follows (which brings the view); a client
   * rebuilds its play log from it, so a reconnect shows each past event once, in order.
   */
  | { readonly v: 1; readonly type: 'welcome'; readonly seat: number | null; readonly config: TableConfig; readonly history: readonly GameEvent[] }
  /** What happened since the last update, as this seat may see it, and the seat's view now. */
  | { readonly v: 1; readonly type: 'update'; readonly seq: number; readonly events: readonly GameEvent[]; readonly view: unknown }
  /** The hint bot's move for the seat whose turn it is, and why, as data each client words in its language. */
  | { readonly v: 1; readonly type: 'hint'; readonly seq: number; readonly action: Action; readonly reason?: HintReason }
  /** The whole game, once it is over: secrets included, since nothing is secret any more. */
  | { readonly v: 1; readonly type: 'record'; readonly record: GameRecord }
  | { readonly v: 1; readonly type: 'error'; readonly code: string; readonly message: string };

export type ErrorMessage = Extract<TableMessage, { type: 'error' }>;

export const errorMessage = (code: string, message: string): ErrorMessage => ({ v: PROTOCOL_VERSION, type: 'error', code, message });
