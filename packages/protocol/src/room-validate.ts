/** Validation of the room messages: untrusted input, so every problem is an error value with a clear message. */
import { LEVELS, type Level } from '@hanafuda/bots';
import { err, ok, type Result } from '@hanafuda/engine';
import type { ClientMessage } from './messages.js';
import { DEFAULT_TURN_SECONDS, MAX_ROOM_ROUNDS, MAX_ROOM_TARGET, MAX_TURN_SECONDS, PAGE_STATES, type PageState, ROOM_CLIENT_MESSAGE_TYPES, type RoomClientMessage, type RoomSeatSetup, type RoomSetup } from './room.js';
import { clientMessageFields, parseDisplayName, parseEnvelope, parseSeatedSetup } from './validate.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Room ids and tokens are short url-safe strings. */
const ID_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;

const isLevel = (v: unknown): v is Level => LEVELS.includes(v as Level);

function parseSeatSetup(raw: unknown, i: number): Result<RoomSeatSetup> {
  if (!isObject(raw)) return err('bad-setup', `seat ${i} must be an object`);
  if (raw.kind === 'open') return ok({ kind: 'open' });
  if (raw.kind !== 'bot') return err('bad-setup', `seat ${i}: "kind" must be "open" or "bot"`);
  if (!isLevel(raw.level)) return err('bad-setup', `seat ${i}: a bot needs a "level": ${LEVELS.join(', ')}`);
  if (raw.name === undefined) return ok({ kind: 'bot', level: raw.level });
  const name = parseDisplayName(raw.name);
  if (!name.ok) return err('bad-setup', `seat ${i}: ${name.error.message}`);
  return ok({ kind: 'bot', level: raw.level, name: name.value });
}

/** Checks a room's shape; the game validates players, teams and options when the room is created. */
export function parseRoomSetup(raw: unknown): Result<RoomSetup> {
  const setup = parseSeatedSetup(raw, 'a room setup', 'bad-setup', parseSeatSetup);
  if (!setup.ok) return setup;
  // A replayed deal needs the game's seed, which an online room keeps secret until the end.
  if ((raw as Json).startAt !== undefined) return err('bad-setup', '"startAt" (replaying a deal) is for games against bots, not online rooms');
  const turnSeconds = (raw as Json).turnSeconds ?? DEFAULT_TURN_SECONDS;
  if (!Number.isInteger(turnSeconds) || (turnSeconds as number) < 0 || (turnSeconds as number) > MAX_TURN_SECONDS) {
    return err('bad-setup', `"turnSeconds" must be a whole number from 0 (no timer) to ${MAX_TURN_SECONDS}`);
  }
  const length = checkGameLength(setup.value.options ?? {});
  if (!length.ok) return length;
  const open = (raw as Json).public ?? false;
  if (typeof open !== 'boolean') return err('bad-setup', '"public" must be true or false');
  return ok({ ...setup.value, turnSeconds: turnSeconds as number, ...(open ? { public: true } : {}) });
}

/** The game-length options of any game, capped; their other checks are the game's own. */
function checkGameLength(options: Json): Result<null> {
  const tooLong = (what: string) => err('game-too-long', `${what}: an online game may last at most ${MAX_ROOM_ROUNDS} rounds, or play to a target of at most ${MAX_ROOM_TARGET}`);
  if (typeof options.rounds === 'number' && options.rounds > MAX_ROOM_ROUNDS) return tooLong(`"rounds": ${options.rounds}`);
  const length = typeof options.length === 'string' ? /^(rounds|target):(\d+)$/.exec(options.length) : null;
  if (length && Number(length[2]) > (length[1] === 'rounds' ? MAX_ROOM_ROUNDS : MAX_ROOM_TARGET)) return tooLong(`"length": "${options.length}"`);
  return ok(null);
}

function idField(raw: Json, field: string): Result<string> {
  const value = raw[field];
  return typeof value === 'string' && ID_PATTERN.test(value) ? ok(value) : err('bad-message', `"${raw.type}" needs "${field}"`);
}

/** An optional key field (a room's invite or watch key). */
function keyField(raw: Json): Result<string | undefined> {
  if (raw.key === undefined) return ok(undefined);
  return typeof raw.key === 'string' && ID_PATTERN.test(raw.key) ? ok(raw.key) : err('bad-message', '"key" must be the key of the room\'s invite or watch link');
}

