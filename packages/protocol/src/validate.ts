/** Validation of untrusted input at the table's boundary: every problem is an error message, never an exception. */
import { LEVELS } from '@hanafuda/bots';
import { err, ok, parseAction, type Result } from '@hanafuda/engine';
import { type ClientMessage, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, type SeatConfig, type TableConfig } from './messages.js';
import { normaliseName } from './names.js';

/** A parsed JSON object, before its fields are checked. */
export type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The envelope every message from a client shares: size, JSON, an object, the version. `speaker` names who refuses another version. */
export function parseEnvelope(text: string, speaker: string): Result<Json> {
  if (text.length > MAX_MESSAGE_BYTES) return err('too-large', `a message may be at most ${MAX_MESSAGE_BYTES} bytes`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return err('bad-json', 'a message must be JSON');
  }
  if (!isObject(raw)) return err('bad-message', 'a message must be a JSON object');
  if (raw.v !== PROTOCOL_VERSION) return err('bad-version', `protocol version ${JSON.stringify(raw.v)} is not spoken here (this ${speaker} speaks ${PROTOCOL_VERSION})`);
  return ok(raw);
}

/** Parses one message from a client: size, JSON, version, type and fields. */
export function parseClientMessage(text: string): Result<ClientMessage> {
  const raw = parseEnvelope(text, 'table');
  return raw.ok ? clientMessageFields(raw.value) : raw;
}

/** The type and fields of a table message whose envelope is checked. */
export function clientMessageFields(raw: Json): Result<ClientMessage> {
  switch (raw.type) {
    case 'act': {
      if (!Number.isInteger(raw.seq) || (raw.seq as number) < 0) return err('bad-message', '"act" needs "seq", the last update seen');
      const action = parseAction(raw.action);
      if (!action.ok) return action;
      return ok({ v: 1, type: 'act', seq: raw.seq as number, action: action.value });
    }
    case 'sync':
    case 'hint':
      return ok({ v: 1, type: raw.type });
    default:
      return err('unknown-type', `unknown message type ${JSON.stringify(raw.type)}`);
  }
}

/** A display name (see names.ts): normalised, or refused with the reason. */
export const parseDisplayName = normaliseName;

/** The shape a table config and a room setup share: a game, its players, teams, options and one entry per seat. */
export interface SeatedSetup<Seat> {
  game: string;
  players: number;
  teams?: number[][];
  options?: Json;
  seats: Seat[];
}

/** Checks that shape, each seat with `parseSeat`; errors carry `code`. */
export function parseSeatedSetup<Seat>(raw: unknown, what: string, code: string, parseSeat: (raw: unknown, i: number) => Result<Seat>): Result<SeatedSetup<Seat>> {
  if (!isObject(raw)) return err(code, `${what} must be an object`);
  if (typeof raw.game !== 'string') return err(code, '"game" is missing');
  if (!Number.isInteger(raw.players) || (raw.players as number) < 1 || (raw.players as number) > 16) return err(code, '"players" must be a whole number');
  if (!Array.isArray(raw.seats) || raw.seats.length !== raw.players) return err(code, `"seats" must list ${raw.players} seats`);
  if (raw.options !== undefined && !isObject(raw.options)) return err(code, '"options" must be an object');
  if (raw.teams !== undefined && !(Array.isArray(raw.teams) && raw.teams.every((t) => Array.isArray(t) && t.every(Number.isInteger)))) {
    return err(code, '"teams" must be a list of seat lists');
  }
  const seats: Seat[] = [];
  for (let i = 0; i < raw.seats.length; i++) {
    const seat = parseSeat(raw.seats[i], i);
    if (!seat.ok) return seat;
    seats.push(seat.value);
  }
  return ok({
    game: raw.game,
    players: raw.players as number,
    ...(raw.teams ? { teams: raw.teams as number[][] } : {}),
    ...(raw.options ? { options: raw.options as Json } : {}),
    seats,
  });
}

function parseSeat(raw: unknown, i: number): Result<SeatConfig> {
  if (!isObject(raw)) return err('bad-config', `seat ${i} must be an object`);
  if (raw.kind !== 'human' && raw.kind !== 'bot') return err('bad-config', `seat ${i}: "kind" must be "human" or "bot"`);
  const name = parseDisplayName(raw.name);
  if (!name.ok) return err('bad-config', `seat ${i}: "name": ${name.error.message}`);
  if (raw.kind === 'bot' && !LEVELS.includes(raw.level as never)) return err('bad-config', `seat ${i}: a bot needs a "level": ${LEVELS.join(', ')}`);
  return ok({ kind: raw.kind, name: name.value, ...(raw.kind === 'bot' ? { level: raw.level as SeatConfig['level'] } : {}) });
}

/** Checks a table's shape; the game itself validates players, teams and options when the table starts. */
export function parseTableConfig(raw: unknown): Result<TableConfig> {
  const setup = parseSeatedSetup(raw, 'a table config', 'bad-config', parseSeat);
  if (!setup.ok) return setup;
  const startAt = (raw as Json).startAt;
  if (startAt === undefined) return setup;
  if (!(isObject(startAt) && Number.isInteger(startAt.round) && Number.isInteger(startAt.dealer))) {
    return err('bad-config', '"startAt" must be { "round": whole number, "dealer": seat }');
  }
  return ok({ ...setup.value, startAt: { round: startAt.round as number, dealer: startAt.dealer as number } });
}
