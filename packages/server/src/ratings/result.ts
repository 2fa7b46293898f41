/** A rated game's outcome for the ratings: who sat where, who finished where, and who lost by leaving. */
export interface RatedResult {
  /** The pool it was played in (lobby PoolId, e.g. 'koikoi-12', 'sakura-2x2'): one rating per pool. */
  readonly format: string;
  /** The stored game's id (one rating change per game, applied once). */
  readonly game: string;
  /** Each team's account ids (one id per team in a game without teams), in seat order. */
  readonly teams: readonly (readonly string[])[];
  /** Each team's place, 1 = first; equal places are a draw. A team with a forfeiter is placed last. */
  readonly ranks: readonly number[];
  /** Account ids that left or were away past the limit: they lose for rating. */
  readonly forfeited: readonly string[];
  readonly endedAt: number;
}
