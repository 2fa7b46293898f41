/**
 * The room's messages (docs/protocol.md): what a player says to the game server before and
 * around a table (create a room, join a seat, resume it, watch, fill seats with bots), and what
 * the server says back. They share the WebSocket with the table's messages.
 */
import { Type } from '@sinclair/typebox';
import { BOT_LEVELS } from '../levels.js';
import { needs, refuse } from './refusal.js';
import { message } from './table.js';
import { Count, Level, Options, Teams } from './values.js';

export const MAX_TURN_SECONDS = 3600;
export const PAGE_STATES = ['active', 'hidden', 'frozen', 'gone'] as const;

const LEVEL_LIST = BOT_LEVELS.join(', ');
const URL_SAFE = '4 to 64 url-safe characters (A-Z, a-z, 0-9, - and _)';
/** The form of a room's id: 10 url-safe characters (60 random bits), as `roomIdFrom` makes them. */
export const ROOM_ID_SOURCE = '^[A-Za-z0-9_-]{10}$';

/** Room ids, keys and tokens: short url-safe strings. */
const Id = (type: string, field: string, description: string) =>
  Type.String({
    pattern: '^[A-Za-z0-9_-]{4,64}$',
    description,
    ...needs('bad-message', type, field, URL_SAFE),
  });
const Room = (type: string) => Id(type, 'room', "The room's id (from its invite link).");
const HostToken = (type: string) => Id(type, 'hostToken', "The host's secret, from `room-created`.");
/** A private room's invite or watch key, from its link (`key=` or `watch=`); not needed in a public room. */
const Key = Type.Optional(
  Type.String({
    pattern: '^[A-Za-z0-9_-]{4,64}$',
    description: "The room's invite key (join or watch) or watch key (watch only), from its link.",
    ...refuse('bad-message', '"key" must be the key of the room\'s invite or watch link'),
  }),
);
const SeatNumber = (type: string) =>
  Count(needs('bad-message', type, 'seat', 'a seat number (a whole number from 0)'));

/** A seat as the host sets it up: open for a person, or a bot from the start. */
export const RoomSeatSetupSchema = Type.Union(
  [
    Type.Object({ kind: Type.Literal('open') }, { additionalProperties: false }),
    Type.Object(
      {
        kind: Type.Literal('bot'),
        level: Level(
          refuse('bad-setup', ({ index }) => `seat ${index}: a bot needs a "level": ${LEVEL_LIST}`),
        ),
        name: Type.Optional(
          Type.String(refuse('bad-setup', ({ index }) => `seat ${index}: a display name is needed`)),
        ),
      },
      { additionalProperties: false },
    ),
  ],
  refuse('bad-setup', ({ index }) => `seat ${index}: "kind" must be "open" or "bot"`),
);

/** What a host chooses when creating a room: the game, its seats, teams and house rules. */
export const RoomSetupSchema = Type.Object(
  {
    game: Type.String(refuse('bad-setup', '"game" is missing')),
    players: Type.Integer({
      minimum: 1,
      maximum: 16,
      ...refuse('bad-setup', '"players" must be a whole number'),
    }),
    teams: Type.Optional(Teams(refuse('bad-setup', '"teams" must be a list of seat lists'))),
    options: Type.Optional(Options(refuse('bad-setup', '"options" must be an object'))),
    seats: Type.Array(RoomSeatSetupSchema, {
      description: 'One per seat, in seat order.',
      ...refuse('bad-setup', '"seats" must list one seat per player'),
    }),
    startAt: Type.Optional(
      Type.Never({
        description: "A replayed deal needs the game's seed, which a room keeps secret until the end.",
        ...refuse('bad-setup', '"startAt" (replaying a deal) is for games against bots, not online rooms'),
      }),
    ),
    turnSeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_TURN_SECONDS,
        description:
          "A person's turn that lasts longer than this is played by a bot (seconds; 0: no timer; default 60).",
        ...refuse(
          'bad-setup',
          `"turnSeconds" must be a whole number from 0 (no timer) to ${MAX_TURN_SECONDS}`,
        ),
      }),
    ),
    rated: Type.Optional(
      Type.Boolean({
        description:
          "The game counts for the players' ratings (docs/protocol.md, Fair play): one of the lobby's pool games, people with accounts in every seat (no bot, no guest), and no hint until it ends.",
        ...refuse('bad-setup', '"rated" must be true or false'),
      }),
    ),
    public: Type.Optional(
      Type.Boolean({
        description:
          "Anyone who knows the room's id may join or watch it. By default a room is private: joining takes its invite key, watching the invite key or its watch key.",
        ...refuse('bad-setup', '"public" must be true or false'),
      }),
    ),
  },
  {
    additionalProperties: false,
    description: "A room's game, seats, teams, house rules and turn timer.",
    ...refuse('bad-setup', 'a room setup must be an object'),
  },
);

