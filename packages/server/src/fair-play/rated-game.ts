/**
 * One rated game as the fair-play rules watch it (docs/protocol.md, Fair play): which seats
 * made a move of their own, how often each let the turn clock run out, and at the end the
 * `RatedResult` for the ratings. A player who left (a bot plays their seat when the game ends)
 * or let the clock run out `AWAY_LIMIT` times loses for rating; a game in which some player
 * never moved (a no-show: the bots played it) is not rated at all.
 */
import type { GameEvent } from '@hanafuda/engine';
import type { RoomSetup } from '@hanafuda/protocol';
import type { Log } from '../ops/log.js';
import type { RatedResult } from '../ratings/result.js';
import { ratedFormat } from './rated-setup.js';

/**
 * Turns a player may let the clock run out in one rated game before losing it for rating.
 * One is a phone call or a dropped line, two bad luck; a third in one game (each a full minute
 * the others waited) is someone who is not playing, and whose seat the bot played instead.
 */
export const AWAY_LIMIT = 3;

/** The end of the game as the room knows it. */
export interface GameEnd {
  /** The stored game's id. */
  readonly game: string;
  /** Each seat's account (undefined: none, so nobody to rate). */
  readonly accounts: readonly (string | undefined)[];
  /** The setup's teams, if any: sides are teams, else seats. */
  readonly teams?: readonly (readonly number[])[];
  /** The engine's `game-end` event: each side's final total (its winners are the highest). */
  readonly end: GameEvent | undefined;
  readonly endedAt: number;
}

export class RatedGame {
  private readonly moved = new Set<number>();
  private readonly timeouts = new Map<number, number>();
  /** The seats a bot played when the game ended (their people left, or were away and not back). */
  private left = new Set<number>();

  constructor(
    /** The pool whose rating it counts for. */
    readonly format: string,
    /** Seats known to have moved already (a game restored from its log: each seat with a move in it). */
    movedBefore: Iterable<number> = [],
  ) {
    for (const seat of movedBefore) this.moved.add(seat);
  }

  /** The watch over a game of this setup: null unless it is rated (and one of the pools' games, as its creation checked). */
  static of(setup: RoomSetup, movedBefore: Iterable<number> = []): RatedGame | null {
    const format = setup.rated ? ratedFormat(setup) : undefined;
    return format === undefined ? null : new RatedGame(format, movedBefore);
  }

  /** A person's own move in `seat` was played (not a bot's for them). */
  movedIn(seat: number): void {
    this.moved.add(seat);
  }

  /** The clock ran out on `seat`'s turn (a bot played it, or stands in for them from now on). */
  timedOut(seat: number): void {
    this.timeouts.set(seat, (this.timeouts.get(seat) ?? 0) + 1);
  }

  /**
   * The game is over: which of `players` seats a bot plays now. Taken at the end itself, so a
   * player who comes back while the record is being stored (or after a storage failure) has still left.
   */
  over(botPlays: (seat: number) => boolean, players: number): void {
    this.left = new Set(Array.from({ length: players }, (_, seat) => seat).filter(botPlays));
  }

  /** Hands the result to the ratings (`onRatedGameEnd`), if the game counts; never throws into the room. */
  report(
    end: GameEnd,
    to: { readonly onRatedGameEnd?: (result: RatedResult) => void; readonly log: Log },
  ): void {
    const result = this.result(end);
    to.log.info(
      { game: end.game, format: this.format, rated: result !== null },
      result ? 'a rated game ended' : 'a rated game ended unrated: a player never moved',
    );
    if (!result) return;
    try {
      to.onRatedGameEnd?.(result);
    } catch (e) {
      to.log.error({ game: end.game, err: e }, 'the ratings could not take a rated game');
    }
  }

  /** The result for the ratings, or null: some seat never moved (the game is not rated), or a seat has no account. */
  result(end: GameEnd): RatedResult | null {
    const seats = end.accounts.map((_, seat) => seat);
    if (!seats.every((seat) => this.moved.has(seat))) return null;
    const accounts = end.accounts;
    if (!accounts.every((a): a is string => a !== undefined)) return null;
    const sides = end.teams ?? seats.map((seat) => [seat]);
    const totals = end.end && 'totals' in end.end ? (end.end.totals as readonly number[]) : undefined;
    if (totals?.length !== sides.length) return null;
    const forfeits = seats.filter(
      (seat) => this.left.has(seat) || (this.timeouts.get(seat) ?? 0) >= AWAY_LIMIT,
    );
    const lost = sides.map((side) => side.some((seat) => forfeits.includes(seat)));
    return {
      format: this.format,
      game: end.game,
      teams: sides.map((side) => side.map((seat) => accounts[seat])),
      ranks: places(totals, lost),
      forfeited: forfeits.map((seat) => accounts[seat]),
      endedAt: end.endedAt,
    };
  }
}

/**
 * Each side's place: those who did not forfeit by their totals (higher first, equal totals an
 * equal place, the next place after them skipped), then every side with a forfeiter, last
 * together. The totals are the engine's; this only orders them.
 */
export function places(totals: readonly number[], lost: readonly boolean[]): number[] {
  const stayed = totals.filter((_, side) => !lost[side]);
  return totals.map((total, side) =>
    lost[side] ? stayed.length + 1 : 1 + stayed.filter((t) => t > total).length,
  );
}