function parseRoomFields(raw: Json): Result<RoomClientMessage> {
  switch (raw.type as RoomClientMessage['type']) {
    case 'create-room': {
      const setup = parseRoomSetup(raw.setup);
      return setup.ok ? ok({ v: 1, type: 'create-room', setup: setup.value }) : setup;
    }
    case 'join': {
      const room = idField(raw, 'room');
      if (!room.ok) return room;
      const name = parseDisplayName(raw.name);
      if (!name.ok) return name;
      if (raw.seat !== undefined && (!Number.isInteger(raw.seat) || (raw.seat as number) < 0)) return err('bad-message', '"seat" must be a seat number');
      if (raw.bot !== undefined && typeof raw.bot !== 'boolean') return err('bad-message', '"bot" must be true or false');
      const key = keyField(raw);
      if (!key.ok) return key;
      return ok({
        v: 1,
        type: 'join',
        room: room.value,
        name: name.value,
        ...(raw.seat !== undefined ? { seat: raw.seat as number } : {}),
        ...(raw.bot ? { bot: true } : {}),
        ...(key.value === undefined ? {} : { key: key.value }),
      });
    }
    case 'resume': {
      const room = idField(raw, 'room');
      const token = idField(raw, 'token');
      if (!room.ok) return room;
      return token.ok ? ok({ v: 1, type: 'resume', room: room.value, token: token.value }) : token;
    }
    case 'spectate': {
      const room = idField(raw, 'room');
      if (!room.ok) return room;
      const key = keyField(raw);
      if (!key.ok) return key;
      return ok({ v: 1, type: 'spectate', room: room.value, ...(key.value === undefined ? {} : { key: key.value }) });
    }
    case 'start': {
      const room = idField(raw, 'room');
      const hostToken = idField(raw, 'hostToken');
      if (!room.ok) return room;
      if (!hostToken.ok) return hostToken;
      if (raw.level !== undefined && !isLevel(raw.level)) return err('bad-message', `"level" must be one of ${LEVELS.join(', ')}`);
      return ok({ v: 1, type: 'start', room: room.value, hostToken: hostToken.value, ...(raw.level !== undefined ? { level: raw.level as Level } : {}) });
    }
    case 'ping':
      return ok({ v: 1, type: 'ping' });
    case 'heartbeat':
      return ok({ v: 1, type: 'heartbeat' });
    case 'presence':
      if (!PAGE_STATES.includes(raw.state as PageState)) return err('bad-message', `"presence" needs "state": ${PAGE_STATES.join(', ')}`);
      return ok({ v: 1, type: 'presence', state: raw.state as PageState });
    case 'stand-in': {
      const room = idField(raw, 'room');
      if (!room.ok) return room;
      if (!Number.isInteger(raw.seat) || (raw.seat as number) < 0) return err('bad-message', '"stand-in" needs "seat"');
      return ok({ v: 1, type: 'stand-in', room: room.value, seat: raw.seat as number });
    }
    case 'rematch': {
      const room = idField(raw, 'room');
      if (!room.ok) return room;
      if (raw.hostToken === undefined) return ok({ v: 1, type: 'rematch', room: room.value });
      const hostToken = idField(raw, 'hostToken');
      return hostToken.ok ? ok({ v: 1, type: 'rematch', room: room.value, hostToken: hostToken.value }) : hostToken;
    }
    case 'replace-with-bot': {
      const room = idField(raw, 'room');
      const hostToken = idField(raw, 'hostToken');
      if (!room.ok) return room;
      if (!hostToken.ok) return hostToken;
      if (!Number.isInteger(raw.seat) || (raw.seat as number) < 0) return err('bad-message', '"replace-with-bot" needs "seat"');
      if (!isLevel(raw.level)) return err('bad-message', `"level" must be one of ${LEVELS.join(', ')}`);
      return ok({ v: 1, type: 'replace-with-bot', room: room.value, hostToken: hostToken.value, seat: raw.seat as number, level: raw.level });
    }
  }
}

/**
 * Parses one message from a client of the game server: a room message, or a table
 * message (`act`, `sync`, `hint`) for the room's table. Size, JSON, version, type and fields.
 */
export function parseServerBoundMessage(text: string): Result<RoomClientMessage | ClientMessage> {
  const envelope = parseEnvelope(text, 'server');
  if (!envelope.ok) return envelope;
  const raw = envelope.value;
  if (ROOM_CLIENT_MESSAGE_TYPES.includes(raw.type as never)) return parseRoomFields(raw);
  return clientMessageFields(raw);
}