/** From a client to the game server, besides the table's `act`, `sync` and `hint`. */
export const RoomClientMessages = [
  message(
    'create-room',
    {
      setup: RoomSetupSchema,
      room: Type.Optional(
        Type.String({
          pattern: ROOM_ID_SOURCE,
          description:
            "The new room's id, drawn by the client (`roomIdFrom`): the client can open its socket at the room's address (`/ws?room=ID`) before the room exists, so a load balancer that routes by room sends the host, and later every player, to one process.",
          ...refuse(
            'bad-message',
            '"room", if given, must be 10 url-safe characters (A-Z, a-z, 0-9, - and _)',
          ),
        }),
      ),
    },
    'Create a room; answered with `room-created` (or `room-taken` if its id is in use).',
  ),
  message(
    'join',
    {
      room: Room('join'),
      name: Type.String({
        description: 'A display name (at most 40 characters).',
        ...refuse('bad-name', 'a display name is needed'),
      }),
      seat: Type.Optional(
        Count({
          description: 'The seat to take; the first open one if absent.',
          ...refuse('bad-message', '"seat" must be a seat number'),
        }),
      ),
      bot: Type.Optional(
        Type.Boolean({
          description: 'The joiner is a program: everyone sees the seat as a bot (docs/bots.md).',
          ...refuse('bad-message', '"bot" must be true or false'),
        }),
      ),
      key: Key,
    },
    'Take a seat under a display name (after a game, one of its `freeSeats` for the next game); answered with `joined`.',
  ),
  message(
    'resume',
    { room: Room('resume'), token: Id('resume', 'token', "The seat's secret, from `joined`.") },
    "Come back into one's seat (after a reload or a dropped connection).",
  ),
  message(
    'spectate',
    { room: Room('spectate'), key: Key },
    'Watch: the public view only (a private room: with its invite or watch key).',
  ),
  message(
    'start',
    {
      room: Room('start'),
      hostToken: HostToken('start'),
      level: Type.Optional(Level(refuse('bad-message', `"level" must be one of ${LEVEL_LIST}`))),
    },
    'The host starts the game now: every open seat goes to a bot of `level` (default normal).',
  ),
  message(
    'replace-with-bot',
    {
      room: Room('replace-with-bot'),
      hostToken: HostToken('replace-with-bot'),
      seat: SeatNumber('replace-with-bot'),
      level: Level(refuse('bad-message', `"level" must be one of ${LEVEL_LIST}`)),
    },
    'The host gives an open seat, or a seat whose player is gone, to a bot.',
  ),
  message('ping', {}, 'Is the line alive? Answered with `pong`.'),
  message('heartbeat', {}, "The answer to the server's `heartbeat`: this page's script runs."),
  message(
    'presence',
    {
      state: Type.Union(
        PAGE_STATES.map((s) => Type.Literal(s)),
        {
          description: "What the page's lifecycle just did; frozen or gone: the seat is away at once.",
          ...needs('bad-message', 'presence', 'state', `one of ${PAGE_STATES.join(', ')}`),
        },
      ),
    },
    'The page went to the front, the background, froze, or is being unloaded.',
  ),
  message(
    'stand-in',
    { room: Room('stand-in'), seat: SeatNumber('stand-in') },
    "Ask that an away player's seat be played by a bot until they come back.",
  ),
  message(
    'rematch',
    {
      room: Room('rematch'),
      hostToken: Type.Optional(HostToken('rematch')),
      now: Type.Optional(
        Type.Boolean({
          description:
            'Start it now, the seats of those who have not asked given to bots: any player once everyone still in the room has asked, the host (with `hostToken`) at any time.',
          ...refuse('bad-message', '"now" must be true or false'),
        }),
      ),
    },
    'After the game, ask for (or confirm) another game in this room; it starts once every player has, or `now`.',
  ),
] as const;

