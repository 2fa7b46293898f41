/** Validation of untrusted input at the table's boundary: every problem is an error message, never an exception. */
import type { TObject } from '@sinclair/typebox';
import { err, ok, type Result } from '@hanafuda/engine';
import { checker } from './check.js';
import { type ClientMessage, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, type TableConfig } from './messages.js';
import { normaliseName } from './names.js';
import { ClientMessages, TableConfigSchema } from './schema/table.js';

/** A parsed JSON object, before its fields are checked. */
export type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const utf8 = new TextEncoder();
/** Longer than the protocol allows, in UTF-8 bytes (a character is 1 to 3 bytes for each of its UTF-16 units). */
const tooLarge = (text: string): boolean =>
  text.length > MAX_MESSAGE_BYTES ||
  (text.length * 3 > MAX_MESSAGE_BYTES && utf8.encode(text).length > MAX_MESSAGE_BYTES);

/** The envelope every message from a client shares: size, JSON, an object, the version. `speaker` names who refuses another version. */
export function parseEnvelope(text: string, speaker: string): Result<Json> {
  if (tooLarge(text)) return err('too-large', `a message may be at most ${MAX_MESSAGE_BYTES} bytes`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return err('bad-json', 'a message must be JSON');
  }
  if (!isObject(raw)) return err('bad-message', 'a message must be a JSON object');
  if (raw.v !== PROTOCOL_VERSION)
    return err(
      'bad-version',
      `protocol version ${JSON.stringify(raw.v)} is not spoken here (this ${speaker} speaks ${PROTOCOL_VERSION})`,
    );
  return ok(raw);
}

/** Each message type's check, by `type`. */
export function checksByType<M>(
  schemas: readonly TObject[],
): ReadonlyMap<string, (raw: unknown) => Result<M>> {
  return new Map(
    schemas.map((schema) => [
      schema.properties.type.const as string,
      checker(schema, 'bad-message') as (raw: unknown) => Result<M>,
    ]),
  );
}

const TABLE_CHECKS = checksByType<ClientMessage>(ClientMessages);

/** Parses one message from a client: size, JSON, version, type and fields. */
export function parseClientMessage(text: string): Result<ClientMessage> {
  const raw = parseEnvelope(text, 'table');
  return raw.ok ? clientMessageFields(raw.value) : raw;
}

/** The type and fields of a table message whose envelope is checked. */
export function clientMessageFields(raw: Json): Result<ClientMessage> {
  const check = TABLE_CHECKS.get(raw.type as string);
  return check ? check(raw) : err('unknown-type', `unknown message type ${JSON.stringify(raw.type)}`);
}

/** A display name (see names.ts): normalised, or refused with the reason. */
export const parseDisplayName = normaliseName;

/** The checks a table config and a room setup share beyond their schema: one seat per player, and each seat's display name. */
export function checkSeats<Seat extends object>(
  setup: { readonly players: number; readonly seats: readonly Seat[] },
  code: string,
  nameError: (seat: number, message: string) => string,
): Result<Seat[]> {
  if (setup.seats.length !== setup.players) return err(code, `"seats" must list ${setup.players} seats`);
  const seats: Seat[] = [];
  for (const [i, seat] of setup.seats.entries()) {
    if (!('name' in seat)) {
      seats.push(seat);
      continue;
    }
    const name = parseDisplayName(seat.name);
    if (!name.ok) return err(code, nameError(i, name.error.message));
    seats.push({ ...seat, name: name.value });
  }
  return ok(seats);
}

const checkTableConfig = checker(TableConfigSchema, 'bad-config');

/** Checks a table's shape; the game itself validates players, teams and options when the table starts. */
export function parseTableConfig(raw: unknown): Result<TableConfig> {
  const config = checkTableConfig(raw);
  if (!config.ok) return config;
  const seats = checkSeats(config.value, 'bad-config', (i, message) => `seat ${i}: "name": ${message}`);
  return seats.ok ? ok({ ...config.value, seats: seats.value }) : seats;
}
