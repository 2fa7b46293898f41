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
      game: Type.String({ description: "The rated game's id (a room's, or `<room>_<n>` for its n-th game)." }),
      format: Type.Union(
        POOL_IDS.map((id) => Type.Literal(id)),
        { description: 'The pool the game was rated in: one rating per pool.' },
      ),
      before: Shown('The shown rating before the game.'),
      after: Shown('The shown rating after it.'),
      provisional: Type.Boolean({ description: 'The rating after the game is still provisional (σ above 6.5).' }),
      games: Count({ description: 'Rated games in this pool, this one included.' }),
      place: Count({ description: "This member's team's place as rated, 1 = first (a leaver's team last)." }),
      forfeited: Type.Boolean({ description: 'This member left, or was away past the limit: rated as lost.' }),
    },
    "To each seated member of a rated game, once its result is applied to the ratings: how this member's rating moved.",
  ),
] as const;
