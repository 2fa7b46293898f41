/**
 * Closes the sockets of an account banned while they are open. A ban is written by the
 * operator's command into the database, which every process of a cluster reads: each process
 * asks every few seconds whether any account it has a socket of is banned (one small query,
 * and none while no member is connected).
 */
import type { Sql } from '../store/sql.js';
import type { Log } from '../log.js';

export const BAN_CHECK_MS = 10_000;

export class BanWatch {
  private readonly closers = new Map<string, Set<() => void>>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly sql: Sql,
    private readonly log: Log,
    everyMs = BAN_CHECK_MS,
  ) {
    this.timer = setInterval(() => void this.check(), everyMs).unref();
  }

  /** Watches a socket of `account`; answers what forgets it (when it closes). */
  add(account: string, close: () => void): () => void {
    let set = this.closers.get(account);
    if (!set) this.closers.set(account, (set = new Set()));
    set.add(close);
    return () => {
      set.delete(close);
      if (set.size === 0 && this.closers.get(account) === set) this.closers.delete(account);
    };
  }

  private async check(): Promise<void> {
    if (this.closers.size === 0) return;
    try {
      const accounts = [...this.closers.keys()];
      // One placeholder per account ($1, $2, …): both databases take the list so.
      const rows = await this.sql.rows<{ account_id: string }>(
        `SELECT account_id FROM bans WHERE account_id IN (${accounts.map((_, i) => `$${i + 1}`).join(', ')})`,
        accounts,
      );
      for (const { account_id } of rows) for (const close of [...(this.closers.get(account_id) ?? [])]) close();
    } catch (e) {
      this.log.warn({ err: e as Error }, 'bans: could not be checked; the sockets of banned accounts stay until the next check');
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
