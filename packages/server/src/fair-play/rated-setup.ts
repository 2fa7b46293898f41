/**
 * Which games may be rated, and who may sit in one (docs/protocol.md, Fair play). A rating is
 * kept per lobby pool, so a rated game is one of the pools' games (however it was made: a pool
 * seek, a custom seek or a room of one's own with the same game); its seats are people with an
 * account of their own (members), never a bot or a guest, so a rating measures a person.
 */
import { type Result, err, ok } from '@hanafuda/engine';
import { DEFAULT_TURN_SECONDS, POOL_IDS, type PoolId, type RoomSetup } from '@hanafuda/protocol';
import { POOLS } from '../lobby/pools.js';

/** Two option sets alike, whatever their keys' order (a missing option is not one set to its default: the pools name theirs). */
function sameOptions(
  a: Readonly<Record<string, unknown>> = {},
  b: Readonly<Record<string, unknown>> = {},
): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

/** The pool whose game this setup is (game, players, teams, house rules and clock), if any: the rating it counts for. */
export function ratedFormat(setup: RoomSetup): PoolId | undefined {
  return POOL_IDS.find((id) => {
    const pool = POOLS[id];
    return (
      pool.game === setup.game &&
      pool.players === setup.players &&
      JSON.stringify(pool.teams ?? null) === JSON.stringify(setup.teams ?? null) &&
      sameOptions(pool.options, setup.options) &&
      pool.turnSeconds === (setup.turnSeconds ?? DEFAULT_TURN_SECONDS)
    );
  });
}

/** A rated setup's checks: people alone, and a pool's game (so its rating is that pool's). Answers the format. */
export function checkRated(setup: RoomSetup): Result<PoolId> {
  const bot = setup.seats.findIndex((s) => s.kind === 'bot');
  if (bot >= 0)
    return err(
      'rated-no-bots',
      `a rated game is played by people alone: seat ${bot} is a bot (make it casual, or leave the seat open)`,
    );
  const format = ratedFormat(setup);
  if (format === undefined)
    return err(
      'rated-format',
      `a rated game must be one of the lobby's pool games (${POOL_IDS.join(', ')}), with its house rules and 60 s clock: ratings are kept per pool`,
    );
  return ok(format);
}
