/**
 * The ratings' message (docs/protocol.md, *Ratings*): after a rated game, each seated member
 * is told how their rating in the game's pool moved, once it is applied, for the game-over
 * dialog. Ratings as shown (1000 + 40·(μ − 3σ), rounded).
 */
import { Type } from '@sinclair/typebox';
import { POOL_IDS } from './lobby.js';
import { message } from './table.js';
import { Count } from './values.js';

const Shown = (description: string) => Type.Integer({ description });

/** From the game server to a client: the ratings' part. */
export const RatingServerMessages = [
  message(
    'rating',
    {
      game: Type.String({
        description: "The rated game's id (a room's, or `<room>_<n>` for its n-th game).",
      }),
      format: Type.Union(
        POOL_IDS.map((id) => Type.Literal(id)),
        { description: 'The pool the game was rated in: one rating per pool.' },
      ),
      before: Shown('The shown rating before the game.'),
      after: Shown('The shown rating after it.'),
      provisional: Type.Boolean({
        description: 'The rating after the game is still provisional (σ above 6.5).',
      }),
      games: Count({ description: 'Rated games in this pool, this one included.' }),
      place: Count({ description: "This member's team's place as rated, 1 = first (a leaver's team last)." }),
      forfeited: Type.Boolean({
        description: 'This member left, or was away past the limit: rated as lost.',
      }),
    },
    "To each seated member of a rated game, once its result is applied to the ratings: how this member's rating moved.",
  ),
] as const;

/** The ratings' HTTP answers (docs/protocol.md, *Ratings*): a member's ratings, and a page of a leaderboard. */
const Format = Type.Union(
  POOL_IDS.map((id) => Type.Literal(id)),
  { description: 'A pool: one rating per pool.' },
);
const Time = (description: string) => Type.Integer({ minimum: 0, description });

/** One rated game of a member's, as shown ratings: a chart's point. */
export const RatedGameSchema = Type.Object(
  {
    game: Type.String({ description: "The rated game's id." }),
    at: Time('When it ended (ms since 1970).'),
    before: Shown('The shown rating before it.'),
    after: Shown('The shown rating after it.'),
    place: Count({ description: "The member's team's place as rated, 1 = first." }),
    forfeited: Type.Boolean({ description: 'The member left, or was away past the limit.' }),
  },
  { additionalProperties: false },
);

/** A member's rating in one pool, with its last rated games (oldest first). */
export const PoolRatingSchema = Type.Object(
  {
    format: Format,
    rating: Shown('The shown rating (1000 + 40·(μ − 3σ), rounded).'),
    provisional: Type.Boolean({
      description: 'σ above 6.5: the rating is still provisional (off the leaderboards).',
    }),
    games: Count({ description: 'Rated games in this pool.' }),
    lastPlayed: Time('When the last of them ended.'),
    mu: Type.Number({ description: "The skill's mean (OpenSkill μ)." }),
    sigma: Type.Number({ description: "The skill's uncertainty (OpenSkill σ)." }),
    history: Type.Array(RatedGameSchema, {
      description: 'The last rated games asked for (`history=N`), oldest first.',
    }),
  },
  { additionalProperties: false },
);

/** `GET /api/ratings/ACCOUNT`. */
export const PlayerRatingsSchema = Type.Object(
  {
    account: Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: false }),
    ratings: Type.Array(PoolRatingSchema, {
      description: 'Each pool the member played rated, most played first.',
    }),
  },
  { additionalProperties: false },
);

/** One member on a leaderboard. */
export const BoardEntrySchema = Type.Object(
  {
    place: Count({ description: '1 for the top of the board.' }),
    account: Type.String(),
    name: Type.String(),
    rating: Shown('The shown rating.'),
    games: Count({ description: 'Rated games in this pool.' }),
    lastPlayed: Time('When the last of them ended.'),
  },
  { additionalProperties: false },
);

/** `GET /api/leaderboard/FORMAT`: a page, highest first. */
export const BoardPageSchema = Type.Object(
  {
    format: Format,
    activeDays: Count({ description: 'Members with a rated game in this many days are on it.' }),
    players: Type.Array(BoardEntrySchema),
    next: Type.Union([Type.String(), Type.Null()], {
      description: "The next page's `after`, or null at the end.",
    }),
  },
  { additionalProperties: false },
);
