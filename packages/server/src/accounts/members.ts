/**
 * What a member does with its account beyond signing in: claim a name (becoming a member),
 * rename, sign out everywhere, delete the account, export its games; and whether it is banned.
 */
import type { Sql } from '../store/sql.js';
import { Ratings } from '../ratings/ratings.js';
import { DELETED_NAME, checkName, nameKey } from './names.js';
import { Refused, isUniqueViolation } from './refusal.js';

/** Renames a member may make in a day. */
export const RENAMES_PER_DAY = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

export class Members {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => number,
  ) {}

  /** The name as it will be kept, if it is allowed and no one has it (or one that folds to the same); refused otherwise. */
  async available(raw: unknown): Promise<string> {
    const checked = checkName(raw);
    if (!checked.ok) throw new Refused(400, checked.error.code, checked.error.message);
    const [taken] = await this.sql.rows('SELECT id FROM accounts WHERE name_key = $1', [
      nameKey(checked.value),
    ]);
    if (taken)
      throw new Refused(
        409,
        'name-taken',
        `"${checked.value}" is taken, or too like a name that is: choose another`,
      );
    return checked.value;
  }

  /** Gives the account `name` (already checked by `available`): the UNIQUE key settles two claims at once. */
  async setName(account: string, name: string, member: boolean): Promise<void> {
    try {
      await this.sql.run('UPDATE accounts SET name = $2, name_key = $3, guest = $4 WHERE id = $1', [
        account,
        name,
        nameKey(name),
        !member,
      ]);
    } catch (e) {
      if (isUniqueViolation(e))
        throw new Refused(409, 'name-taken', `"${name}" was just taken: choose another`);
      throw e;
    }
  }

  async rename(account: string, raw: unknown): Promise<string> {
    const [{ n }] = await this.sql.rows<{ n: unknown }>(
      'SELECT count(*) AS n FROM renames WHERE account_id = $1 AND at > $2',
      [account, this.now() - DAY_MS],
    );
    if (Number(n) >= RENAMES_PER_DAY)
      throw new Refused(
        429,
        'too-many-renames',
        `at most ${RENAMES_PER_DAY} renames a day: try again tomorrow`,
      );
    const name = await this.available(raw);
    await this.setName(account, name, true);
    await this.sql.run('INSERT INTO renames (account_id, at) VALUES ($1, $2)', [account, this.now()]);
    return name;
  }

  /** Ends every session of the account (every device signed out). */
  async endAllSessions(account: string): Promise<number> {
    return this.sql.run('DELETE FROM sessions WHERE account_id = $1', [account]);
  }

  async banned(account: string): Promise<boolean> {
    return (await this.sql.rows('SELECT account_id FROM bans WHERE account_id = $1', [account])).length > 0;
  }

  /**
   * Deletes the account: its passkeys, sessions, codes, name and ratings. Its finished games stay
   * (the other players' too), each of its seats there shown as "deleted player".
   */
  async delete(account: string): Promise<void> {
    // A game under way holds its seats in its process's memory, and would write the name back.
    const live = await this.sql.rows<{ seats: string }>(
      "SELECT seats FROM rooms WHERE status IN ('open', 'playing') AND seats LIKE $1",
      [`%"account":"${account}"%`],
    );
    if (live.some((r) => (JSON.parse(r.seats) as { account?: string }[]).some((s) => s.account === account)))
      throw new Refused(
        409,
        'in-game',
        'you are seated in a game that has not ended: finish it (or let it be abandoned) first',
      );
    await this.sql.run('DELETE FROM credentials WHERE account_id = $1', [account]);
    await this.sql.run('DELETE FROM device_codes WHERE account_id = $1', [account]);
    await this.sql.run('DELETE FROM challenges WHERE account_id = $1', [account]);
    await this.sql.run('DELETE FROM renames WHERE account_id = $1', [account]);
    await this.endAllSessions(account);
    await new Ratings(this.sql).forget(account);
    for (const game of await this.finishedGames(account)) {
      const players = game.players.map((name, seat) =>
        game.seats[seat]?.account === account ? DELETED_NAME : name,
      );
      await this.sql.run('UPDATE games SET players = $2 WHERE game_id = $1', [
        game.gameId,
        JSON.stringify(players),
      ]);
      for (const [seat, s] of game.seats.entries())
        if (s.account === account)
          await this.sql.run('UPDATE game_players SET name_key = $3 WHERE game_id = $1 AND seat = $2', [
            game.gameId,
            seat,
            DELETED_NAME,
          ]);
      const seats = game.seats.map((s) =>
        s.account === account ? { ...s, name: DELETED_NAME, account: undefined } : s,
      );
      await this.sql.run('UPDATE rooms SET seats = $2 WHERE id = $1', [game.gameId, JSON.stringify(seats)]);
    }
    await this.sql.run('DELETE FROM accounts WHERE id = $1', [account]);
  }

  /**
   * The export: the finished games in which a seat records the account, oldest first, with the
   * seats that were its own; nothing of the other seats but their names (not their accounts,
   * nor their tokens' hashes).
   */
  async exported(account: string): Promise<ExportedGame[]> {
    return (await this.finishedGames(account)).map(({ seats, ...game }) => ({
      ...game,
      seats: seats.flatMap((s, i) => (s.account === account ? [i] : [])),
    }));
  }

  /** The export's ratings: the account's rating in each format it played rated, with every rated game's change. */
  exportedRatings(account: string): ReturnType<Ratings['exportOf']> {
    return new Ratings(this.sql).exportOf(account);
  }

  /** The finished games in which a seat records the account, oldest first, with their stored seats. */
  private async finishedGames(account: string): Promise<StoredGame[]> {
    // The seats are JSON text: the LIKE narrows, the parse decides (`_` in an id is LIKE's any-character).
    const rows = await this.sql.rows<{
      game_id: string;
      record: string;
      fairness: string;
      players: string;
      summary: string;
      finished_at: unknown;
      seats: string;
    }>(
      'SELECT g.game_id, g.record, g.fairness, g.players, g.summary, g.finished_at, r.seats FROM games g JOIN rooms r ON r.id = g.game_id WHERE r.seats LIKE $1 ORDER BY g.finished_at',
      [`%"account":"${account}"%`],
    );
    return rows
      .map((r) => ({
        gameId: r.game_id,
        seats: JSON.parse(r.seats) as { name?: string; account?: string }[],
        players: JSON.parse(r.players) as (string | null)[],
        record: JSON.parse(r.record) as unknown,
        fairness: JSON.parse(r.fairness) as unknown,
        summary: JSON.parse(r.summary) as unknown,
        finishedAt: Number(r.finished_at),
      }))
      .filter((g) => g.seats.some((s) => s.account === account));
  }
}

interface StoredGame extends Omit<ExportedGame, 'seats'> {
  readonly seats: readonly { readonly name?: string; readonly account?: string }[];
}

export interface ExportedGame {
  readonly gameId: string;
  /** The account's seats in the game. */
  readonly seats: readonly number[];
  readonly players: readonly (string | null)[];
  readonly record: unknown;
  readonly fairness: unknown;
  readonly summary: unknown;
  readonly finishedAt: number;
}
