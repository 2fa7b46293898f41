/**
 * The ratings on the server's database (either store: statements both speak): applying a rated
 * game's result once, a player's ratings with their history, and a format's leaderboard.
 */
import type { BoardEntry, PoolId, PoolRating, RatedGame } from '@hanafuda/protocol';
import type { Sql, SqlValue, Write } from '../store/sql.js';
import { type Skill, checkRatedResult, rateGame } from './arithmetic.js';
import type { RatedResult } from './result.js';
import { PROVISIONAL_SIGMA, isProvisional, rounded, shownRating } from './shown.js';

/** One account's rating change in one rated game. */
export interface RatingChange {
  readonly account: string;
  readonly format: string;
  readonly game: string;
  readonly before: Skill;
  readonly after: Skill;
  /** Its team's place as rated (a forfeiter's team last). */
  readonly place: number;
  readonly forfeited: boolean;
  /** The account's rated games in the format, this one included. */
  readonly games: number;
  readonly at: number;
}

/** What `applyRatedResult` did: `fresh`, applied now; otherwise it had been before, and these are its changes then. */
export interface Applied {
  readonly fresh: boolean;
  readonly changes: readonly RatingChange[];
}

/** An account's rating in one format (the HTTP answer's, without its history). */
export type FormatRating = Omit<PoolRating, 'history'>;

/** One rated game in a player's history, as shown ratings (for a chart). */
export type HistoryPoint = RatedGame;

export type { BoardEntry };

/** Where a page of a leaderboard starts: after this entry (keyset pagination). */
export interface BoardCursor {
  readonly shown: number;
  readonly account: string;
  /** The place of that entry: the page's first is the next. */
  readonly place: number;
}

/** Who is on a leaderboard: a rated game in the last 30 days (and a rating no longer provisional). */
export const ACTIVE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Two games ending at once with a player in both: one of them reads again. */
const ATTEMPTS = 5;

type Row = Record<string, unknown>;
const inList = (from: number, n: number) => Array.from({ length: n }, (_, i) => `$${from + i}`).join(', ');
const changeFromRow = (r: Row): RatingChange => ({
  account: r.account_id as string,
  format: r.format as string,
  game: r.game_id as string,
  before: { mu: Number(r.mu_before), sigma: Number(r.sigma_before) },
  after: { mu: Number(r.mu_after), sigma: Number(r.sigma_after) },
  place: Number(r.place),
  forfeited: Boolean(Number(r.forfeited)),
  games: Number(r.games),
  at: Number(r.at),
});

