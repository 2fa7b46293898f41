/** Validation of the room messages: untrusted input, so every problem is an error value with a clear message. */
import { err, ok, type Result } from '@hanafuda/engine';
import { checker } from './check.js';
import type { ClientMessage } from './messages.js';
import { LOBBY_CLIENT_MESSAGE_TYPES, type LobbyClientMessage } from './lobby.js';
import {
  DEFAULT_TURN_SECONDS,
  MAX_ROOM_ROUNDS,
  MAX_ROOM_TARGET,
  ROOM_CLIENT_MESSAGE_TYPES,
  type RoomClientMessage,
  type RoomSetup,
} from './room.js';
import { LobbyClientMessages } from './schema/lobby.js';
import { RoomClientMessages, RoomSetupSchema } from './schema/room.js';
import {
  checkSeats,
  checksByType,
  clientMessageFields,
  type Json,
  parseDisplayName,
  parseEnvelope,
} from './validate.js';

const checkRoomSetup = checker(RoomSetupSchema, 'bad-setup');
const ROOM_CHECKS = checksByType<RoomClientMessage>(RoomClientMessages);
const LOBBY_CHECKS = checksByType<LobbyClientMessage>(LobbyClientMessages);

/** Checks a room's shape; the game validates players, teams and options when the room is created. */
export function parseRoomSetup(raw: unknown): Result<RoomSetup & { readonly turnSeconds: number }> {
  const setup = checkRoomSetup(raw);
  if (!setup.ok) return setup;
  const seats = checkSeats(setup.value, 'bad-setup', (i, message) => `seat ${i}: ${message}`);
  if (!seats.ok) return seats;
  const length = checkGameLength(setup.value.options ?? {});
  if (!length.ok) return length;
  return ok({
    ...setup.value,
    seats: seats.value,
    turnSeconds: setup.value.turnSeconds ?? DEFAULT_TURN_SECONDS,
  });
}

/** The game-length options of any game, capped; their other checks are the game's own. */
function checkGameLength(options: Json): Result<null> {
  const tooLong = (what: string) =>
    err(
      'game-too-long',
      `${what}: an online game may last at most ${MAX_ROOM_ROUNDS} rounds, or play to a target of at most ${MAX_ROOM_TARGET}`,
    );
  if (typeof options.rounds === 'number' && options.rounds > MAX_ROOM_ROUNDS)
    return tooLong(`"rounds": ${options.rounds}`);
  const length = typeof options.length === 'string' ? /^(rounds|target):(\d+)$/.exec(options.length) : null;
  if (length && Number(length[2]) > (length[1] === 'rounds' ? MAX_ROOM_ROUNDS : MAX_ROOM_TARGET))
    return tooLong(`"length": "${options.length}"`);
  return ok(null);
}

/** What the schema cannot say of a room message: a display name's form, a room setup's seats and length. */
function refine(message: RoomClientMessage): Result<RoomClientMessage> {
  if (message.type === 'join') {
    const name = parseDisplayName(message.name);
    return name.ok ? ok({ ...message, name: name.value }) : name;
  }
  if (message.type === 'create-room') {
    const setup = parseRoomSetup(message.setup);
    return setup.ok ? ok({ ...message, setup: setup.value }) : setup;
  }
  return ok(message);
}

/** What the schema cannot say of a seek: a pool or a setup, not both; a custom setup's shape and every seat open. */
function refineSeek(message: Extract<LobbyClientMessage, { type: 'seek' }>): Result<LobbyClientMessage> {
  if (message.pool !== undefined && message.setup !== undefined)
    return err('bad-seek', 'a seek names a "pool" or a "setup" (a custom game), not both');
  if (message.pool === undefined && message.setup === undefined)
    return err('bad-seek', 'a seek needs a "pool" or a "setup" (a custom game)');
  if (message.setup === undefined) return ok(message);
  const setup = parseRoomSetup(message.setup);
  if (!setup.ok) return setup;
  const bot = setup.value.seats.findIndex((s) => s.kind !== 'open');
  if (bot >= 0)
    return err('bad-setup', `seat ${bot}: every seat of a custom seek is open (bots come with "botsAfter")`);
  return ok({ ...message, setup: setup.value });
}

/**
 * Parses one message from a client of the game server: a room message, a lobby message, or a
 * table message (`act`, `sync`, `hint`) for the room's table. Size, JSON, version, type and fields.
 */
export function parseServerBoundMessage(
  text: string,
): Result<RoomClientMessage | LobbyClientMessage | ClientMessage> {
  const envelope = parseEnvelope(text, 'server');
  if (!envelope.ok) return envelope;
  const raw = envelope.value;
  if (LOBBY_CLIENT_MESSAGE_TYPES.includes(raw.type as never)) {
    const message = LOBBY_CHECKS.get(raw.type as string)!(raw);
    return message.ok && message.value.type === 'seek' ? refineSeek(message.value) : message;
  }
  if (!ROOM_CLIENT_MESSAGE_TYPES.includes(raw.type as never)) return clientMessageFields(raw);
  const message = ROOM_CHECKS.get(raw.type as string)!(raw);
  return message.ok ? refine(message.value) : message;
}
