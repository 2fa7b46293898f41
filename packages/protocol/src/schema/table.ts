/** The table's messages (docs/protocol.md): a table hosts one game, in a Web Worker in the page or on the server. */
import { type TSchema, Type } from '@sinclair/typebox';
import { BOT_LEVELS } from '../levels.js';
import { needs, refuse } from './refusal.js';
import {
  Action,
  Count,
  GameEvent,
  GameRecord,
  HintReason,
  Level,
  Options,
  StartAt,
  Teams,
} from './values.js';
import { GameViewSchema } from './views.js';

const V = Type.Literal(1, { description: 'The protocol version.' });
/** A message: `v`, `type`, then its own fields, and nothing else. */
export const message = <T extends string, P extends Record<string, TSchema>>(
  type: T,
  properties: P,
  description: string,
) =>
  Type.Object(
    { v: V, type: Type.Literal(type), ...properties },
    { additionalProperties: false, description },
  );

const BOT_LEVEL_LIST = BOT_LEVELS.join(', ');

/** A display name: refused in a setup when it is not a string; its form is checked after the schema (names.ts). */
const Name = (code: string, message: string | ((f: { index: number }) => string)) =>
  Type.String(refuse(code, message));

/** Everything needed to start a table: the game, its players and house rules, one entry per seat. */
export const TableConfigSchema = Type.Object(
  {
    game: Type.String(refuse('bad-config', '"game" is missing')),
    players: Type.Integer({
      minimum: 1,
      maximum: 16,
      ...refuse('bad-config', '"players" must be a whole number'),
    }),
    teams: Type.Optional(Teams(refuse('bad-config', '"teams" must be a list of seat lists'))),
    options: Type.Optional(Options(refuse('bad-config', '"options" must be an object'))),
    seats: Type.Array(
      Type.Union(
        [
          Type.Object(
            {
              kind: Type.Literal('human'),
              name: Name('bad-config', ({ index }) => `seat ${index}: "name": a display name is needed`),
            },
            { additionalProperties: false },
          ),
          Type.Object(
            {
              kind: Type.Literal('bot'),
              name: Name('bad-config', ({ index }) => `seat ${index}: "name": a display name is needed`),
              level: Level(
                refuse(
                  'bad-config',
                  ({ index }) => `seat ${index}: a bot needs a "level": ${BOT_LEVEL_LIST}`,
                ),
              ),
            },
            { additionalProperties: false },
          ),
        ],
        refuse('bad-config', ({ index }) => `seat ${index}: "kind" must be "human" or "bot"`),
      ),
      {
        description: 'One per seat, in seat order.',
        ...refuse('bad-config', '"seats" must list one seat per player'),
      },
    ),
    startAt: Type.Optional(
      StartAt(refuse('bad-config', '"startAt" must be { "round": whole number, "dealer": seat }')),
    ),
  },
  {
    additionalProperties: false,
    description: 'A table: the game, its players, teams, house rules and seats.',
    ...refuse('bad-config', 'a table config must be an object'),
  },
);

/** From a player (or spectator) to the table. */
export const ClientMessages = [
  message(
    'act',
    {
      seq: Count({
        description: 'The update the client saw last, so a stale or replayed action is refused.',
        ...needs('bad-message', 'act', 'seq', 'a whole number from 0: the last update seen'),
      }),
      action: Action(),
    },
    'One decision.',
  ),
  message('sync', {}, 'Ask for the whole view again (after a reconnect, or when in doubt).'),
  message('hint', {}, "Ask the table's best bot what it would do in this seat."),
] as const;

/** From the table to one player or spectator. */
export const TableMessages = [
  message(
    'welcome',
    {
      seat: Type.Union([Count(), Type.Null()], { description: "The viewer's seat; null for a spectator." }),
      config: TableConfigSchema,
      history: Type.Array(GameEvent(), {
        description: 'Every event so far as this viewer may see it, before those of the update that follows.',
      }),
    },
    'On every (re)connection to a table.',
  ),
  message(
    'update',
    { seq: Count(), events: Type.Array(GameEvent()), view: GameViewSchema },
    "What happened since the last update, as this seat may see it, and the seat's view now.",
  ),
  message(
    'hint',
    { seq: Count(), action: Action(), reason: Type.Optional(HintReason()) },
    "The hint bot's move for the seat whose turn it is, and why.",
  ),
  message('record', { record: GameRecord() }, 'The whole game, once it is over: secrets included.'),
  message(
    'error',
    { code: Type.String(), message: Type.String() },
    'A refusal: `code` for programs, `message` for people.',
  ),
] as const;
