/**
 * The whole protocol as one JSON Schema document (draft-07, the draft TypeBox writes), published as the package's
 * `protocol.schema.json` (written by `npm run schema -w @hanafuda/protocol`, checked by a test).
 * Schemas used in several places (an action, a card, each game's view) are written once under
 * `$defs` and referred to.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import { LobbyClientMessages, LobbyServerMessages } from './lobby.js';
import { RatingServerMessages } from './ratings.js';
import { RoomClientMessages, RoomServerMessages, RoomSetupSchema, RoomStateSchema } from './room.js';
import { ClientMessages, TableConfigSchema, TableMessages } from './table.js';
import {
  GameViewSchema,
  KoiKoiViewSchema,
  NaraViewSchema,
  OibanaViewSchema,
  SakuraViewSchema,
} from './views.js';
import { Action, CardId, GameRecord } from './values.js';

/** A JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Plain JSON: the schemas without TypeBox's symbols (JSON has none). */
const plain = (schema: TSchema): JsonValue => JSON.parse(JSON.stringify(schema)) as JsonValue;

const NAMED: Readonly<Record<string, JsonValue>> = {
  CardId: plain(CardId()),
  Action: plain(Action()),
  SakuraView: plain(SakuraViewSchema),
  KoiKoiView: plain(KoiKoiViewSchema),
  NaraView: plain(NaraViewSchema),
  OibanaView: plain(OibanaViewSchema),
  GameView: plain(GameViewSchema),
  GameRecord: plain(GameRecord()),
  TableConfig: plain(TableConfigSchema),
  RoomSetup: plain(RoomSetupSchema),
  RoomState: plain(RoomStateSchema),
};
const NAME_OF = new Map(Object.entries(NAMED).map(([name, schema]) => [JSON.stringify(schema), name]));

/** `node` with every part equal to a named schema (other than `self`) replaced by a reference to it. */
function refer(node: JsonValue, self?: string): JsonValue {
  if (Array.isArray(node)) return node.map((n) => refer(n));
  if (node === null || typeof node !== 'object') return node;
  const name = NAME_OF.get(JSON.stringify(node));
  if (name !== undefined && name !== self) return { $ref: `#/$defs/${name}` };
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, refer(value)]));
}

export const protocolSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://hanafuda.invalid/protocol/v1/protocol.schema.json',
  title: 'The hanafuda protocol, version 1',
  description:
    'Every message between a client and a hanafuda table or game server, one JSON object a WebSocket text frame (docs/protocol.md). `ServerBound`: what a client sends; `ClientBound`: what it receives.',
  $defs: {
    ServerBound: refer(
      plain(
        Type.Union([...RoomClientMessages, ...LobbyClientMessages, ...ClientMessages], {
          description:
            'From a client to the game server (or to a table in a Web Worker: `act`, `sync`, `hint`).',
        }),
      ),
    ),
    ClientBound: refer(
      plain(
        Type.Union(
          [...RoomServerMessages, ...LobbyServerMessages, ...RatingServerMessages, ...TableMessages],
          {
            description: 'From the game server (or a table) to one client.',
          },
        ),
      ),
    ),
    ...Object.fromEntries(Object.entries(NAMED).map(([name, schema]) => [name, refer(schema, name)])),
  },
  anyOf: [{ $ref: '#/$defs/ServerBound' }, { $ref: '#/$defs/ClientBound' }],
} as const;