export class Ratings {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Applies a rated game's result: every seated account's new skill and a history row each, in
   * one transaction, once per game (a second call, or a call racing the first, changes nothing
   * and answers the changes made then). Each rating row is written only at the version read, so
   * a player's two games ending at once never lose one update.
   */
  async applyRatedResult(result: RatedResult): Promise<Applied> {
    checkRatedResult(result);
    const accounts = result.teams.flat();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const done = await this.changesOfGame(result.game);
      if (done.length > 0) return { fresh: false, changes: done };
      const rows = await this.sql.rows(
        `SELECT account_id, mu, sigma, games FROM ratings WHERE format = $1 AND account_id IN (${inList(2, accounts.length)})`,
        [result.format, ...accounts],
      );
      const read = new Map(
        rows.map((r) => [
          r.account_id as string,
          { mu: Number(r.mu), sigma: Number(r.sigma), games: Number(r.games) },
        ]),
      );
      const changes: RatingChange[] = rateGame(result, read).map((c) => ({
        ...c,
        format: result.format,
        game: result.game,
        forfeited: result.forfeited.includes(c.account),
        games: (read.get(c.account)?.games ?? 0) + 1,
        at: result.endedAt,
      }));
      const writes: Write[] = [
        // The history first: its key is the game's, so a game already applied stops at the first write.
        ...changes.map((c) => ({
          statement:
            'INSERT INTO rating_history (game_id, account_id, format, place, forfeited, mu_before, sigma_before, mu_after, sigma_after, games, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (game_id, account_id) DO NOTHING',
          params: [
            c.game,
            c.account,
            c.format,
            c.place,
            c.forfeited,
            c.before.mu,
            c.before.sigma,
            c.after.mu,
            c.after.sigma,
            c.games,
            c.at,
          ],
          changes: 1,
        })),
        // In the accounts' order: two games with the same two players lock their rows in the same order (never a deadlock).
        ...[...changes]
          .sort((a, b) => (a.account < b.account ? -1 : 1))
          .map((c): Write => {
            const was = read.get(c.account);
            const values: SqlValue[] = [
              c.account,
              c.format,
              c.after.mu,
              c.after.sigma,
              shownRating(c.after),
              c.at,
            ];
            return was
              ? {
                  statement:
                    'UPDATE ratings SET mu = $3, sigma = $4, shown = $5, last_at = $6, games = games + 1 WHERE account_id = $1 AND format = $2 AND games = $7',
                  params: [...values, was.games],
                  changes: 1,
                }
              : {
                  statement:
                    'INSERT INTO ratings (account_id, format, mu, sigma, shown, last_at, games) VALUES ($1, $2, $3, $4, $5, $6, 1) ON CONFLICT (account_id, format) DO NOTHING',
                  params: values,
                  changes: 1,
                };
          }),
      ];
      if ((await this.sql.atomically(writes)) === null) return { fresh: true, changes };
      // Another update came first (this game's, or another game's of one of these players): read again.
    }
    throw new Error(
      `rated game ${result.game}: its players' ratings kept changing under it (${ATTEMPTS} attempts)`,
    );
  }

  /** The changes a game made, in seat order; none if it was not rated (yet). */
  async changesOfGame(game: string): Promise<RatingChange[]> {
    return (await this.sql.rows('SELECT * FROM rating_history WHERE game_id = $1', [game])).map(
      changeFromRow,
    );
  }

  /** A member's display name; null for a guest (never rated) or an account that is no more. */
  async memberName(account: string): Promise<string | null> {
    const [row] = await this.sql.rows<{ name: string }>(
      'SELECT name FROM accounts WHERE id = $1 AND guest = $2',
      [account, false],
    );
    return row?.name ?? null;
  }

  /** An account's rating in each format it has played rated, most played first. */
  async ratingsOf(account: string): Promise<FormatRating[]> {
    const rows = await this.sql.rows(
      'SELECT format, mu, sigma, games, last_at FROM ratings WHERE account_id = $1 ORDER BY games DESC, format',
      [account],
    );
    return rows.map((r) => {
      const skill = { mu: Number(r.mu), sigma: Number(r.sigma) };
      return {
        format: r.format as PoolId,
        rating: rounded(skill),
        provisional: isProvisional(skill),
        games: Number(r.games),
        lastPlayed: Number(r.last_at),
        ...skill,
      };
    });
  }

  /** Everything kept of an account's ratings, for its export: its rating in each format, with every rated game's change. */
  async exportOf(account: string): Promise<(FormatRating & { readonly history: HistoryPoint[] })[]> {
    const ratings = await this.ratingsOf(account);
    return Promise.all(
      ratings.map(async (r) => ({ ...r, history: await this.historyOf(account, r.format, r.games) })),
    );
  }

  /** Forgets an account's ratings (it is deleted): its rating in every format and its changes; the other players' changes in its games stay. */
  async forget(account: string): Promise<void> {
    await this.sql.run('DELETE FROM rating_history WHERE account_id = $1', [account]);
    await this.sql.run('DELETE FROM ratings WHERE account_id = $1', [account]);
  }

  /** An account's last `limit` rated games in a format, oldest first (a chart's points). */
  async historyOf(account: string, format: string, limit: number): Promise<HistoryPoint[]> {
    const rows = await this.sql.rows(
      'SELECT * FROM rating_history WHERE account_id = $1 AND format = $2 ORDER BY at DESC, game_id DESC LIMIT $3',
      [account, format, limit],
    );
    return rows
      .map(changeFromRow)
      .reverse()
      .map((c) => ({
        game: c.game,
        at: c.at,
        before: rounded(c.before),
        after: rounded(c.after),
        place: c.place,
        forfeited: c.forfeited,
      }));
  }

  /**
   * A page of a format's leaderboard, highest first: members with a rated game in the last
   * ACTIVE_DAYS and a rating no longer provisional, not banned. Keyset pagination: a page starts
   * after the cursor's entry (the index is read from there, however deep the page), never at an
   * OFFSET (which reads and drops every row before it). The ratings are read in the index's
   * order first, and only that page's accounts looked up (by key) after: a join would let the
   * planner read every account to find a page's few (PostgreSQL did, on the last pages).
   */
  async leaderboard(
    format: string,
    limit: number,
    after?: BoardCursor,
  ): Promise<{ entries: BoardEntry[]; next: BoardCursor | null }> {
    const entries: BoardEntry[] = [];
    let last: { shown: number; account: string } | undefined = after;
    let place = after?.place ?? 0;
    for (;;) {
      const want = limit - entries.length;
      const params: SqlValue[] = [format, this.now() - ACTIVE_DAYS * DAY_MS, PROVISIONAL_SIGMA, want];
      if (last) params.push(last.shown, last.account);
      const rows = await this.sql.rows(
        `SELECT account_id, shown, games, last_at FROM ratings WHERE format = $1 AND last_at >= $2 AND sigma <= $3${last ? ' AND (shown, account_id) < ($5, $6)' : ''}
         ORDER BY shown DESC, account_id DESC LIMIT $4`,
        params,
      );
      // Guests are never rated, but an account may be banned, or deleted, since: it leaves the board, and the page reads on.
      const shownNames =
        rows.length === 0
          ? new Map<string, string>()
          : new Map(
              (
                await this.sql.rows<{ id: string; name: string }>(
                  `SELECT a.id, a.name FROM accounts a WHERE a.id IN (${inList(2, rows.length)}) AND a.guest = $1 AND NOT EXISTS (SELECT 1 FROM bans b WHERE b.account_id = a.id)`,
                  [false, ...rows.map((r) => r.account_id as string)],
                )
              ).map((a) => [a.id, a.name]),
            );
      for (const r of rows) {
        last = { shown: Number(r.shown), account: r.account_id as string };
        const name = shownNames.get(last.account);
        if (name === undefined) continue;
        entries.push({
          place: ++place,
          account: last.account,
          name,
          rating: Math.round(last.shown),
          games: Number(r.games),
          lastPlayed: Number(r.last_at),
        });
      }
      if (rows.length < want) return { entries, next: null };
      if (entries.length === limit) return { entries, next: { ...last!, place } };
    }
  }
}
