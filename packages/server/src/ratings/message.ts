/**
 * The `rating` message (protocol: schema/ratings.ts): after a rated game, once its result is
 * applied, each seated member is told how their rating moved, for the game-over dialog. The
 * server wires it where a rated game ends: `rateAndTell(ratings, result, (account, m) =>
 * room.tellAccount(account, m))`.
 */
import { POOL_IDS, type PoolId, PROTOCOL_VERSION, type RatingServerMessage } from '@hanafuda/protocol';
import type { Applied, RatingChange, Ratings } from './ratings.js';
import type { RatedResult } from './result.js';
import { isProvisional, rounded } from './shown.js';

const isPool = (format: string): format is PoolId => (POOL_IDS as readonly string[]).includes(format);

/** The message of one member's change; null for a format that is no lobby pool (the protocol names only those). */
export function ratingMessage(change: RatingChange): RatingServerMessage | null {
  if (!isPool(change.format)) return null;
  return {
    v: PROTOCOL_VERSION,
    type: 'rating',
    game: change.game,
    format: change.format,
    before: rounded(change.before),
    after: rounded(change.after),
    provisional: isProvisional(change.after),
    games: change.games,
    place: change.place,
    forfeited: change.forfeited,
  };
}

/**
 * Applies a rated game's result and, the first time only (a repeated call changes nothing and
 * tells nobody again), tells each seated member their change through `tell`.
 */
export async function rateAndTell(
  ratings: Ratings,
  result: RatedResult,
  tell: (account: string, message: RatingServerMessage) => void,
): Promise<Applied> {
  const applied = await ratings.applyRatedResult(result);
  if (applied.fresh)
    for (const change of applied.changes) {
      const message = ratingMessage(change);
      if (message) tell(change.account, message);
    }
  return applied;
}
