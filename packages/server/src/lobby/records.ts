/** What the lobby keeps in the database beside the seeks: who blocked whom, and reports of games (migration 7). */
import type { Store } from '../store/store.js';

export class LobbyRecords {
  private readonly sql: Store['sql'];

  constructor(private readonly store: Store) {
    this.sql = store.sql;
  }

  /** `account` blocks `other` (never to be paired with it), or undoes that. */
  async setBlock(account: string, other: string, blocked: boolean): Promise<void> {
    if (blocked)
      await this.sql.run(
        'INSERT INTO blocks (account, blocked, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [account, other, Date.now()],
      );
    else await this.sql.run('DELETE FROM blocks WHERE account = $1 AND blocked = $2', [account, other]);
  }

  /** The accounts `account` has blocked. */
  async blocked(account: string): Promise<string[]> {
    return (
      await this.sql.rows<{ blocked: string }>(
        'SELECT blocked FROM blocks WHERE account = $1 ORDER BY blocked',
        [account],
      )
    ).map((r) => r.blocked);
  }

  /** The blocks between any two of `accounts` (either way), as [blocker, blocked]. */
  async blocksAmong(accounts: readonly string[]): Promise<[string, string][]> {
    if (accounts.length < 2) return [];
    // The list as one JSON parameter, its elements read by each database's own function.
    const list = JSON.stringify(accounts);
    const rows = await this.sql.rows<{ account: string; blocked: string }>(
      `SELECT account, blocked FROM blocks WHERE account IN (${this.elements('$1')}) AND blocked IN (${this.elements('$1')})`,
      [list],
    );
    return rows.map((r) => [r.account, r.blocked]);
  }

  /** A report of a game, for the operators. */
  async report(room: string, account: string, reason: string): Promise<void> {
    await this.sql.run('INSERT INTO reports (room, account, reason, at) VALUES ($1, $2, $3, $4)', [
      room,
      account,
      reason,
      Date.now(),
    ]);
  }

  private elements(param: string): string {
    return this.store.kind === 'postgres'
      ? `SELECT jsonb_array_elements_text(${param}::jsonb)`
      : `SELECT value FROM json_each(${param})`;
  }
}
