/**
 * The lobby protocol, version 1 (schema/lobby.ts): seeking a game in a public pool or a custom
 * one, quick pairing, blocking and reporting. It shares the WebSocket with the room and table
 * messages; `paired` sends a player to an ordinary room, which it joins with `join`.
 */
import type { Static } from '@sinclair/typebox';
import type { Wire } from './schema/refusal.js';
import {
  LobbyClientMessages,
  LobbyPoolSchema,
  LobbySeekSchema,
  LobbyServerMessages,
  POOL_IDS,
  SEEK_END_REASONS,
} from './schema/lobby.js';

export { MAX_BOTS_AFTER, MAX_REPORT_CHARS, POOL_IDS, SEEK_END_REASONS } from './schema/lobby.js';

export type PoolId = (typeof POOL_IDS)[number];
export type SeekEndReason = (typeof SEEK_END_REASONS)[number];
/** A pool as the lobby shows it. */
export type LobbyPool = Wire<Static<typeof LobbyPoolSchema>>;
/** An open custom seek as the lobby shows it. */
export type LobbySeek = Wire<Static<typeof LobbySeekSchema>>;

/** From a client to the game server: the lobby's part. */
export type LobbyClientMessage = Wire<Static<(typeof LobbyClientMessages)[number]>>;
export type LobbyClientMessageType = LobbyClientMessage['type'];
export const LOBBY_CLIENT_MESSAGE_TYPES: readonly LobbyClientMessageType[] = LobbyClientMessages.map(
  (m) => m.properties.type.const,
);

/** From the game server to a client: the lobby's part. */
export type LobbyServerMessage = Wire<Static<(typeof LobbyServerMessages)[number]>>;
