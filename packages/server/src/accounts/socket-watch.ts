/**
 * Closes a socket whose session has ended since it connected: signed out (here or everywhere),
 * expired, its account deleted, or banned by the operator. Sessions and bans are in the
 * database, which every process of a cluster shares and the operator's command writes: each
 * process asks every few seconds about the sessions of the sockets it holds (a query or two
 * per 500 sockets; none while no socket has a session).
 */
import type { Sql } from '../store/sql.js';
import type { Log } from '../ops/log.js';

export const SESSION_CHECK_MS = 10_000;
/** Placeholders per query, well below either database's limit. */
const CHUNK = 500;

export type Ended = 'banned' | 'session-ended';

interface Watched {
  readonly account: string;
  readonly tokenHash: string;
  readonly close: (why: Ended) => void;
}

const inList = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ');

export class SocketWatch {
  private readonly watched = new Set<Watched>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly sql: Sql,
    private readonly log: Log,
    everyMs = SESSION_CHECK_MS,
  ) {
    this.timer = setInterval(() => void this.check(), everyMs).unref();
  }

  /** Watches a socket of the session `tokenHash` (of `account`); answers what forgets it (when it closes). */
  add(account: string, tokenHash: string, close: (why: Ended) => void): () => void {
    const entry: Watched = { account, tokenHash, close };
    this.watched.add(entry);
    return () => this.watched.delete(entry);
  }

  private async check(): Promise<void> {
    const entries = [...this.watched];
    if (entries.length === 0) return;
    try {
      const live = new Set<string>();
      const banned = new Set<string>();
      for (let i = 0; i < entries.length; i += CHUNK) {
        const chunk = entries.slice(i, i + CHUNK);
        const hashes = chunk.map((e) => e.tokenHash);
        const now = Date.now();
        for (const r of await this.sql.rows<{ token_hash: string }>(
          `SELECT token_hash FROM sessions WHERE token_hash IN (${inList(hashes.length)}) AND expires_at > $${hashes.length + 1}`,
          [...hashes, now],
        ))
          live.add(r.token_hash);
        const accounts = [...new Set(chunk.map((e) => e.account))];
        for (const r of await this.sql.rows<{ account_id: string }>(
          `SELECT account_id FROM bans WHERE account_id IN (${inList(accounts.length)})`,
          accounts,
        ))
          banned.add(r.account_id);
      }
      for (const e of entries) {
        if (banned.has(e.account)) e.close('banned');
        else if (!live.has(e.tokenHash)) e.close('session-ended');
      }
    } catch (e) {
      this.log.warn(
        { err: e as Error },
        'sessions: could not be checked; the sockets of ended sessions stay until the next check',
      );
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
