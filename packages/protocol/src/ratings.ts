/** The ratings' message (schema/ratings.ts): how a member's rating moved in a rated game. */
import type { Static } from '@sinclair/typebox';
import type { Wire } from './schema/refusal.js';
import type { RatingServerMessages } from './schema/ratings.js';

/** From the game server to a client: the ratings' part. */
export type RatingServerMessage = Wire<Static<(typeof RatingServerMessages)[number]>>;
