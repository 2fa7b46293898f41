/**
 * The room protocol, version 1: what a player says to the game server before and around a
 * table (create a room, join a seat, resume it, watch, fill seats with bots), and what the
 * server says back. It shares the WebSocket with the table messages of messages.ts, whose
 * meaning it leaves unchanged: once a room's game starts, every seat and spectator
 * connected to it gets the table's `welcome` and `update` messages. The types are those of
 * schema/room.ts.
 */
import type { Static } from '@sinclair/typebox';
import type { Wire } from './schema/refusal.js';
import {
  FairnessSchema,
  PAGE_STATES,
  ROOM_ID_SOURCE,
  RoomClientMessages,
  RoomKeysSchema,
  RoomServerMessages,
  RoomSeatSetupSchema,
  RoomSetupSchema,
  RoomStateSchema,
} from './schema/room.js';

export { MAX_TURN_SECONDS, PAGE_STATES } from './schema/room.js';

/** The form of a room's id: 10 url-safe characters (60 random bits), as `roomIdFrom` makes them. */
export const ROOM_ID_PATTERN = new RegExp(ROOM_ID_SOURCE);

/**
 * A room id from 8 random bytes (the caller's cryptographic source: the server's, or a browser's
 * `crypto.getRandomValues`): unguessable enough to keep uninvited strangers out of a room.
 */
export function roomIdFrom(random: Uint8Array): string {
  if (random.length < 8) throw new Error('a room id needs 8 random bytes');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let bits = 0n;
  for (const byte of random.subarray(0, 8)) bits = (bits << 8n) | BigInt(byte);
  let id = '';
  for (let i = 0; i < 10; i++) id += alphabet[Number((bits >> BigInt(58 - 6 * i)) & 63n)];
  return id;
}

/** A seat as the host sets it up: open for a person, or a bot from the start. */
export type RoomSeatSetup = Wire<Static<typeof RoomSeatSetupSchema>>;
/** What a host chooses when creating a room: the game, its seats, teams and house rules. */
export type RoomSetup = Wire<Static<typeof RoomSetupSchema>>;

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

export type RoomState = Wire<Static<typeof RoomStateSchema>>;
export type RoomStatus = RoomState['status'];
export type RoomSeatState = RoomState['seats'][number];
/**
 * Provable fairness: the server commits to each round's seed (sha256 of it, hex) when the
 * round starts and reveals it when the round ends; the game seed, committed to when the
 * game starts, is revealed when it ends. Round 0 is the first-dealer draw, revealed with the
 * end of the first round. `hanafuda verify` checks a finished game against these.
 */
export type Fairness = Wire<Static<typeof FairnessSchema>>;

/** From a client to the game server, besides the table messages `act`, `sync` and `hint`. */
export type RoomClientMessage = Wire<Static<(typeof RoomClientMessages)[number]>>;
export type PageState = (typeof PAGE_STATES)[number];
export type RoomClientMessageType = RoomClientMessage['type'];
export const ROOM_CLIENT_MESSAGE_TYPES: readonly RoomClientMessageType[] = RoomClientMessages.map(
  (m) => m.properties.type.const,
);

/** From the game server to a client, besides the table messages. */
export type RoomServerMessage = Wire<Static<(typeof RoomServerMessages)[number]>>;

/** A private room's keys: `invite` lets one join or watch, `watch` only watch. */
export type RoomKeys = Wire<Static<typeof RoomKeysSchema>>;

/** The path of a room's invite link (`key`) or watch link (`watch`), as the web app reads them. */
export const roomLink = (room: string, kind: 'invite' | 'watch', key: string): string =>
  `/?room=${room}&${kind === 'invite' ? 'key' : 'watch'}=${key}`;