const Seat = Type.Object(
  {
    seat: Count(),
    kind: Type.Union([Type.Literal('open'), Type.Literal('human'), Type.Literal('bot')], {
      description: 'open: nobody yet; human: a person took it; bot: a bot plays it.',
    }),
    name: Type.Union([Type.String(), Type.Null()]),
    level: Type.Optional(Level()),
    connected: Type.Boolean({ description: 'A person with at least one live connection in this seat.' }),
    standIn: Type.Optional(
      Type.Boolean({
        description: 'The person is away and a bot plays their turns until they resume the seat.',
      }),
    ),
    bot: Type.Optional(
      Type.Literal(true, {
        description: 'A program plays this seat like a person (it joined with `bot: true`).',
      }),
    ),
    account: Type.Optional(
      Type.String({
        description:
          "The account of the person who took the seat with an identity: what the lobby's `block` names.",
      }),
    ),
  },
  { additionalProperties: false },
);

/** Provable fairness: each round's seed committed to (sha256, hex) when it starts, revealed when it ends. */
export const FairnessSchema = Type.Object(
  {
    gameSeedHash: Type.String(),
    gameSeed: Type.Optional(Type.String()),
    rounds: Type.Array(
      Type.Object(
        { round: Type.Integer(), hash: Type.String(), seed: Type.Optional(Type.String()) },
        { additionalProperties: false },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: 'Seed commitments and reveals (`hanafuda verify` checks them).',
  },
);

/** What everyone in a room may know about it (never a token). */
export const RoomStateSchema = Type.Object(
  {
    id: Type.String(),
    game: Type.String(),
    players: Type.Integer(),
    teams: Type.Optional(Teams()),
    options: Type.Optional(Options()),
    turnSeconds: Type.Integer(),
    status: Type.Union([Type.Literal('open'), Type.Literal('playing'), Type.Literal('over')]),
    seats: Type.Array(Seat),
    spectators: Type.Integer(),
    fairness: Type.Optional(FairnessSchema),
    public: Type.Optional(
      Type.Literal(true, { description: "Anyone with the room's id may join or watch (no key needed)." }),
    ),
    rated: Type.Optional(
      Type.Literal(true, {
        description:
          "The game counts for the players' ratings: no hints until it ends, no bots in its seats.",
      }),
    ),
    gameNumber: Type.Optional(
      Type.Integer({ description: 'Which game of this room: 1, then one more at each rematch.' }),
    ),
    gameId: Type.Optional(
      Type.String({ description: "The id of this game's record once it is over (`/api/games/ID`)." }),
    ),
    rematch: Type.Optional(
      Type.Array(Type.Integer(), {
        description: 'After a game: the seats whose players asked for a rematch.',
      }),
    ),
    freeSeats: Type.Optional(
      Type.Array(Type.Integer(), {
        description:
          "After a game: the seats of the next game someone watching may take with `join` (a bot's, or a person's who is gone and has not asked for a rematch).",
      }),
    ),
  },
  { additionalProperties: false },
);

/** A private room's keys: `invite` lets one join or watch, `watch` only watch. */
export const RoomKeysSchema = Type.Object(
  { invite: Type.String(), watch: Type.String() },
  { additionalProperties: false },
);

/** From the game server to a client, besides the table's messages. */
export const RoomServerMessages = [
  message(
    'room-created',
    {
      room: Type.String(),
      invite: Type.String({ description: 'The invite path: `/?room=ID&key=INVITE` (join or watch).' }),
      watch: Type.String({
        description:
          'The watch path: `/?room=ID&watch=WATCH` (watch only), for the host to share with onlookers.',
      }),
      keys: RoomKeysSchema,
      hostToken: Type.String(),
    },
    "To the creator only: the host's secret, and the room's keys with the links that carry them.",
  ),
  message(
    'joined',
    { room: Type.String(), seat: Count(), token: Type.String(), keys: RoomKeysSchema },
    "To the joiner only: the seat's secret token, which alone authorises acting in it, and the room's keys (to invite others).",
  ),
  message('room', { room: RoomStateSchema }, 'To everyone in the room, whenever it changes.'),
  message('pong', {}, 'The answer to `ping`.'),
  message('heartbeat', {}, "Is this page's script running? Answered with `heartbeat`."),
  message(
    'clock',
    {
      room: Type.String(),
      seat: Type.Union([Count(), Type.Null()], {
        description: 'Whose turn the clock runs for; null: no clock runs.',
      }),
      msLeft: Type.Integer({
        description:
          'Milliseconds (from when the server sent this) before the server plays the turn for the seat.',
      }),
      turnSeconds: Type.Integer(),
    },
    "The turn clock, whenever a turn's deadline is set or the clock stops.",
  ),
] as const;
