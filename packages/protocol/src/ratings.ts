/** The ratings' message (schema/ratings.ts): how a member's rating moved in a rated game. */
import type { Static } from '@sinclair/typebox';
import type { Wire } from './schema/refusal.js';
import type {
  BoardEntrySchema,
  BoardPageSchema,
  PlayerRatingsSchema,
  PoolRatingSchema,
  RatedGameSchema,
  RatingServerMessages,
} from './schema/ratings.js';

/** From the game server to a client: the ratings' part. */
export type RatingServerMessage = Wire<Static<(typeof RatingServerMessages)[number]>>;

/** The ratings' HTTP answers. */
export type RatedGame = Static<typeof RatedGameSchema>;
export type PoolRating = Static<typeof PoolRatingSchema>;
export type PlayerRatings = Static<typeof PlayerRatingsSchema>;
export type BoardEntry = Static<typeof BoardEntrySchema>;
export type BoardPage = Static<typeof BoardPageSchema>;
