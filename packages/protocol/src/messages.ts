/**
 * The table protocol, version 1. A *table* hosts one game (in a Web Worker in the page, or
 * on the server); each player or spectator is connected to it and sees only their seat's
 * view and redacted events. Every message is a JSON object with `v` and `type`; the types
 * here are those of the schemas in schema/ (docs/protocol.md).
 */
import type { Static } from '@sinclair/typebox';
import type { Wire } from './schema/refusal.js';
import { ClientMessages, TableConfigSchema, TableMessages } from './schema/table.js';

export const PROTOCOL_VERSION = 1;
/** Larger messages are refused unread. */
export const MAX_MESSAGE_BYTES = 16 * 1024;
/**
 * The WebSocket close code of a server process that stops (RFC 6455's 1012, "service restart"):
 * it handed its rooms to other processes, so a client may dial again at once.
 */
export const CLOSE_RESTARTING = 1012;

/** Everything needed to start a table: the game, its players and house rules. */
export type TableConfig = Wire<Static<typeof TableConfigSchema>>;
export type SeatConfig = TableConfig['seats'][number];

/** From a player (or spectator) to the table. */
export type ClientMessage = Wire<Static<(typeof ClientMessages)[number]>>;

/** From the table to one player or spectator. */
export type TableMessage = Wire<Static<(typeof TableMessages)[number]>>;

/**
 * The table's own event beside the game's, first in the update of the move it marks: the
 * server made that move for the seat, because its person is away (a bot stands in) or
 * because their turn timer ran out.
 */
export type PlayedForEvent = {
  readonly type: 'played-for';
  readonly seat: number;
  readonly reason: 'away' | 'timer';
};

export type ErrorMessage = Extract<TableMessage, { type: 'error' }>;

export const errorMessage = (code: string, message: string): ErrorMessage => ({
  v: PROTOCOL_VERSION,
  type: 'error',
  code,
  message,
});
