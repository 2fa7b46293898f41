/** Validation of untrusted input at the table's boundary: every problem is an error message, never an exception. */
import { LEVELS } from '@hanafuda/bots';
import { err, ok, parseAction, type Result } from '@hanafuda/engine';
import { type ClientMessage, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, type SeatConfig, type TableConfig } from './messages.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses one message from a client: size, JSON, version, type and fields. */
export function parseClientMessage(text: string): Result<ClientMessage> {
  if (text.length > MAX_MESSAGE_BYTES) return err('too-large', `a message may be at most ${MAX_MESSAGE_BYTES} bytes`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return err('bad-json', 'a message must be JSON');
  }
  if (!isObject(raw)) return err('bad-message', 'a message must be a JSON object');
  if (raw.v !== PROTOCOL_VERSION) return err('bad-version', `protocol version ${JSON.stringify(raw.v)} is not spoken here (this table speaks ${PROTOCOL_VERSION})`);
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

function parseSeat(raw: unknown, i: number): Result<SeatConfig> {
  if (!isObject(raw)) return err('bad-config', `seat ${i} must be an object`);
  if (raw.kind !== 'human' && raw.kind !== 'bot') return err('bad-config', `seat ${i}: "kind" must be "human" or "bot"`);
  if (typeof raw.name !== 'string' || raw.name.trim() === '' || raw.name.length > 40) return err('bad-config', `seat ${i}: "name" must be 1 to 40 characters`);
  if (raw.kind === 'bot' && !LEVELS.includes(raw.level as never)) return err('bad-config', `seat ${i}: a bot needs a "level": ${LEVELS.join(', ')}`);
  return ok({ kind: raw.kind, name: raw.name.trim(), ...(raw.kind === 'bot' ? { level: raw.level as SeatConfig['level'] } : {}) });
}

/** Checks a table's shape; the game itself validates players, teams and options when the table starts. */
export function parseTableConfig(raw: unknown): Result<TableConfig> {
  if (!isObject(raw)) return err('bad-config', 'a table config must be an object');
  if (typeof raw.game !== 'string') return err('bad-config', '"game" is missing');
  if (!Number.isInteger(raw.players)) return err('bad-config', '"players" must be a whole number');
  if (!Array.isArray(raw.seats) || raw.seats.length !== raw.players) return err('bad-config', `"seats" must list ${raw.players} seats`);
  if (raw.options !== undefined && !isObject(raw.options)) return err('bad-config', '"options" must be an object');
  if (raw.teams !== undefined && !(Array.isArray(raw.teams) && raw.teams.every((t) => Array.isArray(t) && t.every(Number.isInteger)))) {
    return err('bad-config', '"teams" must be a list of seat lists');
  }
  const seats: SeatConfig[] = [];
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
