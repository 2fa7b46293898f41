/**
 * The operator's actions on accounts (`hanafuda-server admin`): list, rename, ban, unban, and
 * the audit log every one of them writes to. A ban ends the account's sessions at once and
 * keeps it from signing in again (passkeys.ts) and from any session (accounts.ts).
 */
import type { Sql } from '../store/sql.js';
import { nameKey } from './names.js';
import type { Members } from './members.js';
import { Refused } from './refusal.js';

export interface ListedAccount {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
  readonly banned: string | null;
}

export interface AuditEntry {
  readonly at: number;
  readonly actor: string;
  readonly action: string;
  readonly account: string;
  readonly detail: string;
}

/** A game a player reported (the lobby's `report`), with who reported it. */
export interface ReportEntry {
  readonly at: number;
  readonly room: string;
  readonly account: string;
  /** The reporter's name now (null: the account was deleted since). */
  readonly name: string | null;
  readonly reason: string;
}

export class Admin {
  constructor(
    private readonly sql: Sql,
    private readonly members: Members,
    /** Who is acting, for the audit log (the operator's login). */
    private readonly actor: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Members (and banned accounts), newest first; `query` keeps those whose name contains it (folded as names are). */
  async list(query = '', limit = 100): Promise<ListedAccount[]> {
    const rows = await this.sql.rows<{
      id: string;
      name: string;
      name_key: string | null;
      created_at: unknown;
      reason: string | null;
    }>(
      `SELECT a.id, a.name, a.name_key, a.created_at, b.reason FROM accounts a LEFT JOIN bans b ON b.account_id = a.id
       WHERE a.name_key IS NOT NULL OR b.account_id IS NOT NULL ORDER BY a.created_at DESC`,
    );
    const key = nameKey(query);
    return rows
      .filter((r) => nameKey(r.name).includes(key))
      .slice(0, limit)
      .map((r) => ({ id: r.id, name: r.name, createdAt: Number(r.created_at), banned: r.reason }));
  }

  /** The account an operator means: its id, or a member's name (as names are compared). */
  async find(idOrName: string): Promise<{ id: string; name: string }> {
    const [row] = await this.sql.rows<{ id: string; name: string }>(
      'SELECT id, name FROM accounts WHERE id = $1 OR name_key = $2',
      [idOrName, nameKey(idOrName)],
    );
    if (!row) throw new Refused(404, 'no-account', `no account has the id or name "${idOrName}"`);
    return row;
  }

  /** Renames a member (no daily limit: the operator's rename is for a name that should not stand). */
  async rename(idOrName: string, newName: string, reason: string): Promise<string> {
    const account = await this.find(idOrName);
    const name = await this.members.available(newName);
    await this.members.setName(account.id, name, true);
    await this.audit('rename', account.id, `${account.name} → ${name}: ${reason}`);
    return name;
  }

  async ban(idOrName: string, reason: string): Promise<number> {
    const account = await this.find(idOrName);
    await this.sql.run(
      'INSERT INTO bans (account_id, reason, at) VALUES ($1, $2, $3) ON CONFLICT (account_id) DO UPDATE SET reason = excluded.reason',
      [account.id, reason, this.now()],
    );
    const ended = await this.members.endAllSessions(account.id);
    await this.audit('ban', account.id, `${account.name}: ${reason}`);
    return ended;
  }

  async unban(idOrName: string, reason: string): Promise<void> {
    const account = await this.find(idOrName);
    if ((await this.sql.run('DELETE FROM bans WHERE account_id = $1', [account.id])) === 0)
      throw new Refused(409, 'not-banned', `${account.name} (${account.id}) is not banned`);
    await this.audit('unban', account.id, `${account.name}: ${reason}`);
  }

  /** The audit log, newest first. */
  async log(limit = 100): Promise<AuditEntry[]> {
    const rows = await this.sql.rows<{
      at: unknown;
      actor: string;
      action: string;
      account_id: string;
      detail: string;
    }>('SELECT at, actor, action, account_id, detail FROM audit_log ORDER BY at DESC LIMIT $1', [limit]);
    return rows.map((r) => ({
      at: Number(r.at),
      actor: r.actor,
      action: r.action,
      account: r.account_id,
      detail: r.detail,
    }));
  }

  /** Games reported by players, newest first: for the operator to replay (`/api/games/ID`) and act on. */
  async reports(limit = 100): Promise<ReportEntry[]> {
    const rows = await this.sql.rows<{
      at: unknown;
      room: string;
      account: string;
      name: string | null;
      reason: string;
    }>(
      'SELECT r.at, r.room, r.account, a.name, r.reason FROM reports r LEFT JOIN accounts a ON a.id = r.account ORDER BY r.at DESC LIMIT $1',
      [limit],
    );
    return rows.map((r) => ({
      at: Number(r.at),
      room: r.room,
      account: r.account,
      name: r.name,
      reason: r.reason,
    }));
  }

  private async audit(action: string, account: string, detail: string): Promise<void> {
    await this.sql.run(
      'INSERT INTO audit_log (at, actor, action, account_id, detail) VALUES ($1, $2, $3, $4, $5)',
      [this.now(), this.actor, action, account, detail],
    );
  }
}
