/**
 * The lobby's messages (docs/protocol.md): watch the public lobby, seek a game in a pool or a
 * custom one, take a place in someone's custom seek, block an account, report a game; and the
 * server's answers, among them `paired`, which sends a player to the room the pairing made.
 * Every one needs the connection's identity (a guest or an account).
 */
import { Type } from '@sinclair/typebox';
import { needs, refuse } from './refusal.js';
import { RoomSetupSchema } from './room.js';
import { message } from './table.js';
import { Count, Options, Teams } from './values.js';

/** The public pools, each a fixed game with a 60 s turn clock (packages/server/src/lobby/pools.ts builds them). */
export const POOL_IDS = [
  'koikoi-6',
  'koikoi-12',
  'sakura-2',
  'sakura-3',
  'sakura-2x2',
  'nara-4',
  'oibana',
] as const;
/** The longest a seek may wait before bots take the seats still empty (seconds). */
export const MAX_BOTS_AFTER = 600;
/** A report's reason, in characters. */
export const MAX_REPORT_CHARS = 500;

const POOL_LIST = POOL_IDS.join(', ');
const PoolId = (options: object = {}) =>
  Type.Union(
    POOL_IDS.map((id) => Type.Literal(id)),
    { description: 'A public pool.', ...options },
  );
/** A seek's or an account's id: a short url-safe string. */
const Id = (description: string, type: string, field: string) =>
  Type.String({
    pattern: '^[A-Za-z0-9_-]{1,64}$',
    description,
    ...needs('bad-message', type, field, 'an id of 1 to 64 url-safe characters (A-Z, a-z, 0-9, - and _)'),
  });

/** From a client to the game server: the lobby's part. */
export const LobbyClientMessages = [
  message(
    'lobby',
    {},
    'Watch the lobby: answered with `lobby`, then sent `lobby` again on each change (at most every 500 ms) until `leave-lobby`.',
  ),
  message('leave-lobby', {}, 'Stop watching the lobby.'),
  message(
    'seek',
    {
      pool: Type.Optional(PoolId(refuse('unknown-pool', `"pool" must be one of ${POOL_LIST}`))),
      setup: Type.Optional(RoomSetupSchema),
      rated: Type.Optional(
        Type.Boolean({
          description:
            "A rated game (a member's, never a guest's): paired only with others seeking it rated, no bots. A custom seek says it in its `setup.rated`.",
          ...refuse('bad-message', '"rated" must be true or false'),
        }),
      ),
      botsAfter: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: MAX_BOTS_AFTER,
          description:
            'Bots (level normal) take the seats still empty once the oldest seek of the group has waited this many seconds; absent: never.',
          ...refuse(
            'bad-message',
            `"botsAfter" must be a whole number of seconds from 0 to ${MAX_BOTS_AFTER}`,
          ),
        }),
      ),
    },
    'Seek a game: in a public `pool`, or a custom `setup` (every seat open) that others may accept. One seek a person; answered with `seeking`.',
  ),
  message(
    'accept-seek',
    { seek: Id("A custom seek's id, from `lobby`.", 'accept-seek', 'seek') },
    "Take a place in someone's custom seek; answered with `seeking`.",
  ),
  message('cancel-seek', {}, "Withdraw one's open seek; answered with `seek-ended` (`cancelled`)."),
  message(
    'block',
    { account: Id('The account never to be paired with.', 'block', 'account') },
    'Never be paired with that account again; answered with `blocked`.',
  ),
  message(
    'unblock',
    { account: Id('An account blocked before.', 'unblock', 'account') },
    'Undo a block; answered with `blocked`.',
  ),
  message(
    'report',
    {
      room: Type.String({
        pattern: '^[A-Za-z0-9_-]{4,64}$',
        description: "The reported game's room.",
        ...needs('bad-message', 'report', 'room', "a room's id (4 to 64 url-safe characters)"),
      }),
      reason: Type.String({
        minLength: 1,
        maxLength: MAX_REPORT_CHARS,
        description: 'What happened, for the operators.',
        ...refuse('bad-message', `"reason" must say what happened in 1 to ${MAX_REPORT_CHARS} characters`),
      }),
    },
    'Report a game to the operators; answered with `reported`.',
  ),
] as const;

/** What a pool and a custom seek share: the game as a room would have it. */
const game = {
  game: Type.String(),
  players: Type.Integer(),
  teams: Type.Optional(Teams()),
  options: Type.Optional(Options()),
  turnSeconds: Type.Integer(),
};

export const LobbyPoolSchema = Type.Object(
  {
    id: PoolId(),
    ...game,
    waiting: Count({ description: 'People seeking in this pool now, rated and casual.' }),
    waitingRated: Count({
      description: 'Of those, the people seeking it rated (each kind is paired only with its own).',
    }),
  },
  { additionalProperties: false },
);

export const LobbySeekSchema = Type.Object(
  {
    id: Type.String(),
    by: Type.String({ description: "The seeker's display name." }),
    ...game,
    places: Count({ description: 'People in the seek so far (its seeker and those who accepted it).' }),
    since: Type.Integer({ description: 'When it was opened (ms since the epoch).' }),
    botsAfter: Type.Optional(Count()),
    rated: Type.Optional(Type.Literal(true, { description: 'A rated seek: only members may accept it.' })),
  },
  {
    additionalProperties: false,
    description: "An open custom seek, which anyone may accept (`accept-seek`) until it's full.",
  },
);

export const SEEK_END_REASONS = ['cancelled', 'expired', 'blocked'] as const;

/** From the game server to a client: the lobby's part. */
export const LobbyServerMessages = [
  message(
    'lobby',
    {
      pools: Type.Array(LobbyPoolSchema),
      seeks: Type.Array(LobbySeekSchema),
      players: Count({ description: 'People seeking now (pools and custom seeks).' }),
    },
    'To a lobby watcher: the pools, the open custom seeks and how many seek; again on each change, at most every 500 ms.',
  ),
  message(
    'seeking',
    {
      seek: Type.String(),
      pool: Type.Optional(PoolId()),
      since: Type.Integer({ description: 'When the seek was opened (ms since the epoch).' }),
      botsAfter: Type.Optional(Count()),
      rated: Type.Optional(Type.Literal(true, { description: 'The seek is rated.' })),
    },
    'The seek is open (or the accepted custom seek holds a place for this person) until `paired` or `seek-ended`.',
  ),
  message(
    'paired',
    {
      seek: Type.String(),
      room: Type.String(),
      key: Type.String({ description: "The room's invite key." }),
      seat: Count({
        description: 'The seat reserved for this player: join it with `join { room, key, seat, name }`.',
      }),
    },
    'A group was formed: its room is made and a seat in it reserved for this person.',
  ),
  message(
    'seek-ended',
    {
      seek: Type.String(),
      reason: Type.Union(
        SEEK_END_REASONS.map((r) => Type.Literal(r)),
        {
          description:
            'cancelled: by its seeker; expired: its process stopped or its group can no longer form; blocked: its seeker blocked this person.',
        },
      ),
    },
    'The seek is over without a game.',
  ),
  message(
    'blocked',
    { accounts: Type.Array(Type.String()) },
    'The accounts this person has blocked, after `block` or `unblock`.',
  ),
  message('reported', { room: Type.String() }, 'The report was stored.'),
] as const;
